import Signals
import SignalsTesting
import ViewModels
import XCTest

final class CheckoutViewModelTests: XCTestCase {
    private let scheduler = TestScheduler()
    private let buyButtonEnabled = TestObserver<Bool, Never>()
    private let statusText = TestObserver<String?, Never>()
    private let presentPaymentSheet = TestObserver<PaymentRequest, Never>()
    private let paymentCompletion = TestObserver<String, Never>()
    private let applePaySuccessful = TestObserver<Bool, Never>()

    /// A checkout on the test scheduler, its outputs observed. The default service is the
    /// simulated processor answering after 200 ms.
    private func makeViewModel(paymentService: PaymentService? = nil, product: Product = .default) -> CheckoutViewModel {
        var environment = Environment.builtIn(scheduler: scheduler)
        environment.paymentService = paymentService ?? SimulatedPaymentService(scheduler: scheduler, latency: 0.2)
        let vm = CheckoutViewModel(product: product, environment: environment)
        vm.outputs.buyButtonEnabled.observe(buyButtonEnabled.observer)
        vm.outputs.statusText.observe(statusText.observer)
        vm.outputs.presentPaymentSheet.observe(presentPaymentSheet.observer)
        vm.outputs.paymentCompletion.observe(paymentCompletion.observer)
        vm.outputs.applePaySuccessful.observe(applePaySuccessful.observer)
        return vm
    }

    /// Loads the screen, presses buy and authorizes on the sheet.
    private func authorize(_ vm: CheckoutViewModelType) {
        vm.inputs.viewDidLoad()
        vm.inputs.buyButtonPressed()
        vm.inputs.paymentAuthorized()
    }

    // MARK: The flow of VIEWMODELS.md §4

    func testStatusText_SeedScenarioBuyThenCancel() {
        let vm = makeViewModel()
        vm.inputs.viewDidLoad()
        vm.inputs.buyButtonPressed()
        vm.inputs.paymentSheetFinished()
        statusText.assertValues([nil, "Authorizing...", nil])
        buyButtonEnabled.assertValues([true, false, true])
        paymentCompletion.assertDidNotEmitValue()
        applePaySuccessful.assertDidNotEmitValue()
    }

    func testBuyButtonEnabled_ViewDidLoadEnablesAndClearsStatus() {
        let vm = makeViewModel()
        vm.inputs.viewDidLoad()
        buyButtonEnabled.assertValues([true])
        statusText.assertValues([nil])
        presentPaymentSheet.assertDidNotEmitValue()
    }

    func testPresentPaymentSheet_BuyPresentsTheProductsRequest() {
        let vm = makeViewModel(product: Product(name: "Mug", amount: 1_299, currency: "EUR"))
        vm.inputs.viewDidLoad()
        vm.inputs.buyButtonPressed()
        presentPaymentSheet.assertValues([
            PaymentRequest(label: "Mug", amount: 1_299, currency: "EUR", countryCode: "US", merchantIdentifier: "merchant.switchboard"),
        ])
        statusText.assertValues([nil, "Authorizing..."])
        buyButtonEnabled.assertValues([true, false])
    }

    func testStatusText_PaymentSucceedsAfterServiceLatency() {
        let vm = makeViewModel()
        authorize(vm)
        vm.inputs.tokenCreated(token: "tok_visa", error: nil)
        applePaySuccessful.assertValues([false, true])
        statusText.assertValues([nil, "Authorizing..."])

        scheduler.advance(by: .milliseconds(199))
        statusText.assertValues([nil, "Authorizing..."])
        paymentCompletion.assertDidNotEmitValue()

        scheduler.advance(by: .milliseconds(1))
        statusText.assertValues([nil, "Authorizing...", "Thank you"])
        paymentCompletion.assertValues(["success"])
        buyButtonEnabled.assertValues([true, false], "the sheet is still up")

        vm.inputs.paymentSheetFinished()
        buyButtonEnabled.assertValues([true, false, true])
        statusText.assertValues([nil, "Authorizing...", "Thank you"])
        applePaySuccessful.assertValues([false, true])
    }

    func testPaymentService_ProcessesTheTokenForTheProduct() {
        let service = RecordingPaymentService(scheduler: scheduler)
        let product = Product(name: "Mug", amount: 1_299, currency: "EUR")
        let vm = makeViewModel(paymentService: service, product: product)
        authorize(vm)
        vm.inputs.tokenCreated(token: "tok_visa", error: nil)
        XCTAssertEqual(service.processed.map(\.token), ["tok_visa"])
        XCTAssertEqual(service.processed.map(\.product), [product])
    }

