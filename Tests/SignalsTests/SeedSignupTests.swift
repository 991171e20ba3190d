import Signals
import SignalsTesting
import XCTest

// The view model of seed 000 (Kickstarter's TDD episode), written against this core exactly as
// the episode writes it, kept as a test that the core carries Kickstarter-style code.

private protocol SeedSignupInputs {
    func nameChanged(name: String?)
    func emailChanged(email: String?)
    func passwordChanged(password: String?)
    func submitButtonPressed()
    func viewDidLoad()
}

private protocol SeedSignupOutputs {
    var alertMessage: Signal<String, Never> { get }
    var submitButtonEnabled: Signal<Bool, Never> { get }
}

private final class SeedSignupViewModel: SeedSignupInputs, SeedSignupOutputs {
    init() {
        let formData = Signal.combineLatest(
            emailChangedProperty.signal,
            nameChangedProperty.signal,
            passwordChangedProperty.signal
        )
        let successfulSignupMessage = formData
            .sample(on: submitButtonPressedProperty.signal)
            .filter(isValid(email:name:password:))
            .map { _ in "Successful" }
        let submittedFormDataInvalid = formData
            .sample(on: submitButtonPressedProperty.signal)
            .filter { !isValid(email: $0, name: $1, password: $2) }
        let unsuccessfulSignupMessage = submittedFormDataInvalid
            .take(first: 2)
            .map { _ in "Unsuccessful" }
        let tooManyAttemptsMessage = submittedFormDataInvalid
            .skip(first: 2)
            .map { _ in "Too Many Attempts" }

        alertMessage = Signal.merge(successfulSignupMessage, unsuccessfulSignupMessage, tooManyAttemptsMessage)
        submitButtonEnabled = Signal.merge(
            viewDidLoadProperty.signal.map { _ in false },
            formData.map(isPresent(email:name:password:)),
            tooManyAttemptsMessage.map { _ in false }
        )
        .take(until: tooManyAttemptsMessage.map { _ in () })
    }

    let nameChangedProperty = MutableProperty<String?>(nil)
    func nameChanged(name: String?) { nameChangedProperty.value = name }

    let emailChangedProperty = MutableProperty<String?>(nil)
    func emailChanged(email: String?) { emailChangedProperty.value = email }

    let passwordChangedProperty = MutableProperty<String?>(nil)
    func passwordChanged(password: String?) { passwordChangedProperty.value = password }

    let submitButtonPressedProperty = MutableProperty(())
    func submitButtonPressed() { submitButtonPressedProperty.value = () }

    let viewDidLoadProperty = MutableProperty(())
    func viewDidLoad() { viewDidLoadProperty.value = () }

    let alertMessage: Signal<String, Never>
    let submitButtonEnabled: Signal<Bool, Never>
}

private func isPresent(email: String?, name: String?, password: String?) -> Bool {
    !(email ?? "").isEmpty && !(name ?? "").isEmpty && !(password ?? "").isEmpty
}

private func isValid(email: String?, name: String?, password: String?) -> Bool {
    guard let email, let at = email.firstIndex(of: "@") else { return false }
    return email[email.index(after: at)...].contains(".") && isPresent(email: email, name: name, password: password)
}

final class SeedSignupTests: XCTestCase {
    private let vm = SeedSignupViewModel()
    private let alertMessage = TestObserver<String, Never>()
    private let submitButtonEnabled = TestObserver<Bool, Never>()

    override func setUp() {
        super.setUp()
        vm.alertMessage.observe(alertMessage.observer)
        vm.submitButtonEnabled.observe(submitButtonEnabled.observer)
    }

    func testSubmitButtonEnabled() {
        vm.viewDidLoad()
        submitButtonEnabled.assertValues([false])
        vm.nameChanged(name: "Chris")
        submitButtonEnabled.assertValues([false])
        vm.emailChanged(email: "chris@gmail.com")
        submitButtonEnabled.assertValues([false])
        vm.passwordChanged(password: "secret123")
        submitButtonEnabled.assertValues([false, true])
        vm.nameChanged(name: "")
        submitButtonEnabled.assertValues([false, true, false])
    }

    func testSuccessfulSignup() {
        vm.viewDidLoad()
        vm.nameChanged(name: "Lisa")
        vm.emailChanged(email: "lisa@rules.com")
        vm.passwordChanged(password: "password123")
        vm.submitButtonPressed()
        alertMessage.assertValues(["Successful"])
    }

    func testUnsuccessfulSignup() {
        vm.viewDidLoad()
        vm.nameChanged(name: "Lisa")
        vm.emailChanged(email: "lisa@rules")
        vm.passwordChanged(password: "password123")
        vm.submitButtonPressed()
        alertMessage.assertValues(["Unsuccessful"])
    }

    func testTooManyAttempts() {
        vm.viewDidLoad()
        vm.nameChanged(name: "Lisa")
        vm.emailChanged(email: "lisa@rules")
        vm.passwordChanged(password: "password123")
        vm.submitButtonPressed()
        vm.submitButtonPressed()
        vm.submitButtonPressed()
        alertMessage.assertValues(["Unsuccessful", "Unsuccessful", "Too Many Attempts"])
        submitButtonEnabled.assertValues([false, true, false])
        vm.emailChanged(email: "lisa@rules.com")
        submitButtonEnabled.assertValues([false, true, false])
    }

    func testViewModelIsFreedWhenReleased() {
        weak var weakVM: SeedSignupViewModel?
        let observer = TestObserver<Bool, Never>()
        do {
            let local = SeedSignupViewModel()
            weakVM = local
            local.submitButtonEnabled.observe(observer.observer)
            local.viewDidLoad()
        }
        XCTAssertNil(weakVM, "a view model built from properties and signals must not leak")
        observer.assertValues([false])
        observer.assertDidTerminate("outputs end when the view model goes away")
    }
}
