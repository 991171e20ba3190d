import Host
import JSON
import ViewModels

extension BuiltinCatalog {
    /// `checkout`'s `create` options.
    enum CheckoutOptions {
        enum Outcome: String, CaseIterable, Sendable { case success, failure }

        static let product = CreateOption.value(
            "product", Product.self, default: .default, defaultText: "Switchboard T-shirt, 2500 USD cents",
            summary: "The product sold",
            check: { $0.amount >= 0 ? nil : "needs a non-negative amount (in cents), got \($0.amount)" }
        )
        static let service = CreateOption.service(delegating: "paymentService/process")
        static let latency = CreateOption.latency(default: 200)
        static let outcome = CreateOption<Outcome>.choice("outcome", default: .success, summary: "What the built-in service answers")
        static let reason = CreateOption.value(
            "reason", String.self, default: "Card declined.", summary: "The failure reason for outcome failure"
        )
    }

    /// `checkout`: buying a product with Apple Pay and a payment web service (seed 003).
    static func checkout(named name: String) -> ViewModelDeclaration<CheckoutViewModel> {
        ViewModelDeclaration<CheckoutViewModel>(
            name,
            summary: "Apple Pay checkout: buy presents the sheet, the tokenizer's token is charged by the payment service.",
            options: [CheckoutOptions.product, CheckoutOptions.service, CheckoutOptions.latency, CheckoutOptions.outcome, CheckoutOptions.reason],
            make: { context throws(CreationFailure) in
                typealias Options = CheckoutOptions
                let environment = try context.environment(
                    \.paymentService, chosenBy: Options.service,
                    client: { ClientPaymentService(client: $0, instance: $1) },
                    builtin: { () throws(CreationFailure) in
                        let failure: ServiceError? = switch try context.value(of: Options.outcome) {
                        case .success: nil
                        case .failure: ServiceError(reason: try context.value(of: Options.reason))
                        }
                        return SimulatedPaymentService(scheduler: context.scheduler, latency: try context.seconds(of: Options.latency), failure: failure)
                    }
                )
                return CheckoutViewModel(product: try context.value(of: Options.product), environment: environment)
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
}