    func testStatusText_PaymentFailure() {
        let vm = makeViewModel(paymentService: SimulatedPaymentService(
            scheduler: scheduler, latency: 0.2, failure: ServiceError(reason: "Card declined.")
        ))
        authorize(vm)
        vm.inputs.tokenCreated(token: "tok_visa", error: nil)
        scheduler.advance(by: .milliseconds(200))
        statusText.assertValues([nil, "Authorizing...", "Something went wrong."])
        paymentCompletion.assertValues(["failure"])
        applePaySuccessful.assertValues([false, true], "the token was created; only the charge failed")

        vm.inputs.paymentSheetFinished()
        buyButtonEnabled.assertValues([true, false, true])
        statusText.assertValues([nil, "Authorizing...", "Something went wrong."])
    }

    func testStatusText_StripeError() {
        let service = RecordingPaymentService(scheduler: scheduler)
        let vm = makeViewModel(paymentService: service)
        authorize(vm)
        vm.inputs.tokenCreated(token: nil, error: "Your card was declined")
        statusText.assertValues([nil, "Authorizing...", "Stripe error Your card was declined..."])
        paymentCompletion.assertValues(["failure"])
        applePaySuccessful.assertValues([false, false])
        XCTAssertEqual(service.processed.count, 0)

        vm.inputs.paymentSheetFinished()
        buyButtonEnabled.assertValues([true, false, true])
        statusText.assertValues([nil, "Authorizing...", "Stripe error Your card was declined..."])
    }

    func testApplePaySuccessful_FalseWhenAuthorizationStarts() {
        let vm = makeViewModel()
        authorize(vm)
        applePaySuccessful.assertValues([false])
        paymentCompletion.assertDidNotEmitValue()
    }

    // MARK: tokenCreated with both or neither

    func testTokenCreated_BothNilIsIgnored() {
        let service = RecordingPaymentService(scheduler: scheduler)
        let vm = makeViewModel(paymentService: service)
        authorize(vm)
        vm.inputs.tokenCreated(token: nil, error: nil)
        statusText.assertValues([nil, "Authorizing..."])
        paymentCompletion.assertDidNotEmitValue()
        applePaySuccessful.assertValues([false])
        XCTAssertEqual(service.processed.count, 0)

        // It did not use up the sheet's one report: the real token still goes through.
        vm.inputs.tokenCreated(token: "tok_visa", error: nil)
        scheduler.advance(by: .milliseconds(200))
        statusText.assertValues([nil, "Authorizing...", "Thank you"])
        paymentCompletion.assertValues(["success"])
    }

    func testTokenCreated_TokenWithErrorIsAnErrorAndIsNeverCharged() {
        let service = RecordingPaymentService(scheduler: scheduler)
        let vm = makeViewModel(paymentService: service)
        authorize(vm)
        vm.inputs.tokenCreated(token: "tok_visa", error: "network lost")
        scheduler.run()
        statusText.assertValues([nil, "Authorizing...", "Stripe error network lost..."])
        paymentCompletion.assertValues(["failure"])
        applePaySuccessful.assertValues([false, false])
        XCTAssertEqual(service.processed.count, 0)
    }

    // MARK: Remote safety

    func testBuyButtonPressed_BeforeViewDidLoadDoesNothing() {
        let vm = makeViewModel()
        vm.inputs.buyButtonPressed()
        buyButtonEnabled.assertDidNotEmitValue()
        statusText.assertDidNotEmitValue()
        presentPaymentSheet.assertDidNotEmitValue()
    }

    func testBuyButtonPressed_WhileSheetIsUpDoesNothing() {
        let vm = makeViewModel()
        vm.inputs.viewDidLoad()
        vm.inputs.buyButtonPressed()
        vm.inputs.buyButtonPressed()
        presentPaymentSheet.assertValueCount(1)
        statusText.assertValues([nil, "Authorizing..."])
        buyButtonEnabled.assertValues([true, false])
    }

