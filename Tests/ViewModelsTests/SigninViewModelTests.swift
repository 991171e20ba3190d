import Signals
import SignalsTesting
import ViewModels
import XCTest

final class SigninViewModelTests: XCTestCase {
    private let vm: SigninViewModelType = SigninViewModel()
    private let emailStatus = TestObserver<TextFieldStatus, Never>()
    private let passwordStatus = TestObserver<TextFieldStatus, Never>()
    private let emailError = TestObserver<String, Never>()
    private let passwordError = TestObserver<String, Never>()

    override func setUp() {
        super.setUp()
        vm.outputs.emailStatus.observe(emailStatus.observer)
        vm.outputs.passwordStatus.observe(passwordStatus.observer)
        vm.outputs.emailError.observe(emailError.observer)
        vm.outputs.passwordError.observe(passwordError.observer)
    }

    func testEmail_InvalidThenValid() {
        vm.inputs.emailChanged(email: "lisa@")
        vm.inputs.emailChanged(email: "lisa@rules.com")
        emailStatus.assertValues([.notValid, .valid])
        emailError.assertValues(["Entered email is not valid.", ""])
        passwordStatus.assertDidNotEmitValue()
    }

    func testPassword_LengthBounds() {
        for password in ["12345", "123456", "12345678901234567890", "123456789012345678901"] {
            vm.inputs.passwordChanged(password: password)
        }
        passwordStatus.assertValues([.notValid, .valid, .valid, .notValid])
        passwordError.assertValues([
            "Password has to be from 6 to 20 characters long.", "", "",
            "Password has to be from 6 to 20 characters long.",
        ])
    }

    func testPassword_CountsCharactersNotBytes() {
        vm.inputs.passwordChanged(password: "éééééé")
        passwordStatus.assertValues([.valid])
    }

    func testRepeatedIdenticalInput_IsIgnored() {
        vm.inputs.emailChanged(email: "a@b.co")
        vm.inputs.emailChanged(email: "a@b.co")
        vm.inputs.passwordChanged(password: "x")
        vm.inputs.passwordChanged(password: "x")
        vm.inputs.emailChanged(email: "a@b")
        vm.inputs.emailChanged(email: "a@b.co")
        emailStatus.assertValues([.valid, .notValid, .valid])
        passwordStatus.assertValues([.notValid])
    }

    func testFirstEmptyInput_IsValidated() {
        vm.inputs.emailChanged(email: "")
        emailStatus.assertValues([.notValid])
    }
}
