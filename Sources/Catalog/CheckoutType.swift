import Host
import JSON
import ViewModels

extension BuiltinCatalog {
    /// `checkout`: buying a product with Apple Pay and a payment web service (seed 003).
    static let checkout = ViewModelType<CheckoutViewModel>(
        "checkout",
        summary: "Apple Pay checkout: buy presents the sheet, the tokenizer's token is charged by the payment service.",
        options: [
            OptionDescription("product", schema: Product.jsonSchema, summary: "The product sold (default Switchboard T-shirt, 2500 USD cents)."),
            OptionDescription("service", schema: ["enum": ["builtin", "client"]], summary: "\"client\" delegates paymentService/process to the client."),
            OptionDescription("latencyMs", schema: ["type": "number", "minimum": 0], summary: "Built-in service latency in milliseconds (default 200)."),
            OptionDescription("outcome", schema: ["enum": ["success", "failure"]], summary: "What the built-in service answers (default success)."),
            OptionDescription("reason", schema: ["type": "string"], summary: "The failure reason for outcome failure (default \"Card declined.\")."),
        ],
        make: { context throws(CreationFailure) in
            let options = Options(context, type: "checkout")
            try options.allowOnly(["product", "service", "latencyMs", "outcome", "reason"])
            let product = try options.value("product", Product?.self) ?? .default
            guard product.amount >= 0 else { throw CreationFailure("option 'product' needs a non-negative amount (in cents), got \(product.amount)") }
            var environment = Environment.builtIn(scheduler: context.scheduler)
            if try options.usesClientService() {
                environment.paymentService = ClientPaymentService(client: context.client, instance: context.id)
            } else {
                let failure: ServiceError?
                switch try options.string("outcome") {
                case nil, "success": failure = nil
                case "failure": failure = ServiceError(reason: try options.string("reason") ?? "Card declined.")
                case let other?: throw CreationFailure("option 'outcome' must be \"success\" or \"failure\", got \"\(other)\"")
                }
                environment.paymentService = SimulatedPaymentService(
                    scheduler: context.scheduler,
                    latency: try options.latency(default: 0.2),
                    failure: failure
                )
            }
            return CheckoutViewModel(product: product, environment: environment)
        },
        inputs: [
            .input("viewDidLoad", summary: "The screen appeared.") { vm in vm.inputs.viewDidLoad() },
            .input("buyButtonPressed", summary: "The buy button was pressed.") { vm in vm.inputs.buyButtonPressed() },
            .input("paymentAuthorized", summary: "The user authorized the payment on the sheet.") { vm in vm.inputs.paymentAuthorized() },
            .input(
                "tokenCreated", Param("token", String?.self), Param("error", String?.self),
                summary: "The tokenizer answered: a token or an error (not neither; with both, the error wins)."
            ) { vm, token, error throws(InputFailure) in
                guard token != nil || error != nil else { throw .invalidArguments("token and error cannot both be null") }
                vm.inputs.tokenCreated(token: token, error: error)
            },
            .input("paymentSheetFinished", summary: "The payment sheet was dismissed.") { vm in vm.inputs.paymentSheetFinished() },
        ],
        outputs: [
            .output("buyButtonEnabled", \.outputs.buyButtonEnabled, summary: "Whether the buy button is enabled."),
            .output("statusText", \.outputs.statusText, summary: "The status text; null clears it."),
            .output("presentPaymentSheet", \.outputs.presentPaymentSheet, summary: "Present the payment sheet with this request."),
            .output("paymentCompletion", \.outputs.paymentCompletion, summary: "Finish the sheet: \"success\" or \"failure\"."),
            .output("applePaySuccessful", \.outputs.applePaySuccessful, summary: "False when authorization starts or the tokenizer fails, true on a token."),
        ]
    )
}
