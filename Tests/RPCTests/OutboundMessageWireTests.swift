import RPC
import JSON
import XCTest

/// The direct byte encoding must produce exactly what the general serializer produces.
final class OutboundMessageWireTests: XCTestCase {
    private func assertSameBytes(_ message: OutboundMessage, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(String(decoding: message.wireBytes, as: UTF8.self), message.json.serializedString(), file: file, line: line)
    }

    func testNotifications_EveryCauseAndAwkwardValues() {
        let causes: [Cause] = [
            .request(id: 1, method: "signup.nameChanged"), .request(id: nil, method: "x.y"),
            .request(id: "é \"quoted\"\n", method: "m"), .request(id: .null, method: "m"), .request(id: 2.5, method: "m"),
            .timer, .reply(call: "sb-3"), .disconnect,
        ]
        let values: [JSONValue] = [.null, true, 0, -9223372036854775808, 1e300, "line\nbreak \u{2028}", ["a": [1, ["b": nil]]], []]
        var seq: Int64 = 0
        for cause in causes {
            for value in values {
                seq += 1
                assertSameBytes(.output(OutputNotification(instance: "vm-\"1\"", output: "out\tput", value: value, seq: seq, cause: cause)))
            }
        }
    }

    func testResponses_ResultsAndErrors() {
        for id: JSONValue in [1, "a", .null, -0.5] {
            assertSameBytes(.response(OutboundResponse(id: id, result: .success(["x": [1, 2]]))))
            assertSameBytes(.response(OutboundResponse(id: id, result: .success(.null))))
            assertSameBytes(.response(OutboundResponse(id: id, result: .failure(RPCError(.invalidParams, "bad \"name\"", data: ["parameter": "name"])))))
        }
    }

    func testBatchesAndClientRequests_UseTheGeneralPath() {
        assertSameBytes(.batch([OutboundResponse(id: 1, result: .success(.null))]))
        assertSameBytes(.clientRequest(id: "sb-1", method: "registerService/register", params: ["vm": "r"]))
    }
}