    func testBuyButtonPressed_TwiceWhilePaymentInFlightStartsOnePayment() {
        let service = RecordingPaymentService(scheduler: scheduler)
        let vm = makeViewModel(paymentService: service)
        authorize(vm)
        vm.inputs.tokenCreated(token: "tok_visa", error: nil)
        vm.inputs.buyButtonPressed()
        vm.inputs.buyButtonPressed()
        XCTAssertEqual(service.processed.count, 1)
        presentPaymentSheet.assertValueCount(1)

        scheduler.advance(by: .milliseconds(200))
        XCTAssertEqual(service.processed.count, 1)
        paymentCompletion.assertValues(["success"])
        statusText.assertValues([nil, "Authorizing...", "Thank you"])
    }

    func testBuyButtonEnabled_SheetFinishedWhilePaymentInFlightWaitsForTheAnswer() {
        let service = RecordingPaymentService(scheduler: scheduler)
        let vm = makeViewModel(paymentService: service)
        authorize(vm)
        vm.inputs.tokenCreated(token: "tok_visa", error: nil)
        vm.inputs.paymentSheetFinished()
        buyButtonEnabled.assertValues([true, false], "a payment is still in flight")
        vm.inputs.buyButtonPressed()
        presentPaymentSheet.assertValueCount(1)

        scheduler.advance(by: .milliseconds(200))
        buyButtonEnabled.assertValues([true, false, true])
        statusText.assertValues([nil, "Authorizing...", "Thank you"])
        paymentCompletion.assertValues(["success"])
        XCTAssertEqual(service.processed.count, 1)
    }

    func testBuyButtonPressed_AfterAFinishedPaymentStartsANewOne() {
        let service = RecordingPaymentService(scheduler: scheduler)
        let vm = makeViewModel(paymentService: service)
        authorize(vm)
        vm.inputs.tokenCreated(token: "tok_1", error: nil)
        scheduler.advance(by: .milliseconds(200))
        vm.inputs.paymentSheetFinished()

        vm.inputs.buyButtonPressed()
        vm.inputs.paymentAuthorized()
        vm.inputs.tokenCreated(token: "tok_2", error: nil)
        scheduler.advance(by: .milliseconds(200))
        vm.inputs.paymentSheetFinished()

        XCTAssertEqual(service.processed.map(\.token), ["tok_1", "tok_2"])
        statusText.assertValues([nil, "Authorizing...", "Thank you", "Authorizing...", "Thank you"])
        buyButtonEnabled.assertValues([true, false, true, false, true])
        paymentCompletion.assertValues(["success", "success"])
        applePaySuccessful.assertValues([false, true, false, true])
        presentPaymentSheet.assertValueCount(2)
    }

    func testTokenCreated_WithoutASheetDoesNothing() {
        let service = RecordingPaymentService(scheduler: scheduler)
        let vm = makeViewModel(paymentService: service)
        vm.inputs.tokenCreated(token: "tok_early", error: nil)
        vm.inputs.viewDidLoad()
        vm.inputs.tokenCreated(token: "tok_visa", error: nil)
        vm.inputs.tokenCreated(token: nil, error: "late")
        scheduler.run()
        XCTAssertEqual(service.processed.count, 0)
        statusText.assertValues([nil])
        paymentCompletion.assertDidNotEmitValue()
        applePaySuccessful.assertDidNotEmitValue()
    }

    func testTokenCreated_SecondReportForOneSheetIsIgnored() {
        let service = RecordingPaymentService(scheduler: scheduler)
        let vm = makeViewModel(paymentService: service)
        authorize(vm)
        vm.inputs.tokenCreated(token: "tok_1", error: nil)
        vm.inputs.tokenCreated(token: "tok_2", error: nil)
        vm.inputs.tokenCreated(token: nil, error: "late")
        scheduler.run()
        XCTAssertEqual(service.processed.map(\.token), ["tok_1"])
        statusText.assertValues([nil, "Authorizing...", "Thank you"])
        paymentCompletion.assertValues(["success"])
        applePaySuccessful.assertValues([false, true])
    }

    func testTokenCreated_AfterTheSheetFinishedIsIgnored() {
        let service = RecordingPaymentService(scheduler: scheduler)
        let vm = makeViewModel(paymentService: service)
        vm.inputs.viewDidLoad()
        vm.inputs.buyButtonPressed()
        vm.inputs.paymentSheetFinished()
        vm.inputs.tokenCreated(token: "tok_late", error: nil)
        scheduler.run()
        XCTAssertEqual(service.processed.count, 0)
        statusText.assertValues([nil, "Authorizing...", nil])
        applePaySuccessful.assertDidNotEmitValue()
    }

