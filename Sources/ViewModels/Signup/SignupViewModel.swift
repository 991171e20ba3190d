import Signals

/// What the signup screen tells its view model.
public protocol SignupViewModelInputs {
    /// The screen appeared.
    func viewDidLoad()
    /// The name field changed.
    func nameChanged(name: String?)
    /// The email field changed.
    func emailChanged(email: String?)
    /// The password field changed.
    func passwordChanged(password: String?)
    /// The submit button was pressed.
    func submitButtonPressed()
}

/// What the signup screen should do.
public protocol SignupViewModelOutputs {
    /// Whether the submit button is enabled.
    var submitButtonEnabled: Signal<Bool, Never> { get }
    /// An alert to show: "Successful", "Unsuccessful" or "Too Many Attempts".
    var alertMessage: Signal<String, Never> { get }
}

/// The signup view model's two faces.
public protocol SignupViewModelType {
    /// Inputs.
    var inputs: SignupViewModelInputs { get }
    /// Outputs.
    var outputs: SignupViewModelOutputs { get }
}

/// The signup form of seed 000 (Kickstarter's TDD episode).
///
/// Rules: submit is enabled only when all three fields contain text; a submit succeeds when the
/// email is valid; after three unsuccessful submits the button is disabled for ever. Because
/// remote clients can press a disabled button, presses only count while the button is enabled.
public final class SignupViewModel: SignupViewModelType, SignupViewModelInputs, SignupViewModelOutputs {
    /// A signup form.
    public init() {
        // Nothing is derived from the form until each field has been sent once (combine-latest).
        let formData = Signal.combineLatest(
            emailChangedProperty.signal,
            nameChangedProperty.signal,
            passwordChangedProperty.signal
        )

        // Presses of an enabled button only: a disabled button does nothing, and its press does
        // not count as an attempt. `isEnabled` is fed from the output below (a cycle through
        // state, closed by a property).
        let isEnabled = MutableProperty(false)
        let enabledPresses = submitButtonPressedProperty.signal.filter { [isEnabled] in isEnabled.value }
        let submissions = formData.sample(on: enabledPresses)

        let successfulSignup = submissions.filter(isValid(email:name:password:))
        let failedSignup = submissions.filter { !isValid(email: $0, name: $1, password: $2) }
        let tooManyAttempts = failedSignup.skip(first: 2).take(first: 1).mapConst(())

        alertMessage = Signal.merge(
            successfulSignup.mapConst("Successful"),
            failedSignup.take(first: 2).mapConst("Unsuccessful"),
            tooManyAttempts.mapConst("Too Many Attempts")
        )

        submitButtonEnabled = Signal.merge(
            viewDidLoadProperty.signal.mapConst(false),
            formData.map(isPresent(email:name:password:)),
            tooManyAttempts.mapConst(false)
        )
        .take(until: tooManyAttempts)

        isEnabled <~ submitButtonEnabled
        self.isEnabled = isEnabled
    }

    /// Keeps the enabled state alive with the view model.
    private let isEnabled: MutableProperty<Bool>

    private let viewDidLoadProperty = MutableProperty(())
    public func viewDidLoad() {
        viewDidLoadProperty.value = ()
    }

    private let nameChangedProperty = MutableProperty<String?>(nil)
    public func nameChanged(name: String?) {
        nameChangedProperty.value = name
    }

    private let emailChangedProperty = MutableProperty<String?>(nil)
    public func emailChanged(email: String?) {
        emailChangedProperty.value = email
    }

    private let passwordChangedProperty = MutableProperty<String?>(nil)
    public func passwordChanged(password: String?) {
        passwordChangedProperty.value = password
    }

    private let submitButtonPressedProperty = MutableProperty(())
    public func submitButtonPressed() {
        submitButtonPressedProperty.value = ()
    }

    public let submitButtonEnabled: Signal<Bool, Never>
    public let alertMessage: Signal<String, Never>

    public var inputs: SignupViewModelInputs { self }
    public var outputs: SignupViewModelOutputs { self }
}

/// All three fields contain text.
private func isPresent(email: String?, name: String?, password: String?) -> Bool {
    !(email ?? "").isEmpty && !(name ?? "").isEmpty && !(password ?? "").isEmpty
}

/// The fields are present and the email is valid.
private func isValid(email: String?, name: String?, password: String?) -> Bool {
    isPresent(email: email, name: name, password: password) && isValidEmail(email ?? "")
}
