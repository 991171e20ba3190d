import JSON
import Signals

/// What the register screen tells its view model.
public protocol RegisterViewModelInputs {
    /// The username field changed.
    func usernameChanged(username: String?)
    /// The password field changed.
    func passwordChanged(password: String?)
    /// The register button was pressed.
    func registerButtonPressed()
}

/// What the register screen should show.
public protocol RegisterViewModelOutputs {
    /// Whether the register button is enabled (current value sent on observation).
    var registerButtonEnabled: Property<Bool> { get }
    /// Whether a registration is in flight (current value sent on observation).
    var isRegistering: Property<Bool> { get }
    /// The error label's text; nil clears it.
    var errorMessage: Signal<String?, Never> { get }
    /// The token of a successful registration.
    var registered: Signal<String, Never> { get }
}

/// The register view model's two faces.
public protocol RegisterViewModelType {
    /// Inputs.
    var inputs: RegisterViewModelInputs { get }
    /// Outputs.
    var outputs: RegisterViewModelOutputs { get }
}

/// Registration with an injected service, from seed 001 (ReactiveCocoa networking).
///
/// Enabled when username and password are each at least 8 characters and no registration is
/// in flight; a press while disabled does nothing, so a second press in flight never starts a
/// second request. A new press clears the error before the request starts. The request is
/// cancelled if the view model goes away.
public final class RegisterViewModel: RegisterViewModelType, RegisterViewModelInputs, RegisterViewModelOutputs {
    /// A register form using `environment.registerService`.
    public init(environment: Environment) {
        let service = environment.registerService
        let credentials = Property.combineLatest(usernameChangedProperty, passwordChangedProperty)
        let isRegistering = MutableProperty(false)
        let enabled = Property.combineLatest(credentials.map(isValidCredentials), isRegistering)
            .map { valid, registering in valid && !registering }
            .skipRepeats()

        // Presses of an enabled button, carrying the credentials of that moment.
        let attempts = registerButtonPressedProperty.signal
            .filter { [enabled] in enabled.value }
            .map { [credentials] _ in (credentials.value.0 ?? "", credentials.value.1 ?? "") }

        // Wired before the request: observers run in subscription order, so a press clears the
        // error and marks the request in flight before the service is called.
        let clearError = attempts.mapConst(String?.none)
        isRegistering <~ attempts.mapConst(true)

        // Every event of each request, as a value; cancelled when the view model goes away.
        let responses = attempts
            .flatMap(.latest) { username, password in
                service.register(username: username, password: password).materialize()
            }
            .take(during: lifetime)

        let answers = responses.values()
        let failures = responses.errors()

        isRegistering <~ responses.filter(\.isTerminating).mapConst(false)

        registered = answers.compactMap(token(in:))
        errorMessage = Signal.merge(
            clearError,
            answers.filter { token(in: $0) == nil }.mapConst(Optional("Invalid token")),
            failures.map { Optional($0.reason) }
        )
        registerButtonEnabled = enabled
        self.isRegistering = Property(capturing: isRegistering)
    }

    /// Ends when the view model is deinitialized: in-flight requests are interrupted.
    private let (lifetime, lifetimeToken) = Lifetime.make()

    private let usernameChangedProperty = MutableProperty<String?>(nil)
    public func usernameChanged(username: String?) {
        usernameChangedProperty.value = username
    }

    private let passwordChangedProperty = MutableProperty<String?>(nil)
    public func passwordChanged(password: String?) {
        passwordChangedProperty.value = password
    }

    private let registerButtonPressedProperty = MutableProperty(())
    public func registerButtonPressed() {
        registerButtonPressedProperty.value = ()
    }

    public let registerButtonEnabled: Property<Bool>
    public let isRegistering: Property<Bool>
    public let errorMessage: Signal<String?, Never>
    public let registered: Signal<String, Never>

    public var inputs: RegisterViewModelInputs { self }
    public var outputs: RegisterViewModelOutputs { self }
}

/// Both fields have at least 8 characters.
func isValidCredentials(username: String?, password: String?) -> Bool {
    (username ?? "").count >= 8 && (password ?? "").count >= 8
}

/// The response's string `token`, if it has one.
func token(in response: JSONValue) -> String? {
    response["token"]?.stringValue
}
