import Host
import JSON
import ViewModels

extension BuiltinCatalog {
    /// `register`: registration with a service (seed 001).
    static let register = ViewModelType<RegisterViewModel>(
        "register",
        summary: "Registration: enabled when username and password have 8+ characters and nothing is in flight.",
        options: [
            OptionDescription("service", schema: ["enum": ["builtin", "client"]], summary: "\"client\" delegates registerService/register to the client."),
            OptionDescription("latencyMs", schema: ["type": "number", "minimum": 0], summary: "Built-in service latency in milliseconds (default 300)."),
            OptionDescription("outcome", schema: ["enum": ["token", "noToken", "failure"]], summary: "What the built-in service answers (default token)."),
            OptionDescription("token", schema: ["type": "string"], summary: "The token answered (default token-<username>)."),
            OptionDescription("reason", schema: ["type": "string"], summary: "The failure reason for outcome failure (default \"Dunno.\")."),
        ],
        make: { context throws(CreationFailure) in
            let options = Options(context, type: "register")
            try options.allowOnly(["service", "latencyMs", "outcome", "token", "reason"])
            var environment = Environment.builtIn(scheduler: context.scheduler)
            if try options.usesClientService() {
                environment.registerService = ClientRegisterService(client: context.client, instance: context.id)
            } else {
                let outcome: SimulatedRegisterService.Outcome
                switch try options.string("outcome") {
                case nil, "token": outcome = .token(try options.string("token"))
                case "noToken": outcome = .noToken
                case "failure": outcome = .failure(reason: try options.string("reason") ?? "Dunno.")
                case let other?: throw CreationFailure("option 'outcome' must be \"token\", \"noToken\" or \"failure\", got \"\(other)\"")
                }
                environment.registerService = SimulatedRegisterService(
                    scheduler: context.scheduler,
                    latency: try options.latency(default: 0.3),
                    outcome: outcome
                )
            }
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
