import Signals

/// What the checkout screen tells its view model.
public protocol CheckoutViewModelInputs {
    /// The screen appeared.
    func viewDidLoad()
    /// The buy button was pressed.
    func buyButtonPressed()
    /// The user authorized the payment on the sheet (Touch ID, passcode…); the view now asks
    /// the tokenizer (Stripe) for a token.
    func paymentAuthorized()
    /// The tokenizer answered: a token, or an error. Exactly one is expected; both nil says
    /// nothing and is ignored, and with both given the error wins (see `CheckoutViewModel`).
    func tokenCreated(token: String?, error: String?)
    /// The payment sheet was dismissed, after a payment or by the user cancelling.
    func paymentSheetFinished()
}

/// What the checkout screen should do.
public protocol CheckoutViewModelOutputs {
    /// Whether the buy button is enabled.
    var buyButtonEnabled: Signal<Bool, Never> { get }
    /// The status label's text; nil clears it.
    var statusText: Signal<String?, Never> { get }
    /// Present the payment sheet with this request.
    var presentPaymentSheet: Signal<PaymentRequest, Never> { get }
    /// Finish the sheet's authorization: "success" or "failure".
    var paymentCompletion: Signal<String, Never> { get }
    /// Whether Apple Pay got as far as a token: false when authorization starts or the
    /// tokenizer fails, true when it produces a token.
    var applePaySuccessful: Signal<Bool, Never> { get }
}

/// The checkout view model's two faces.
public protocol CheckoutViewModelType {
    /// Inputs.
    var inputs: CheckoutViewModelInputs { get }
    /// Outputs.
    var outputs: CheckoutViewModelOutputs { get }
}

/// Buying one product with Apple Pay and a payment web service, from seed 003.
///
/// Flow: the screen loads with the button enabled; a press disables it, says "Authorizing..."
/// and presents the sheet; the tokenizer's token is processed by `environment.paymentService`
/// ("Thank you" / "Something went wrong."), a tokenizer error is shown as
/// "Stripe error <error>..."; each ends with a `paymentCompletion`. When the sheet finishes
/// the button is enabled again, and the status is cleared if the user cancelled (never
/// authorized since the press).
///
/// Remote safety — every input is accepted only where a real payment sheet could send it,
/// and otherwise does nothing:
/// - `viewDidLoad` counts once;
/// - `buyButtonPressed` only while the button is enabled: loaded, no sheet up, no payment in
///   flight (so a second press never starts a second payment);
/// - `paymentAuthorized` once per sheet, before its token;
/// - `tokenCreated` once per sheet, while it is up. Both nil is ignored and does not use up
///   the sheet's report. Both given is treated as a tokenizer error, the error's text shown and
///   the token never charged: a tokenizer that reports an error has not vouched for its token,
///   and not charging is the mistake that can be undone;
/// - `paymentSheetFinished` only while a sheet is up. If a payment is still in flight when the
///   sheet finishes, the button stays disabled until the service answers.
///
/// Order: when one input makes several outputs fire, they fire in the order the outputs are
/// declared (`buyButtonEnabled`, `statusText`, `presentPaymentSheet`, `paymentCompletion`,
/// `applePaySuccessful`), and the view model's state has changed before the first fires.
/// A payment in flight is cancelled if the view model goes away.
public final class CheckoutViewModel: CheckoutViewModelType, CheckoutViewModelInputs, CheckoutViewModelOutputs {
    /// A checkout selling `product` through `environment.paymentService`.
    public init(product: Product = .default, environment: Environment) {
        let service = environment.paymentService
        let stage = MutableProperty(PaymentStage.loading)
        let isProcessing = MutableProperty(false)
        let isEnabled = Property.combineLatest(stage, isProcessing)
            .map(isBuyable(stage:isProcessing:))
            .skipRepeats()

        // The inputs the flow accepts at this moment. Each is judged by the stage before any
        // state changes, because the bindings below are their first observers.
        let loads = viewDidLoadProperty.signal.filter { [stage] in stage.value == .loading }
        let buys = buyButtonPressedProperty.signal.filter { [isEnabled] in isEnabled.value }
        let authorizations = paymentAuthorizedProperty.signal.filter { [stage] in stage.value == .presented }
        let reports = tokenCreatedProperty.signal
            .compactMap(TokenReport.init(token:error:))
            .filter { [stage] _ in stage.value.awaitsToken }
        let finishes = paymentSheetFinishedProperty.signal.compactMap { [stage] in sheetFinish(in: stage.value) }

        // State first, so that whoever reacts to an output below already sees the new stage.
        stage <~ Signal.merge(
            loads.mapConst(.ready),
            buys.mapConst(.presented),
            authorizations.mapConst(.authorized),
            reports.mapConst(.tokenReceived),
            finishes.mapConst(.ready)
        )

        let tokens = reports.compactMap(\.token)
        let tokenErrors = reports.compactMap(\.error)

        isProcessing <~ tokens.mapConst(true)
        // Every event of each payment, as a value; cancelled when the view model goes away.
        let payments = tokens
            .flatMap(.latest) { token in service.process(token: token, for: product).materialize() }
            .take(during: lifetime)
        isProcessing <~ payments.filter(\.isTerminating).mapConst(false)
        let charged = payments.filter(\.isCompleted).mapConst(())
        let declined = payments.errors().mapConst(())

        buyButtonEnabled = isEnabled.signal
        statusText = Signal.merge(
            loads.mapConst(String?.none),
            buys.mapConst(Optional("Authorizing...")),
            tokenErrors.map(stripeErrorText),
            charged.mapConst(Optional("Thank you")),
            declined.mapConst(Optional("Something went wrong.")),
            finishes.filter { $0 == .cancelled }.mapConst(String?.none)
        )
        presentPaymentSheet = buys.map { _ in PaymentRequest(product: product) }
        paymentCompletion = Signal.merge(
            tokenErrors.mapConst("failure"),
            charged.mapConst("success"),
            declined.mapConst("failure")
        )
        applePaySuccessful = Signal.merge(
            authorizations.mapConst(false),
            tokenErrors.mapConst(false),
            tokens.mapConst(true)
        )

        self.stage = stage
        self.isProcessing = isProcessing
        self.isEnabled = isEnabled
    }

