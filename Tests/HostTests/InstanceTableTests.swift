@testable import Host
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

    /// Lookups by id stay exact through growth and through removals from the middle of probe
    /// runs (the table shifts entries back rather than leaving tombstones): every id created
    /// and not destroyed is found, every destroyed one is not, and ids that are canonically
    /// equivalent but differ in bytes are different instances.
    func testLookupsStayExactThroughGrowthAndRandomDestroys() throws {
        let harness = SessionHarness(registry: .counterOnly)
        var id = 0
        func request(_ method: String, _ params: String) -> String {
            id += 1
            return #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
        }
        func found(_ name: String) -> Bool {
            harness.send(request("snapshot", #"{"id":"\#(name)"}"#)).last?.contains(#""result""#) == true
        }
        var names = (0..<3000).map { "k\($0)" }
        names += ["\u{e9}", "e\u{301}", "\u{212B}", "\u{c5}"] // two canonically equivalent pairs
        for (offset, name) in names.enumerated() {
            if offset == 100 {
                for earlier in names[..<offset] { XCTAssertTrue(found(earlier), earlier) }
            }
            let answer = harness.send(request("create", #"{"type":"counter","id":"\#(name)"}"#))
            XCTAssertEqual(answer.last?.contains(#""result""#), true, name)
        }
        // Tracked by position: a `Set<String>` would merge the equivalent pairs.
        var random = SplitMix(seed: 18)
        var alive = Set(names.indices)
        for index in names.indices.shuffled(using: &random) where random.next() % 3 != 0 {
            XCTAssertEqual(harness.send(request("destroy", #"["\#(names[index])"]"#)).last?.contains(#""result":true"#), true, names[index])
            alive.remove(index)
            if alive.count % 97 == 0 {
                for probe in names.indices.shuffled(using: &random).prefix(50) {
                    XCTAssertEqual(found(names[probe]), alive.contains(probe), names[probe])
                }
            }
        }
        for index in names.indices { XCTAssertEqual(found(names[index]), alive.contains(index), names[index]) }
        XCTAssertEqual(harness.session.instanceCount, alive.count)
        // Destroyed ids can be taken again.
        for index in names.indices where !alive.contains(index) {
            let name = names[index]
            XCTAssertEqual(harness.send(request("create", #"{"type":"counter","id":"\#(name)"}"#)).last?.contains(#""result""#), true, name)
        }
        XCTAssertEqual(harness.session.instanceCount, names.count)
        for name in names { XCTAssertTrue(found(name), name) }
    }
}
