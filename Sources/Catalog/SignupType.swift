import Host
import ViewModels

extension BuiltinCatalog {
    /// `signup`: the Kickstarter TDD form (seed 000). No options.
    static func signup(named name: String) -> ViewModelDeclaration<SignupViewModel> {
        ViewModelDeclaration<SignupViewModel>(
            name,
            summary: "Signup form: enabled when all fields are filled; success needs a valid email; locked after 3 failures.",
            make: { _ in SignupViewModel() },
            inputs: [
                .input("viewDidLoad", summary: "The screen appeared.") { vm in vm.inputs.viewDidLoad() },
                .input("nameChanged", Param("name", String?.self), summary: "The name field changed.") { vm, name in vm.inputs.nameChanged(name: name) },
                .input("emailChanged", Param("email", String?.self), summary: "The email field changed.") { vm, email in vm.inputs.emailChanged(email: email) },
                .input("passwordChanged", Param("password", String?.self), summary: "The password field changed.") { vm, password in vm.inputs.passwordChanged(password: password) },
                .input("submitButtonPressed", summary: "The submit button was pressed.") { vm in vm.inputs.submitButtonPressed() },
            ],
            outputs: [
                .output("submitButtonEnabled", \.outputs.submitButtonEnabled, summary: "Whether the submit button is enabled."),
                .output("alertMessage", \.outputs.alertMessage, summary: "\"Successful\", \"Unsuccessful\" or \"Too Many Attempts\"."),
            ]
        )
    }
}