    func testApplePaySuccessful_AuthorizationCountsOncePerSheetAndOnlyWhileItIsUp() {
        let vm = makeViewModel()
        vm.inputs.paymentAuthorized()
        vm.inputs.viewDidLoad()
        vm.inputs.paymentAuthorized()
        applePaySuccessful.assertDidNotEmitValue()

        vm.inputs.buyButtonPressed()
        vm.inputs.paymentAuthorized()
        vm.inputs.paymentAuthorized()
        applePaySuccessful.assertValues([false])
        vm.inputs.tokenCreated(token: "tok_visa", error: nil)
        vm.inputs.paymentAuthorized()
        applePaySuccessful.assertValues([false, true])
    }

    func testPaymentSheetFinished_WithoutASheetDoesNothing() {
        let vm = makeViewModel()
        vm.inputs.paymentSheetFinished()
        vm.inputs.viewDidLoad()
        vm.inputs.paymentSheetFinished()
        buyButtonEnabled.assertValues([true])
        statusText.assertValues([nil])
    }

    func testViewDidLoad_AgainDoesNothing() {
        let vm = makeViewModel()
        vm.inputs.viewDidLoad()
        vm.inputs.buyButtonPressed()
        vm.inputs.viewDidLoad()
        buyButtonEnabled.assertValues([true, false], "a second load must not re-enable buy under an open sheet")
        statusText.assertValues([nil, "Authorizing..."])
        vm.inputs.buyButtonPressed()
        presentPaymentSheet.assertValueCount(1)
    }

    // MARK: Cancelling and clearing the status

    func testStatusText_FinishedAfterAuthorizationIsNotCleared() {
        let vm = makeViewModel()
        authorize(vm)
        vm.inputs.paymentSheetFinished()
        statusText.assertValues([nil, "Authorizing..."], "authorized: the status is not a cancellation's to clear")
        buyButtonEnabled.assertValues([true, false, true])
    }

    func testStatusText_FinishedAfterATokenWithoutAuthorizationIsNotCleared() {
        // A token proves the user authorized even if paymentAuthorized was not reported.
        let vm = makeViewModel()
        vm.inputs.viewDidLoad()
        vm.inputs.buyButtonPressed()
        vm.inputs.tokenCreated(token: nil, error: "timeout")
        vm.inputs.paymentSheetFinished()
        statusText.assertValues([nil, "Authorizing...", "Stripe error timeout..."])
        applePaySuccessful.assertValues([false])
    }

    func testStatusText_CancelAfterAnEarlierAuthorizedPaymentClears() {
        // "Never authorized" is counted from the last press, not from the screen's start.
        let vm = makeViewModel()
        authorize(vm)
        vm.inputs.tokenCreated(token: "tok_1", error: nil)
        scheduler.advance(by: .milliseconds(200))
        vm.inputs.paymentSheetFinished()
        vm.inputs.buyButtonPressed()
        vm.inputs.paymentSheetFinished()
        statusText.assertValues([nil, "Authorizing...", "Thank you", "Authorizing...", nil])
        buyButtonEnabled.assertValues([true, false, true, false, true])
    }

    // MARK: Lifetime

    func testDeallocation_PaymentInFlightIsCancelled() {
        let service = RecordingPaymentService(scheduler: scheduler)
        weak var weakVM: CheckoutViewModel?
        do {
            let vm = makeViewModel(paymentService: service)
            weakVM = vm
            authorize(vm)
            vm.inputs.tokenCreated(token: "tok_visa", error: nil)
        }
        XCTAssertNil(weakVM)
        XCTAssertEqual(service.processed.count, 1)
        XCTAssertEqual(service.cancelled, 1, "the payment in flight is interrupted")
        XCTAssertEqual(scheduler.pendingActionCount, 0, "the service's answer is no longer scheduled")

        scheduler.run()
        statusText.assertValues([nil, "Authorizing..."])
        paymentCompletion.assertDidNotEmitValue()
        buyButtonEnabled.assertValues([true, false])
        applePaySuccessful.assertValues([false, true])
        statusText.assertDidTerminate()
        paymentCompletion.assertDidTerminate()
    }

    // MARK: Order of outputs on one input

