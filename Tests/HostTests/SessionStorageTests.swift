import Host
import JSON
import Signals
import XCTest

/// The objects a session's instances share, and how the daemon closes what they hold outside
/// the process before it exits.
final class SessionStorageTests: XCTestCase {
    /// Records when it is closed, into a list shared by every probe of a test.
    private final class Probe: SessionResource {
        let name: String
        let closings: Closings
        init(_ name: String, _ closings: Closings) {
            self.name = name
            self.closings = closings
        }
        func close() { closings.names.append(name) }
    }

    /// Written by one thread at a time (the test's); `@unchecked` so a `@Sendable` make closure
    /// may capture it.
    private final class Closings: @unchecked Sendable { var names: [String] = [] }

    /// Shared, but with nothing outside the process.
    private final class Plain {}

    func testResourcesAreClosedInTheOrderTheyWereMade_OtherObjectsAreLeftAlone() {
        let closings = Closings()
        let storage = SessionStorage()
        let second = storage.value(for: "b") { Probe("made first", closings) }
        _ = storage.value(for: "plain") { Plain() }
        _ = storage.value(for: "a") { Probe("made second", closings) }
        // Asking again returns the stored object, not a new one, and does not reorder it.
        XCTAssertTrue(storage.value(for: "b") { Probe("never made", closings) } === second)
        storage.closeResources()
        XCTAssertEqual(closings.names, ["made first", "made second"])
        // Closed objects stay stored: nothing makes them again after the close.
        XCTAssertTrue(storage.value(for: "b") { Probe("never made", closings) } === second)
    }

    func testAFailedMakeStoresNothingAndLeavesNothingToClose() {
        struct Refused: Error {}
        let closings = Closings()
        let storage = SessionStorage()
        XCTAssertThrowsError(try storage.value(for: "x") { () throws(Refused) -> Probe in throw Refused() })
        storage.closeResources()
        XCTAssertEqual(closings.names, [])
        _ = storage.value(for: "x") { Probe("made on the second try", closings) }
        storage.closeResources()
        XCTAssertEqual(closings.names, ["made on the second try"])
    }

    func testSessionCloseResourcesClosesWhatItsInstancesShare_AndTheSessionStillAnswers() {
        let closings = Closings()
        let holder = ViewModelDeclaration<CounterViewModel>(
            "holder",
            summary: "A counter whose creation shares a resource with the session.",
            make: { context throws(CreationFailure) in
                _ = context.storage.value(for: "probe") { Probe("shared", closings) }
                return CounterViewModel(scheduler: context.scheduler, start: 0)
            },
            inputs: [.input("increment", Param("by", Int.self)) { vm, step in vm.increment(by: step) }],
            outputs: [.output("count", \.count)]
        )
        var registry = Registry()
        registry.register(holder)
        let harness = SessionHarness(registry: registry)
        harness.send(#"{"jsonrpc":"2.0","id":1,"method":"create","params":{"type":"holder","id":"h1"}}"#)
        harness.send(#"{"jsonrpc":"2.0","id":2,"method":"create","params":{"type":"holder","id":"h2"}}"#)
        harness.session.closeResources()
        XCTAssertEqual(closings.names, ["shared"], "one shared object, closed once")
        let answer = harness.send(#"{"jsonrpc":"2.0","id":3,"method":"h1.increment","params":[2]}"#)
        XCTAssertTrue(answer.contains(#"{"jsonrpc":"2.0","id":3,"result":null}"#), "\(answer)")
    }
}
