import JSON
@testable import Transcripts
import XCTest

/// The report's model: lanes per output in first-sent order, virtual times from `advance`,
/// each output linked to the input that caused it.
final class TimelineTests: XCTestCase {
    private func output(_ vm: String, _ name: String, _ value: String, seq: Int, cause: String) -> String {
        #"{"jsonrpc":"2.0","method":"output","params":{"vm":"\#(vm)","output":"\#(name)","value":\#(value),"seq":\#(seq),"cause":\#(cause)}}"#
    }

    func testLanesTimesAndCauses() {
        let sent = [
            #"{"jsonrpc":"2.0","id":1,"method":"r.usernameChanged","params":["x"]}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"r.registerButtonPressed"}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"advance","params":{"ms":300}}"#,
        ]
        let received = [
            [output("r", "registerButtonEnabled", "true", seq: 1, cause: #"{"kind":"request","id":1,"method":"r.usernameChanged"}"#), #"{"jsonrpc":"2.0","id":1,"result":null}"#],
            [output("r", "isRegistering", "true", seq: 2, cause: #"{"kind":"request","id":2,"method":"r.registerButtonPressed"}"#), #"{"jsonrpc":"2.0","id":2,"result":null}"#],
            [output("r", "registered", #""token""#, seq: 3, cause: #"{"kind":"timer"}"#),
             output("r", "isRegistering", "false", seq: 4, cause: #"{"kind":"timer"}"#),
             #"{"jsonrpc":"2.0","id":3,"result":{"now":300}}"#],
        ]
        let timeline = Timeline(sent: sent, received: received)
        XCTAssertEqual(timeline.lanes, ["r.registerButtonEnabled", "r.isRegistering", "r.registered"])
        XCTAssertEqual(timeline.endTime, 300)
        XCTAssertTrue(timeline.clockMoved)
        let outputs = timeline.events.filter { if case .output = $0.kind { true } else { false } }
        XCTAssertEqual(outputs.map(\.seq), [1, 2, 3, 4])
        // Caused by a request: at the clock's time then; by a timer: where the advance reached.
        XCTAssertEqual(outputs.map(\.time), [0, 0, 300, 300])
        let inputs = timeline.events.filter { if case .input = $0.kind { true } else { false } }
        XCTAssertEqual(inputs.map(\.time), [0, 0, 0])
        // Each output points at the input that caused it: its request, or the advance that ran the timer.
        XCTAssertEqual(outputs.map { $0.cause }, [inputs[0].order, inputs[1].order, inputs[2].order, inputs[2].order])
        guard case let .output(lane, value) = outputs[3].kind else { return XCTFail() }
        XCTAssertEqual(lane, 1)
        XCTAssertEqual(value, .bool(false))
    }

    func testAnOutputCausedByAnEarlierRequestLinksBackToIt() {
        // A delegated call answered later: the output names request 1 but comes after line 2.
        let sent = [#"{"jsonrpc":"2.0","id":1,"method":"c.buy"}"#, #"{"jsonrpc":"2.0","id":"sb-1","result":{"ok":true}}"#]
        let received = [[#"{"jsonrpc":"2.0","id":1,"result":null}"#], [output("c", "done", "true", seq: 1, cause: #"{"kind":"request","id":1,"method":"c.buy"}"#)]]
        let timeline = Timeline(sent: sent, received: received)
        XCTAssertEqual(timeline.events.last?.cause, 0)
        XCTAssertFalse(timeline.clockMoved, "without an advance only the order counts")
        XCTAssertEqual(timeline.events[1].kind, .input(method: nil), "the client's answer is an input without a method")
    }

    func testUnlistedOutputsAreMarked() {
        let extra = output("s", "x", "1", seq: 1, cause: #"{"kind":"request","id":1,"method":"s.go"}"#)
        let timeline = Timeline(sent: [#"{"jsonrpc":"2.0","id":1,"method":"s.go"}"#], received: [[extra]], unexpected: [extra])
        XCTAssertEqual(timeline.events.last?.unexpected, true)
    }
}
