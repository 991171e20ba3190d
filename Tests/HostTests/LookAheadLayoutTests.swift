import Catalog
import Signals
@testable import Host
import XCTest

/// What a look-ahead loads around an instance is its own type's layout (`Session.lookAheadSpans`,
/// the number kept in the instance's table entry), whichever type was made last: one span for
/// the whole session made every signup request of a 100,000-signup session load the
/// neighbourhood of the last instance made, a checkout's 12 KB or a signin's.
final class LookAheadLayoutTests: XCTestCase {
    private var nextID = 0

    private func create(_ harness: SessionHarness, _ type: String, _ id: String) {
        nextID += 1
        let answer = harness.send(#"{"jsonrpc":"2.0","id":\#(nextID),"method":"create","params":{"type":"\#(type)","id":"\#(id)"}}"#)
        XCTAssertEqual(answer.last?.contains(#""result""#), true, "\(type) \(id): \(answer)")
    }

    /// The span the look-ahead would load around the instance `id`, found as the look-ahead
    /// finds it: from the table alone. The candidate must be `id`'s own entry (a 7-bit tag
    /// can match another's); the test fails rather than check someone else's.
    private func prefetchSpan(_ harness: SessionHarness, _ id: String) throws -> (before: Int, after: Int) {
        var bytes = id
        let hash = bytes.withUTF8 { InstanceTable.hash(bytes: UnsafeRawBufferPointer($0)) }
        let candidate = try XCTUnwrap(harness.session.withInstances { $0.candidate(hash: hash) })
        let confirmed = id.utf8.withContiguousStorageIfAvailable { bytes in
            harness.session.withInstances { $0.confirmed(candidate, bytes: UnsafeRawBufferPointer(bytes)) }
        }
        XCTAssertTrue(confirmed??.id == id, "the candidate for \(id) is another instance's")
        return harness.session.prefetchSpan(of: candidate)
    }

    func testEachTypeIsLoadedWithItsOwnLayout() throws {
        let harness = SessionHarness(registry: BuiltinCatalog.registry())
        // Each type's span is its latest contiguous instance's, or the instance's own.
        var latest: [String: (before: Int, after: Int)] = [:]
        func make(_ type: String, _ id: String) throws {
            create(harness, type, id)
            let instance = try XCTUnwrap(harness.session.instances[id])
            if let span = instance.span { latest[type] = span }
        }
        func expected(_ type: String) -> (before: Int, after: Int) { latest[type] ?? Instance.ownSpan }
        for round in 0..<20 { try make("signup", "s\(round)") }
        let signup = try XCTUnwrap(latest["signup"], "no signup laid out contiguously")
        for round in 0..<20 {
            try make("signin", "i\(round)")
            try make("checkout", "c\(round)")
        }
        // Otherwise the checks below could not tell a session-wide span from a type's.
        let others = [latest["signin"], latest["checkout"]].compactMap { $0 }
        XCTAssertTrue(others.contains { $0 != signup }, "neither signin nor checkout laid out apart from signup: \(others)")
        for round in [0, 7, 19] {
            let s = try prefetchSpan(harness, "s\(round)")
            let i = try prefetchSpan(harness, "i\(round)")
            let c = try prefetchSpan(harness, "c\(round)")
            XCTAssertTrue(s == signup, "signup s\(round): \(s), expected \(signup)")
            XCTAssertTrue(i == expected("signin"), "signin i\(round): \(i), expected \(expected("signin"))")
            XCTAssertTrue(c == expected("checkout"), "checkout c\(round): \(c), expected \(expected("checkout"))")
        }
    }

    /// Layout numbers survive the table growing, entries shifting back on removal and tags
    /// being dropped; with layouts dropped (as the table does if an instance lies at an
    /// address with a low bit set) every instance loads its own object only.
    func testLayoutsSurviveGrowthRemovalsAndDroppedTags() throws {
        let harness = SessionHarness(registry: BuiltinCatalog.registry())
        for index in 0..<600 { create(harness, index % 3 == 0 ? "checkout" : "signup", "x\(index)") }
        for index in stride(from: 1, to: 600, by: 4) {
            nextID += 1
            harness.send(#"{"jsonrpc":"2.0","id":\#(nextID),"method":"destroy","params":["x\#(index)"]}"#)
        }
        XCTAssertEqual(harness.session.instances.count, 450)
        harness.session.withInstances { $0.dropTags() }
        XCTAssertFalse(harness.session.instances.isTagging)
        for index in 0..<600 {
            // Numbered by first instance: x0 is a checkout, x1 a signup.
            let layout = harness.session.instances.layout(of: "x\(index)")
            XCTAssertEqual(layout, index % 4 == 1 ? nil : index % 3 == 0 ? 1 : 2, "x\(index)")
        }
        XCTAssertTrue(harness.session.instances.isKeepingLayouts)
        harness.session.withInstances { $0.dropLayouts() }
        XCTAssertFalse(harness.session.instances.isKeepingLayouts)
        for index in [0, 2, 3, 598] {
            XCTAssertEqual(harness.session.instances.layout(of: "x\(index)"), 0, "x\(index)")
        }
        // Lookups are unaffected.
        XCTAssertNotNil(harness.session.instances["x598"])
        XCTAssertNil(harness.session.instances["x597"])
    }

    /// Types are numbered in the order of their first instances; those past the table's
    /// numbers get 0 and load their own object only, and the numbered keep theirs.
    func testTypesPastTheNumbersLoadTheirOwnObject() {
        var registry = Registry()
        let typeCount = InstanceIndex.layoutCount + 4
        for index in 0..<typeCount {
            registry.register("t\(index)") { name in
                ViewModelDeclaration<CounterViewModel>(
                    name, summary: "A counter.", make: { _ in CounterViewModel(scheduler: TestScheduler(), start: 0) },
                    inputs: [.input("reset") { vm in vm.resetAll() }], outputs: [.output("count", \.count)]
                )
            }
        }
        let harness = SessionHarness(registry: registry)
        // First instances in reverse registration order, then a second of each.
        for round in 0..<2 {
            for index in (0..<typeCount).reversed() { create(harness, "t\(index)", "t\(index)-\(round)") }
        }
        for round in 0..<2 {
            for index in 0..<typeCount {
                let order = typeCount - index
                let expected = order < InstanceIndex.layoutCount ? order : 0
                XCTAssertEqual(harness.session.instances.layout(of: "t\(index)-\(round)"), expected, "t\(index)-\(round)")
            }
        }
        XCTAssertTrue(harness.session.instances.isKeepingLayouts)
        XCTAssertTrue(harness.session.lookAheadSpans[0] == Instance.ownSpan)
    }
}