    /// Ends when the view model is deinitialized: a payment in flight is interrupted.
    private let (lifetime, lifetimeToken) = Lifetime.make()
    /// Where the flow is; keeps the derived state alive with the view model.
    private let stage: MutableProperty<PaymentStage>
    /// Whether the payment service is processing a token.
    private let isProcessing: MutableProperty<Bool>
    /// Whether a press counts; the source of `buyButtonEnabled`.
    private let isEnabled: Property<Bool>

    private let viewDidLoadProperty = MutableProperty(())
    public func viewDidLoad() {
        viewDidLoadProperty.value = ()
    }

    private let buyButtonPressedProperty = MutableProperty(())
    public func buyButtonPressed() {
        buyButtonPressedProperty.value = ()
    }

    private let paymentAuthorizedProperty = MutableProperty(())
    public func paymentAuthorized() {
        paymentAuthorizedProperty.value = ()
    }

    private let tokenCreatedProperty = MutableProperty<(token: String?, error: String?)>((nil, nil))
    public func tokenCreated(token: String?, error: String?) {
        tokenCreatedProperty.value = (token, error)
    }

    private let paymentSheetFinishedProperty = MutableProperty(())
    public func paymentSheetFinished() {
        paymentSheetFinishedProperty.value = ()
    }

    public let buyButtonEnabled: Signal<Bool, Never>
    public let statusText: Signal<String?, Never>
    public let presentPaymentSheet: Signal<PaymentRequest, Never>
    public let paymentCompletion: Signal<String, Never>
    public let applePaySuccessful: Signal<Bool, Never>

    public var inputs: CheckoutViewModelInputs { self }
    public var outputs: CheckoutViewModelOutputs { self }
}

/// Where the checkout flow is.
private enum PaymentStage: Equatable {
    /// Before `viewDidLoad`.
    case loading
    /// Loaded, no payment sheet up.
    case ready
    /// The sheet is up and the user has not authorized yet.
    case presented
    /// The user authorized; the tokenizer is working.
    case authorized
    /// The tokenizer answered for this sheet (the payment may still be processing).
    case tokenReceived

    /// Whether a tokenizer report belongs to the sheet that is up.
    var awaitsToken: Bool { self == .presented || self == .authorized }
}

/// How a payment sheet ended.
private enum SheetFinish: Equatable {
    /// Dismissed without authorizing: the status is cleared.
    case cancelled
    /// Dismissed after authorizing: the status stays (it tells how the payment went).
    case afterAuthorization
}

/// What the tokenizer reported; nil when it reported nothing (both nil). An error wins over a
/// token reported with it: such a token is never charged.
private enum TokenReport {
    case token(String)
    case error(String)

    init?(token: String?, error: String?) {
        if let error {
            self = .error(error)
        } else if let token {
            self = .token(token)
        } else {
            return nil
        }
    }

    var token: String? {
        if case let .token(token) = self { token } else { nil }
    }

    var error: String? {
        if case let .error(error) = self { error } else { nil }
    }
}

/// Loaded, no sheet up and no payment in flight.
private func isBuyable(stage: PaymentStage, isProcessing: Bool) -> Bool {
    stage == .ready && !isProcessing
}

/// How a finish in `stage` ends the sheet; nil when no sheet is up (the finish is ignored).
private func sheetFinish(in stage: PaymentStage) -> SheetFinish? {
    switch stage {
    case .loading, .ready: nil
    case .presented: .cancelled
    case .authorized, .tokenReceived: .afterAuthorization
    }
}

/// The status for a tokenizer error: "Stripe error <error>...".
private func stripeErrorText(_ error: String) -> String? {
    "Stripe error \(error)..."
}
