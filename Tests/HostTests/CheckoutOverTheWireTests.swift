import Catalog
import Host
import JSON
import XCTest

/// The checkout view model as a client sees it: literal JSON-RPC lines in and out.
final class CheckoutOverTheWireTests: XCTestCase {
    private var harness: SessionHarness!

    override func setUp() {
        harness = SessionHarness(registry: BuiltinCatalog.registry())
    }

    /// Creates `checkout` implicitly, loads it and presses buy (outputs seq 1 to 5).
    private func openPaymentSheet() {
        harness.send(#"{"jsonrpc":"2.0","id":1,"method":"checkout.viewDidLoad"}"#)
        harness.send(#"{"jsonrpc":"2.0","id":2,"method":"checkout.buyButtonPressed"}"#)
    }

    func testTokenCreated_BothNullIsInvalidParamsAndEmitsNothing() {
        openPaymentSheet()
        let error = #"{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"Invalid params: checkout.tokenCreated: token and error cannot both be null","data":{"signature":"tokenCreated(token: string or null, error: string or null)"}}}"#
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":3,"method":"checkout.tokenCreated","params":[null,null]}"#), [error])
        // Omitted by name is the same as null.
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":3,"method":"checkout.tokenCreated","params":{}}"#), [error])
        assertLines(harness.advance(ms: 1_000), [])

        // The sheet is still waiting for its token: the rejected calls did not use it up.
        let lines = harness.send(#"{"jsonrpc":"2.0","id":4,"method":"checkout.tokenCreated","params":{"error":"offline"}}"#)
        assertLines(lines, [
            #"{"jsonrpc":"2.0","method":"output","params":{"vm":"checkout","output":"statusText","value":"Stripe error offline...","seq":6,"cause":{"kind":"request","id":4,"method":"checkout.tokenCreated"}}}"#,
            #"{"jsonrpc":"2.0","method":"output","params":{"vm":"checkout","output":"paymentCompletion","value":"failure","seq":7,"cause":{"kind":"request","id":4,"method":"checkout.tokenCreated"}}}"#,
            #"{"jsonrpc":"2.0","method":"output","params":{"vm":"checkout","output":"applePaySuccessful","value":false,"seq":8,"cause":{"kind":"request","id":4,"method":"checkout.tokenCreated"}}}"#,
            #"{"jsonrpc":"2.0","id":4,"result":null}"#,
        ])
    }

    func testHappyPath_ThankYouComesFromTheTimer() {
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":1,"method":"checkout.viewDidLoad"}"#), [
            #"{"jsonrpc":"2.0","method":"output","params":{"vm":"checkout","output":"buyButtonEnabled","value":true,"seq":1,"cause":{"kind":"request","id":1,"method":"checkout.viewDidLoad"}}}"#,
            #"{"jsonrpc":"2.0","method":"output","params":{"vm":"checkout","output":"statusText","value":null,"seq":2,"cause":{"kind":"request","id":1,"method":"checkout.viewDidLoad"}}}"#,
            #"{"jsonrpc":"2.0","id":1,"result":null}"#,
        ])
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":2,"method":"checkout.buyButtonPressed"}"#), [
            #"{"jsonrpc":"2.0","method":"output","params":{"vm":"checkout","output":"buyButtonEnabled","value":false,"seq":3,"cause":{"kind":"request","id":2,"method":"checkout.buyButtonPressed"}}}"#,
            #"{"jsonrpc":"2.0","method":"output","params":{"vm":"checkout","output":"statusText","value":"Authorizing...","seq":4,"cause":{"kind":"request","id":2,"method":"checkout.buyButtonPressed"}}}"#,
            #"{"jsonrpc":"2.0","method":"output","params":{"vm":"checkout","output":"presentPaymentSheet","value":{"label":"Switchboard T-shirt","amount":2500,"currency":"USD","countryCode":"US","merchantIdentifier":"merchant.switchboard"},"seq":5,"cause":{"kind":"request","id":2,"method":"checkout.buyButtonPressed"}}}"#,
            #"{"jsonrpc":"2.0","id":2,"result":null}"#,
        ])
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":3,"method":"checkout.paymentAuthorized"}"#), [
            #"{"jsonrpc":"2.0","method":"output","params":{"vm":"checkout","output":"applePaySuccessful","value":false,"seq":6,"cause":{"kind":"request","id":3,"method":"checkout.paymentAuthorized"}}}"#,
            #"{"jsonrpc":"2.0","id":3,"result":null}"#,
        ])
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":4,"method":"checkout.tokenCreated","params":["tok_visa",null]}"#), [
            #"{"jsonrpc":"2.0","method":"output","params":{"vm":"checkout","output":"applePaySuccessful","value":true,"seq":7,"cause":{"kind":"request","id":4,"method":"checkout.tokenCreated"}}}"#,
            #"{"jsonrpc":"2.0","id":4,"result":null}"#,
        ])
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":5,"method":"advance","params":{"ms":200}}"#), [
            #"{"jsonrpc":"2.0","method":"output","params":{"vm":"checkout","output":"statusText","value":"Thank you","seq":8,"cause":{"kind":"timer"}}}"#,
            #"{"jsonrpc":"2.0","method":"output","params":{"vm":"checkout","output":"paymentCompletion","value":"success","seq":9,"cause":{"kind":"timer"}}}"#,
            #"{"jsonrpc":"2.0","id":5,"result":{"now":200}}"#,
        ])
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":6,"method":"checkout.paymentSheetFinished"}"#), [
            #"{"jsonrpc":"2.0","method":"output","params":{"vm":"checkout","output":"buyButtonEnabled","value":true,"seq":10,"cause":{"kind":"request","id":6,"method":"checkout.paymentSheetFinished"}}}"#,
            #"{"jsonrpc":"2.0","id":6,"result":null}"#,
        ])
    }

    func testPresentPaymentSheet_LiteralJSONForAConfiguredProduct() {
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":1,"method":"create","params":{"type":"checkout","id":"shop","options":{"product":{"name":"Mug","amount":1299,"currency":"EUR"}}}}"#), [
            #"{"jsonrpc":"2.0","id":1,"result":{"id":"shop","type":"checkout"}}"#,
        ])
        harness.send(#"{"jsonrpc":"2.0","id":2,"method":"shop.viewDidLoad"}"#)
        let lines = harness.send(#"{"jsonrpc":"2.0","id":3,"method":"shop.buyButtonPressed"}"#)
        XCTAssertEqual(lines.count, 4, "\(lines)")
        XCTAssertEqual(
            lines.dropLast().last,
            #"{"jsonrpc":"2.0","method":"output","params":{"vm":"shop","output":"presentPaymentSheet","value":{"label":"Mug","amount":1299,"currency":"EUR","countryCode":"US","merchantIdentifier":"merchant.switchboard"},"seq":5,"cause":{"kind":"request","id":3,"method":"shop.buyButtonPressed"}}}"#
        )
    }

    func testTokenCreated_TokenWithErrorIsAStripeErrorAndIsNotCharged() {
        openPaymentSheet()
        let lines = harness.send(#"{"jsonrpc":"2.0","id":3,"method":"checkout.tokenCreated","params":{"token":"tok_visa","error":"declined"}}"#)
        XCTAssertEqual(lines.first, #"{"jsonrpc":"2.0","method":"output","params":{"vm":"checkout","output":"statusText","value":"Stripe error declined...","seq":6,"cause":{"kind":"request","id":3,"method":"checkout.tokenCreated"}}}"#)
        XCTAssertEqual(lines.last, #"{"jsonrpc":"2.0","id":3,"result":null}"#)
        // No payment was started, so nothing answers later.
        assertLines(harness.advance(ms: 1_000), [])
    }

    func testOutcomeFailure_AfterTheConfiguredLatency() {
        harness.send(#"{"jsonrpc":"2.0","id":1,"method":"create","params":{"type":"checkout","id":"checkout","options":{"outcome":"failure","reason":"Card declined.","latencyMs":50}}}"#)
        openPaymentSheet()
        harness.send(#"{"jsonrpc":"2.0","id":3,"method":"checkout.tokenCreated","params":["tok_visa"]}"#)
        assertLines(harness.advance(ms: 49), [])
        assertLines(harness.advance(ms: 1), [
            #"{"jsonrpc":"2.0","method":"output","params":{"vm":"checkout","output":"statusText","value":"Something went wrong.","seq":7,"cause":{"kind":"timer"}}}"#,
            #"{"jsonrpc":"2.0","method":"output","params":{"vm":"checkout","output":"paymentCompletion","value":"failure","seq":8,"cause":{"kind":"timer"}}}"#,
        ])
    }

    func testCreate_RejectsUnknownAndInvalidOptions() {
        let unknown = harness.send(#"{"jsonrpc":"2.0","id":1,"method":"create","params":{"type":"checkout","id":"a","options":{"colour":"red"}}}"#)
        XCTAssertTrue(unknown[0].contains(#""message":"Could not create 'a' of type checkout: unknown option 'colour' for checkout; options are product, service, latencyMs, outcome, reason""#), unknown[0])
        let outcome = harness.send(#"{"jsonrpc":"2.0","id":2,"method":"create","params":{"type":"checkout","id":"b","options":{"outcome":"maybe"}}}"#)
        XCTAssertTrue(outcome[0].contains(#"option 'outcome' must be \"success\" or \"failure\", got \"maybe\""#), outcome[0])
        let amount = harness.send(#"{"jsonrpc":"2.0","id":3,"method":"create","params":{"type":"checkout","id":"c","options":{"product":{"name":"Mug","amount":-1,"currency":"EUR"}}}}"#)
        XCTAssertTrue(amount[0].contains(#"option 'product' needs a non-negative amount (in cents), got -1"#), amount[0])
    }
}
