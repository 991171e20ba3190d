import Signals
import SignalsTesting
import ViewModels
import XCTest

final class SignupViewModelTests: XCTestCase {
    private let vm: SignupViewModelType = SignupViewModel()
    private let submitButtonEnabled = TestObserver<Bool, Never>()
    private let alertMessage = TestObserver<String, Never>()

    override func setUp() {
        super.setUp()
        vm.outputs.submitButtonEnabled.observe(submitButtonEnabled.observer)
        vm.outputs.alertMessage.observe(alertMessage.observer)
    }

    private func fillForm(email: String) {
        vm.inputs.viewDidLoad()
        vm.inputs.nameChanged(name: "Lisa")
        vm.inputs.emailChanged(email: email)
        vm.inputs.passwordChanged(password: "password123")
    }

    func testSubmitButtonEnabled_AfterEachStep() {
        vm.inputs.viewDidLoad()
        submitButtonEnabled.assertValues([false])
        vm.inputs.nameChanged(name: "Chris")
        submitButtonEnabled.assertValues([false])
        vm.inputs.emailChanged(email: "chris@gmail.com")
        submitButtonEnabled.assertValues([false])
        vm.inputs.passwordChanged(password: "secret123")
        submitButtonEnabled.assertValues([false, true])
        vm.inputs.nameChanged(name: "")
        submitButtonEnabled.assertValues([false, true, false])
    }

    func testAlertMessage_SuccessfulSignup() {
        fillForm(email: "lisa@rules.com")
        vm.inputs.submitButtonPressed()
        alertMessage.assertValues(["Successful"])
    }

    func testAlertMessage_UnsuccessfulSignup() {
        fillForm(email: "lisa@rules")
        vm.inputs.submitButtonPressed()
        alertMessage.assertValues(["Unsuccessful"])
    }

    func testLockout_ThreeFailuresDisableForEver() {
        fillForm(email: "lisa@rules")
        vm.inputs.submitButtonPressed()
        vm.inputs.submitButtonPressed()
        vm.inputs.submitButtonPressed()
        alertMessage.assertValues(["Unsuccessful", "Unsuccessful", "Too Many Attempts"])
        submitButtonEnabled.assertValues([false, true, false])
        vm.inputs.emailChanged(email: "lisa@rules.com")
        submitButtonEnabled.assertValues([false, true, false])
    }

    func testLockout_RemotePressesAfterLockoutDoNothing() {
        fillForm(email: "lisa@rules")
        for _ in 0..<3 { vm.inputs.submitButtonPressed() }
        vm.inputs.emailChanged(email: "lisa@rules.com")
        vm.inputs.submitButtonPressed()
        vm.inputs.submitButtonPressed()
        alertMessage.assertValues(["Unsuccessful", "Unsuccessful", "Too Many Attempts"])
    }

    func testPress_WhileDisabledDoesNothingAndDoesNotCount() {
        vm.inputs.viewDidLoad()
        vm.inputs.nameChanged(name: "Lisa")
        vm.inputs.submitButtonPressed()
        alertMessage.assertDidNotEmitValue()
    }

    func testPress_WithAnEmptiedFieldIsNotAnAttempt() {
        fillForm(email: "lisa@rules")
        vm.inputs.submitButtonPressed()
        vm.inputs.nameChanged(name: "")
        vm.inputs.submitButtonPressed()
        vm.inputs.submitButtonPressed()
        vm.inputs.nameChanged(name: "Lisa")
        vm.inputs.submitButtonPressed()
        alertMessage.assertValues(["Unsuccessful", "Unsuccessful"], "presses while disabled must not count towards the lockout")
    }

    func testPress_BeforeViewDidLoadWithFullFormCounts() {
        // The button is enabled by the form alone; viewDidLoad only sends the initial false.
        vm.inputs.nameChanged(name: "Lisa")
        vm.inputs.emailChanged(email: "lisa@rules.com")
        vm.inputs.passwordChanged(password: "pw")
        vm.inputs.submitButtonPressed()
        alertMessage.assertValues(["Successful"])
        submitButtonEnabled.assertValues([true])
    }

    func testDeallocation_ViewModelIsFreedWithItsObservers() {
        weak var weakVM: SignupViewModel?
        let enabled = TestObserver<Bool, Never>()
        do {
            let local = SignupViewModel()
            weakVM = local
            local.submitButtonEnabled.observe(enabled.observer)
            local.viewDidLoad()
        }
        XCTAssertNil(weakVM)
        enabled.assertValues([false])
        enabled.assertDidTerminate()
    }
}
