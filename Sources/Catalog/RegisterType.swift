import Host
import JSON
import ViewModels

extension BuiltinCatalog {
    /// `register`'s `create` options.
    enum RegisterOptions {
        enum Outcome: String, CaseIterable, Sendable { case token, noToken, failure }

        static let service = CreateOption.service(delegating: "registerService/register")
        static let latency = CreateOption.latency(default: 300)
        static let outcome = CreateOption<Outcome>.choice("outcome", default: .token, summary: "What the built-in service answers")
        static let token = CreateOption.text("token", defaultText: "token-<username>", summary: "The token answered")
        static let reason = CreateOption.value("reason", String.self, default: "Dunno.", summary: "The failure reason for outcome failure")
    }

    /// `register`: registration with a service (seed 001).
    static func register(named name: String) -> ViewModelDeclaration<RegisterViewModel> {
        ViewModelDeclaration<RegisterViewModel>(
            name,
            summary: "Registration: enabled when username and password have 8+ characters and nothing is in flight.",
            options: [RegisterOptions.service, RegisterOptions.latency, RegisterOptions.outcome, RegisterOptions.token, RegisterOptions.reason],
            make: { context throws(CreationFailure) in
                typealias Options = RegisterOptions
                let environment = try context.environment(
                    \.registerService, chosenBy: Options.service,
                    client: { ClientRegisterService(client: $0, instance: $1) },
                    builtin: { () throws(CreationFailure) in
                        let outcome: SimulatedRegisterService.Outcome = switch try context.value(of: Options.outcome) {
                        case .token: .token(try context.value(of: Options.token))
                        case .noToken: .noToken
                        case .failure: .failure(reason: try context.value(of: Options.reason))
                        }
                        return SimulatedRegisterService(scheduler: context.scheduler, latency: try context.seconds(of: Options.latency), outcome: outcome)
                    }
                )
                return RegisterViewModel(environment: environment)
            },
            inputs: [
                .input("usernameChanged", Param("username", String?.self), summary: "The username field changed.") { vm, username in vm.inputs.usernameChanged(username: username) },
                .input("passwordChanged", Param("password", String?.self), summary: "The password field changed.") { vm, password in vm.inputs.passwordChanged(password: password) },
                .input("registerButtonPressed", summary: "The register button was pressed.") { vm in vm.inputs.registerButtonPressed() },
            ],
            outputs: [
                .output("registerButtonEnabled", \.outputs.registerButtonEnabled, summary: "Whether the register button is enabled; sent on creation."),
                .output("isRegistering", \.outputs.isRegistering, summary: "Whether a registration is in flight; sent on creation."),
                .output("errorMessage", \.outputs.errorMessage, summary: "The error text; null clears it."),
                .output("registered", \.outputs.registered, summary: "The token of a successful registration."),
            ]
        )
    }
}
