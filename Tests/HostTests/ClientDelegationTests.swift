import RPC
import Catalog
import Host
import JSON
import XCTest

/// With `"service": "client"`, a service call becomes a request from the daemon to the client,
/// and the client's answer feeds the view model.
final class ClientDelegationTests: XCTestCase {
    private var harness: SessionHarness!

    override func setUp() {
        var configuration = SessionConfiguration()
        configuration.clientCallTimeout = 5
        harness = SessionHarness(registry: BuiltinCatalog.registry(), configuration: configuration)
        harness.send(#"{"jsonrpc":"2.0","id":1,"method":"create","params":{"type":"register","id":"r","options":{"service":"client"}}}"#)
        harness.send(#"{"jsonrpc":"2.0","id":2,"method":"r.usernameChanged","params":["mariano@zerously.com"]}"#)
        harness.send(#"{"jsonrpc":"2.0","id":3,"method":"r.passwordChanged","params":["pa55worD"]}"#)
    }

    @discardableResult
    private func press() -> [String] {
        harness.send(#"{"jsonrpc":"2.0","id":4,"method":"r.registerButtonPressed"}"#)
    }

    func testPress_SendsARequestToTheClientBeforeTheResponse() {
        assertLines(press(), [
            #"{"jsonrpc":"2.0","method":"output","params":{"vm":"r","output":"errorMessage","value":null,"seq":4,"cause":{"kind":"request","id":4,"method":"r.registerButtonPressed"}}}"#,
            #"{"jsonrpc":"2.0","method":"output","params":{"vm":"r","output":"registerButtonEnabled","value":false,"seq":5,"cause":{"kind":"request","id":4,"method":"r.registerButtonPressed"}}}"#,
            #"{"jsonrpc":"2.0","method":"output","params":{"vm":"r","output":"isRegistering","value":true,"seq":6,"cause":{"kind":"request","id":4,"method":"r.registerButtonPressed"}}}"#,
            #"{"jsonrpc":"2.0","id":"sb-1","method":"registerService/register","params":{"vm":"r","username":"mariano@zerously.com","password":"pa55worD"}}"#,
            #"{"jsonrpc":"2.0","id":4,"result":null}"#,
        ])
    }

    func testClientResult_FeedsTheViewModelWithReplyCause() {
        press()
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":"sb-1","result":{"token":"from-client"}}"#), [
            #"{"jsonrpc":"2.0","method":"output","params":{"vm":"r","output":"registered","value":"from-client","seq":7,"cause":{"kind":"reply","call":"sb-1"}}}"#,
            #"{"jsonrpc":"2.0","method":"output","params":{"vm":"r","output":"registerButtonEnabled","value":true,"seq":8,"cause":{"kind":"reply","call":"sb-1"}}}"#,
            #"{"jsonrpc":"2.0","method":"output","params":{"vm":"r","output":"isRegistering","value":false,"seq":9,"cause":{"kind":"reply","call":"sb-1"}}}"#,
        ])
    }

    func testClientError_BecomesTheErrorMessage() {
        press()
        let lines = harness.send(#"{"jsonrpc":"2.0","id":"sb-1","error":{"code":1,"message":"Dunno."}}"#)
        XCTAssertTrue(lines.contains { $0.contains(#""output":"errorMessage","value":"Dunno.""#) }, "\(lines)")
    }

    func testUnansweredCall_TimesOutOnTheSessionClock() {
        press()
        XCTAssertEqual(harness.advance(ms: 4_999), [])
        let lines = harness.advance(ms: 1)
        XCTAssertTrue(lines.contains { $0.contains(#""output":"errorMessage","value":"the client did not answer within 5 s""#) }, "\(lines)")
        XCTAssertTrue(lines.allSatisfy { $0.contains(#""cause":{"kind":"timer"}"#) }, "\(lines)")
        XCTAssertEqual(harness.session.pendingClientCallCount, 0)
    }

    func testDisconnect_FailsPendingCalls() {
        press()
        harness.session.inputEnded()
        let lines = harness.drain()
        XCTAssertTrue(lines.contains { $0.contains(#""value":"the client disconnected before answering""#) && $0.contains(#""cause":{"kind":"disconnect"}"#) }, "\(lines)")
    }

    func testLateOrUnknownReply_IsIgnoredWithADiagnostic() {
        press()
        harness.send(#"{"jsonrpc":"2.0","id":"sb-1","result":{"token":"t"}}"#)
        XCTAssertEqual(harness.send(#"{"jsonrpc":"2.0","id":"sb-1","result":{"token":"again"}}"#), [])
        XCTAssertEqual(harness.send(#"{"jsonrpc":"2.0","id":"sb-99","result":null}"#), [])
        XCTAssertEqual(harness.diagnostics.count, 2)
        XCTAssertTrue(harness.diagnostics[0].contains("sb-1"), harness.diagnostics[0])
    }

    func testDestroyedViewModel_AbandonsItsCall() {
        press()
        harness.send(#"{"jsonrpc":"2.0","id":5,"method":"destroy","params":{"id":"r"}}"#)
        XCTAssertEqual(harness.session.pendingClientCallCount, 0, "the call is forgotten with its view model")
        XCTAssertEqual(harness.send(#"{"jsonrpc":"2.0","id":"sb-1","result":{"token":"t"}}"#), [], "a reply after destroy emits nothing")
    }
}
