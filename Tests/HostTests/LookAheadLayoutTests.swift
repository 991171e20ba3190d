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

    /// The layout number in the table entry of the instance `id`.
    private func layout(_ harness: SessionHarness, _ id: String) -> Int? {
        harness.session.instances.candidate(of: id).map { harness.session.instances.layout(of: $0) }
    }

    private func create(_ harness: SessionHarness, _ type: String, _ id: String) {
        nextID += 1
        let answer = harness.send(#"{"jsonrpc":"2.0","id":\#(nextID),"method":"create","params":{"type":"\#(type)","id":"\#(id)"}}"#)
        XCTAssertEqual(answer.last?.contains(#""result""#), true, "\(type) \(id): \(answer)")
    }

    /// The span the look-ahead would load around the instance `id` when the candidate it
    /// reads is `id`'s own entry (a 7-bit tag can put another's first; the look-ahead then
    /// loads that one's and the request waits, as without a look-ahead).
    private func prefetchSpan(_ harness: SessionHarness, _ id: String) throws -> (before: Int, after: Int) {
        let candidate = try XCTUnwrap(harness.session.instances.candidate(of: id), id)
        return harness.session.prefetchSpan(of: candidate)
    }

    /// Each type's span is its own latest contiguous instance's, and a look-ahead finds an
    /// instance's span through the layout number in its table entry. Whether an instance is
    /// contiguous is the allocator's doing (under the sanitizers' allocators none may be), so
    /// the spans' values are checked against what the instances report, and the lookup
    /// against spans set by the test.
    func testEachTypeIsLoadedWithItsOwnLayout() throws {
        let harness = SessionHarness(registry: BuiltinCatalog.registry())
        var latest: [String: (before: Int, after: Int)] = [:]
        func make(_ type: String, _ id: String) throws {
            create(harness, type, id)
            let instance = try XCTUnwrap(harness.session.instances[id])
            if let span = instance.span { latest[type] = span }
        }
        for round in 0..<20 { try make("signup", "s\(round)") }
        for round in 0..<20 {
            try make("signin", "i\(round)")
            try make("checkout", "c\(round)")
        }
        // Numbered in the order of first instances.
        XCTAssertEqual(["s0", "i0", "c0"].map { layout(harness, $0) }, [1, 2, 3])
        // Each type's span is its own latest contiguous instance's, whichever was made last
        // (with one span for the session, signup's was checkout's or signin's here).
        for (type, layout) in [("signup", 1), ("signin", 2), ("checkout", 3)] {
            let expected = latest[type] ?? Instance.ownSpan
            XCTAssertTrue(harness.session.lookAheadSpans[layout] == expected,
                          "\(type): \(harness.session.lookAheadSpans[layout]), expected \(expected)")
        }
        XCTAssertTrue(harness.session.lookAheadSpans[4] == Instance.ownSpan, "no fourth type was made")
        // The look-ahead finds each instance's span by its entry's number.
        func marker(_ layout: Int) -> (before: Int, after: Int) { (before: 64 * layout, after: 1_000 + layout) }
        for layout in 1..<InstanceIndex.layoutCount { harness.session.lookAheadSpans[layout] = marker(layout) }
        for round in [0, 7, 19] {
            for (prefix, layout) in [("s", 1), ("i", 2), ("c", 3)] {
                let span = try prefetchSpan(harness, "\(prefix)\(round)")
                XCTAssertTrue(span == marker(layout), "\(prefix)\(round): \(span), expected \(marker(layout))")
            }
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
            let number = layout(harness, "x\(index)")
            XCTAssertEqual(number, index % 4 == 1 ? nil : index % 3 == 0 ? 1 : 2, "x\(index)")
        }
        XCTAssertTrue(harness.session.instances.isKeepingLayouts)
        harness.session.withInstances { $0.dropLayouts() }
        XCTAssertFalse(harness.session.instances.isKeepingLayouts)
        for index in [0, 2, 3, 598] {
            XCTAssertEqual(layout(harness, "x\(index)"), 0, "x\(index)")
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
                XCTAssertEqual(layout(harness, "t\(index)-\(round)"), expected, "t\(index)-\(round)")
            }
        }
        XCTAssertTrue(harness.session.instances.isKeepingLayouts)
        XCTAssertTrue(harness.session.lookAheadSpans[0] == Instance.ownSpan)
    }
}
