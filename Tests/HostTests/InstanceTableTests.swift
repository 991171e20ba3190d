import Host
import JSON
import XCTest

/// `list` keeps creation order through any pattern of destroys, including the compaction of
/// the holes destroys leave (`InstanceTable`), and lookups stay exact.
final class InstanceTableTests: XCTestCase {
    func testCreationOrderSurvivesManyDestroysAndCompactions() throws {
        let harness = SessionHarness(registry: .counterOnly)
        var live: [String] = []
        var id = 0
        func request(_ method: String, _ params: String) -> String {
            id += 1
            return #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
        }
        for index in 0..<1000 {
            harness.send(request("create", #"{"type":"counter","id":"c\#(index)"}"#))
            live.append("c\(index)")
        }
        // Destroy every third, then most of the rest: several compactions happen.
        for (offset, name) in live.enumerated().reversed() where offset % 3 == 0 || offset > 100 {
            let answer = harness.send(request("destroy", #"["\#(name)"]"#))
            XCTAssertEqual(answer.last?.contains(#""result":true"#), true, name)
            live.remove(at: offset)
        }
        for index in 0..<5 {
            harness.send(request("create", #"{"type":"counter","id":"late\#(index)"}"#))
            live.append("late\(index)")
        }
        let answer = try XCTUnwrap(harness.send(request("list", "[]")).last.flatMap { try? JSONValue.parse($0) })
        XCTAssertEqual(answer["result"]?.arrayValue?.compactMap { $0["id"]?.stringValue }, live)
        XCTAssertEqual(harness.session.instanceCount, live.count)
    }
}
