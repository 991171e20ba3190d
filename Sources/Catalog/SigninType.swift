import Host
import ViewModels

extension BuiltinCatalog {
    /// `signin`: email and password validation with messages (seed 002). No options.
    static func signin(named name: String) -> ViewModelDeclaration<SigninViewModel> {
        ViewModelDeclaration<SigninViewModel>(
            name,
            summary: "Sign-in validation: email by the shared rule, password 6 to 20 characters, with error texts.",
            make: { _ in SigninViewModel() },
            inputs: [
                .input("emailChanged", Param("email", String.self), summary: "The email field changed.") { vm, email in vm.inputs.emailChanged(email: email) },
                .input("passwordChanged", Param("password", String.self), summary: "The password field changed.") { vm, password in vm.inputs.passwordChanged(password: password) },
            ],
            outputs: [
                .output("emailStatus", \.outputs.emailStatus, summary: "\"valid\" or \"notValid\"."),
                .output("passwordStatus", \.outputs.passwordStatus, summary: "\"valid\" or \"notValid\"."),
                .output("emailError", \.outputs.emailError, summary: "The email error text; empty when valid."),
                .output("passwordError", \.outputs.passwordError, summary: "The password error text; empty when valid."),
            ]
        )
    }
}
