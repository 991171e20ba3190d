@testable import Host
import JSON
import RPC
import XCTest

/// `Session.lookAhead(atMethod:)` is a hint: with enough live instances it finds and
/// prefetches the instance a coming request addresses, and dispatch reuses what it found.
/// Whatever happens between the hint and the request, the request must be answered as if
/// there had been none.
final class LookAheadTests: XCTestCase {
    private var harness: SessionHarness!
    private var nextID = 0
    /// Instances made before each test: ids `c0`… up to this.
    private static let instancesAtStart = Session.lookAheadMinimumInstances + 1_000

    override func setUp() {
        harness = SessionHarness(registry: .counterOnly)
        // Enough instances for the look-ahead to act, with room for the tests' destroys.
        let creates = (0..<Self.instancesAtStart).map { #"{"jsonrpc":"2.0","method":"create","params":{"type":"counter","id":"c\#($0)"}}"# }
        for chunk in stride(from: 0, to: creates.count, by: 500) {
            harness.send("[" + creates[chunk..<min(chunk + 500, creates.count)].joined(separator: ",") + "]")
        }
        XCTAssertEqual(harness.session.instanceCount, Self.instancesAtStart)
        XCTAssertTrue(harness.session.wantsLookAhead)
    }

    private func request(_ method: String, _ params: String) -> String {
        nextID += 1
        return #"{"jsonrpc":"2.0","id":\#(nextID),"method":"\#(method)","params":\#(params)}"#
    }

    /// Both stages of a look-ahead at `line`, as the transport gives them: first as the
    /// message `Session.lookAheadDistance` ahead, then (nil: no message after it) one closer.
    private func hint(_ line: String) {
        stageOne(line)
        harness.session.lookAhead(atMethod: nil)
    }

    private func stageOne(_ line: String) {
        guard case let .single(.request(request)) = MessageParser.parse(Array(line.utf8), maxBatch: harness.session.maxBatch) else {
            return harness.session.lookAhead(atMethod: nil)
        }
        harness.session.lookAhead(atMethod: request.method)
    }

    /// The instance a request's output notification names.
    private func outputInstances(_ lines: [String]) -> [String] {
        lines.compactMap { try? JSONValue.parse($0) }
            .filter { $0["method"]?.stringValue == "output" }
            .compactMap { $0["params"]?["vm"]?.stringValue }
    }

    func testALookedAheadRequestGoesToItsInstance() {
        let line = request("c5.increment", #"{"by":2}"#)
        hint(line)
        XCTAssertEqual(Set(outputInstances(harness.send(line))), ["c5"])
    }

    func testARequestForAnotherInstanceIsNotMisrouted() {
        hint(request("c6.increment", #"{"by":1}"#))
        XCTAssertEqual(Set(outputInstances(harness.send(request("c7.increment", #"{"by":1}"#)))), ["c7"])
        // The same input of another instance: the method differs in its target.
        hint(request("c8.increment", #"{"by":1}"#))
        XCTAssertEqual(Set(outputInstances(harness.send(request("c80.increment", #"{"by":1}"#)))), ["c80"])
    }

    /// The hint is kept by instance, not by method: another input of the instance found
    /// ahead runs on it, and one of an instance that was never hinted is looked up.
    func testAnotherInputOfTheHintedInstanceRunsOnIt() {
        hint(request("c11.increment", #"{"by":1}"#))
        XCTAssertEqual(Set(outputInstances(harness.send(request("c11.reset", "{}")))), ["c11"])
        hint(request("c12.increment", #"{"by":1}"#))
        hint(request("c13.increment", #"{"by":1}"#))
        XCTAssertEqual(Set(outputInstances(harness.send(request("c12.reset", "{}")))), ["c12"], "the hint before the last")
        XCTAssertEqual(Set(outputInstances(harness.send(request("c14.reset", "{}")))), ["c14"], "not hinted at all")
    }

    func testAnInstanceDestroyedAfterTheHintIsGone() throws {
        let line = request("c9.increment", #"{"by":1}"#)
        hint(line)
        XCTAssertEqual(harness.send(request("destroy", #"["c9"]"#)).last?.contains(#""result":true"#), true)
        let answer = try XCTUnwrap(harness.send(line).last.flatMap { try? JSONValue.parse($0) })
        XCTAssertEqual(answer["error"]?["code"]?.int64Value, -32601, "as without the hint: no instance c9")

        // Made again under the same id: the new instance answers, not the destroyed one.
        harness.send(request("create", #"{"type":"counter","id":"c9"}"#))
        hint(line)
        harness.send(request("destroy", #"["c9"]"#))
        harness.send(request("create", #"{"type":"counter","id":"c9","options":{"start":40}}"#))
        let lines = harness.send(line)
        let count = lines.compactMap { try? JSONValue.parse($0) }.first { $0["params"]?["output"]?.stringValue == "count" }
        XCTAssertEqual(count?["params"]?["value"]?.int64Value, 41, "the new c9 (started at 40) counted")
    }

    /// The instance goes between the two stages: nothing is found, and the request is
    /// answered as without the hint.
    func testAnInstanceDestroyedBetweenTheStagesIsNotFound() throws {
        let line = request("c10.increment", #"{"by":1}"#)
        stageOne(line)
        harness.send(request("destroy", #"["c10"]"#))
        harness.session.lookAhead(atMethod: nil)
        let answer = try XCTUnwrap(harness.send(line).last.flatMap { try? JSONValue.parse($0) })
        XCTAssertEqual(answer["error"]?["code"]?.int64Value, -32601)
    }

    /// The look-ahead remembers a table slot and the entry it held, not the instance; between
    /// the stages and before the request, destroys shift entries back along their probe runs,
    /// creations fill slots and at times grow the table (every entry placed again), and some
    /// entries share the target's 7-bit tag. Whatever moved, each request reaches the
    /// instance its id names, or fails as it would without a hint.
    func testHintsSurviveEntriesShiftingAndTheTableGrowing() {
        var random = SplitMix(seed: 22)
        var alive = Set(0..<Self.instancesAtStart)
        var made = Self.instancesAtStart
        let tableSlotsAtStart = harness.session.instances.slotCount
        func churn() {
            switch random.next() % 4 {
            case 0, 1:
                // A destroy near the target's slot is what shifts its entry; any destroy may.
                guard let victim = alive.randomElement(using: &random) else { return }
                XCTAssertEqual(harness.send(request("destroy", #"["c\#(victim)"]"#)).last?.contains(#""result":true"#), true)
                alive.remove(victim)
            case 2:
                // Enough creations over the run to grow the table at least once.
                let creates = (made..<made + 60).map { #"{"jsonrpc":"2.0","method":"create","params":{"type":"counter","id":"c\#($0)"}}"# }
                harness.send("[" + creates.joined(separator: ",") + "]")
                alive.formUnion(made..<made + 60)
                made += 60
            default:
                break
            }
        }
        var answeredByInstance = 0
        for _ in 0..<600 {
            let target = Int(random.next() % UInt64(made))
            let line = request("c\(target).increment", #"{"by":1}"#)
            stageOne(line)
            churn()
            harness.session.lookAhead(atMethod: nil)
            churn()
            let lines = harness.send(line)
            if alive.contains(target) {
                XCTAssertEqual(Set(outputInstances(lines)), ["c\(target)"], "c\(target)")
                answeredByInstance += 1
            } else {
                let answer = lines.last.flatMap { try? JSONValue.parse($0) }
                XCTAssertEqual(answer?["error"]?["code"]?.int64Value, -32601, "c\(target) is gone")
            }
        }
        XCTAssertEqual(harness.session.instanceCount, alive.count)
        XCTAssertGreaterThan(harness.session.instances.slotCount, tableSlotsAtStart, "the table grew during the run")
        XCTAssertGreaterThan(answeredByInstance, 300)
    }

    /// What the transport's distance needs: each of the last `lookAheadDistance` hinted
    /// requests is found ahead when it runs, whichever of them runs first, and an older one
    /// is looked up again (and still reaches its instance).
    func testTheLastDistanceHintsAreFoundAhead() {
        let distance = Session.lookAheadDistance
        XCTAssertGreaterThanOrEqual(distance, 2)
        func foundAhead(_ id: String) -> String? {
            Array(id.utf8).withUnsafeBytes { harness.session.lookedAheadInstance(target: $0)?.id }
        }
        // One hint more than the ring holds: the first falls out.
        let targets = (0...distance).map { "c\(100 + $0)" }
        for target in targets { hint(request("\(target).increment", #"{"by":1}"#)) }
        XCTAssertNil(foundAhead(targets[0]), "the oldest hint was replaced")
        for target in targets.dropFirst().reversed() {
            XCTAssertEqual(foundAhead(target), target)
        }
        XCTAssertNil(foundAhead("c99"), "never hinted")
        for target in targets {
            XCTAssertEqual(Set(outputInstances(harness.send(request("\(target).increment", #"{"by":1}"#)))), [target])
        }
    }

    func testHintsThatAddressNoInstanceChangeNothing() {
        for line in ["{", request("create", #"{"type":"counter"}"#), request("nobody.increment", "{}"), "[" + request("c1.increment", #"{"by":1}"#) + "]"] {
            hint(line)
        }
        XCTAssertEqual(Set(outputInstances(harness.send(request("c2.increment", #"{"by":1}"#)))), ["c2"])
    }
}