    func testOrder_OutputsFireInDeclarationOrder() {
        let vm = makeViewModel()
        let log = OutputLog(vm)
        vm.inputs.viewDidLoad()
        XCTAssertEqual(log.take(), ["buyButtonEnabled true", "statusText nil"])
        vm.inputs.buyButtonPressed()
        XCTAssertEqual(log.take(), ["buyButtonEnabled false", "statusText Authorizing...", "presentPaymentSheet Switchboard T-shirt 2500 USD"])
        vm.inputs.paymentAuthorized()
        XCTAssertEqual(log.take(), ["applePaySuccessful false"])
        vm.inputs.tokenCreated(token: "tok_visa", error: nil)
        XCTAssertEqual(log.take(), ["applePaySuccessful true"])
        scheduler.advance(by: .milliseconds(200))
        XCTAssertEqual(log.take(), ["statusText Thank you", "paymentCompletion success"])
        vm.inputs.paymentSheetFinished()
        XCTAssertEqual(log.take(), ["buyButtonEnabled true"])

        vm.inputs.buyButtonPressed()
        vm.inputs.tokenCreated(token: nil, error: "boom")
        XCTAssertEqual(log.take().suffix(3), ["statusText Stripe error boom...", "paymentCompletion failure", "applePaySuccessful false"])
        vm.inputs.paymentSheetFinished()
        XCTAssertEqual(log.take(), ["buyButtonEnabled true"])
    }

    func testOrder_InstantServiceAnswersWithinTheTokenInput() {
        let vm = makeViewModel(paymentService: InstantPaymentService())
        let log = OutputLog(vm)
        authorize(vm)
        _ = log.take()
        vm.inputs.tokenCreated(token: "tok_visa", error: nil)
        XCTAssertEqual(log.take(), ["statusText Thank you", "paymentCompletion success", "applePaySuccessful true"])
        vm.inputs.paymentSheetFinished()
        XCTAssertEqual(log.take(), ["buyButtonEnabled true"])
    }

    func testReentrancy_FinishingFromAnObserverSeesTheNewState() {
        // A view that dismisses the sheet as soon as it sees the completion, synchronously.
        let vm = makeViewModel(paymentService: InstantPaymentService())
        vm.outputs.paymentCompletion.observeValues { [unowned vm] _ in vm.inputs.paymentSheetFinished() }
        authorize(vm)
        vm.inputs.tokenCreated(token: "tok_visa", error: nil)
        statusText.assertValues([nil, "Authorizing...", "Thank you"], "the finish came after authorization: no clearing")
        buyButtonEnabled.assertValues([true, false, true])
        paymentCompletion.assertValues(["success"])
    }
}

/// Wraps the simulated processor, recording each payment started and each one interrupted.
private final class RecordingPaymentService: PaymentService, @unchecked Sendable {
    private(set) var processed: [(token: String, product: Product)] = []
    private(set) var cancelled = 0
    private let wrapped: SimulatedPaymentService

    init(scheduler: DateScheduler) {
        wrapped = SimulatedPaymentService(scheduler: scheduler, latency: 0.2)
    }

    func process(token: String, for product: Product) -> SignalProducer<Void, ServiceError> {
        wrapped.process(token: token, for: product).on(
            starting: { [unowned self] in processed.append((token, product)) },
            interrupted: { [unowned self] in cancelled += 1 }
        )
    }
}

/// A processor that answers at once, while the token input is still being handled.
private struct InstantPaymentService: PaymentService {
    func process(token: String, for product: Product) -> SignalProducer<Void, ServiceError> {
        SignalProducer(value: ())
    }
}

/// Every output of one view model in one shared log, to assert their interleaving.
private final class OutputLog {
    private var lines: [String] = []

    init(_ vm: CheckoutViewModelType) {
        vm.outputs.buyButtonEnabled.observeValues { [unowned self] in lines.append("buyButtonEnabled \($0)") }
        vm.outputs.statusText.observeValues { [unowned self] in lines.append("statusText \($0 ?? "nil")") }
        vm.outputs.presentPaymentSheet.observeValues { [unowned self] in
            lines.append("presentPaymentSheet \($0.label) \($0.amount) \($0.currency)")
        }
        vm.outputs.paymentCompletion.observeValues { [unowned self] in lines.append("paymentCompletion \($0)") }
        vm.outputs.applePaySuccessful.observeValues { [unowned self] in lines.append("applePaySuccessful \($0)") }
    }

    /// The lines logged since the last call.
    func take() -> [String] {
        defer { lines = [] }
        return lines
    }
}
