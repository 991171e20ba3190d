import Signals

/// What the sign-in screen tells its view model.
public protocol SigninViewModelInputs {
    /// The email field changed.
    func emailChanged(email: String)
    /// The password field changed.
    func passwordChanged(password: String)
}

/// What the sign-in screen should show.
public protocol SigninViewModelOutputs {
    /// Whether the email is acceptable.
    var emailStatus: Signal<TextFieldStatus, Never> { get }
    /// Whether the password is acceptable.
    var passwordStatus: Signal<TextFieldStatus, Never> { get }
    /// The email field's error text ("" when valid).
    var emailError: Signal<String, Never> { get }
    /// The password field's error text ("" when valid).
    var passwordError: Signal<String, Never> { get }
}

/// The sign-in view model's two faces.
public protocol SigninViewModelType {
    /// Inputs.
    var inputs: SigninViewModelInputs { get }
    /// Outputs.
    var outputs: SigninViewModelOutputs { get }
}

/// Sign-in validation of seed 002 (RxSwift's input/output view model).
///
/// The email must match the shared email rule; the password must be 6 to 20 characters. A
/// field typed again with identical text changes nothing (distinct until changed).
public final class SigninViewModel: SigninViewModelType, SigninViewModelInputs, SigninViewModelOutputs {
    /// The message shown for an invalid email.
    public static let emailErrorMessage = "Entered email is not valid."
    /// The message shown for an invalid password.
    public static let passwordErrorMessage = "Password has to be from 6 to 20 characters long."

    /// A sign-in form.
    public init() {
        let emailIsValid = emailChangedProperty.signal.skipRepeats().map(isValidEmail)
        let passwordIsValid = passwordChangedProperty.signal.skipRepeats().map(isValidPassword)

        emailStatus = emailIsValid.map(status)
        emailError = emailIsValid.map { $0 ? "" : SigninViewModel.emailErrorMessage }
        passwordStatus = passwordIsValid.map(status)
        passwordError = passwordIsValid.map { $0 ? "" : SigninViewModel.passwordErrorMessage }
    }

    private let emailChangedProperty = MutableProperty("")
    public func emailChanged(email: String) {
        emailChangedProperty.value = email
    }

    private let passwordChangedProperty = MutableProperty("")
    public func passwordChanged(password: String) {
        passwordChangedProperty.value = password
    }

    public let emailStatus: Signal<TextFieldStatus, Never>
    public let passwordStatus: Signal<TextFieldStatus, Never>
    public let emailError: Signal<String, Never>
    public let passwordError: Signal<String, Never>

    public var inputs: SigninViewModelInputs { self }
    public var outputs: SigninViewModelOutputs { self }
}

/// 6 to 20 characters (user-perceived characters, so "é" counts once).
func isValidPassword(_ password: String) -> Bool {
    (6...20).contains(password.count)
}

private func status(_ isValid: Bool) -> TextFieldStatus {
    isValid ? .valid : .notValid
}
