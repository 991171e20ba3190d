import Dispatch
@testable import Host
import Signals
import SystemIO
import XCTest

/// The registry: names in registration order, exact lookup, and types declared on first use.
final class RegistryTests: XCTestCase {
    /// Counts how often a lazily registered declaration is made.
    private final class Declarations: @unchecked Sendable {
        let made = Monitor([String]())

        func counter(named name: String) -> ViewModelDeclaration<CounterViewModel> {
            made.withLock { $0.append(name) }
            return ViewModelDeclaration<CounterViewModel>(
                name, summary: "A lazily declared counter.", make: { _ in CounterViewModel(scheduler: TestScheduler(), start: 0) },
                inputs: [.input("reset") { vm in vm.resetAll() }], outputs: [.output("count", \.count)]
            )
        }

        var count: Int { made.withLock { $0.count } }
    }

    func testLazyType_IsNamedAndListedWithoutBeingDeclared() {
        let declarations = Declarations()
        var registry = Registry()
        registry.register(CounterViewModel.type)
        registry.register("later", declaredBy: declarations.counter(named:))
        XCTAssertEqual(registry.names, ["counter", "later"])
        XCTAssertEqual(declarations.count, 0, "listing names must not declare a lazy type")
        XCTAssertNotNil(registry["counter"])
        XCTAssertEqual(declarations.count, 0, "looking up another type must not declare it")
    }

    func testLazyType_IsDeclaredOnceWithItsRegisteredName() {
        let declarations = Declarations()
        var registry = Registry()
        registry.register("later", declaredBy: declarations.counter(named:))
        let copy = registry // sessions hold copies of one registry
        XCTAssertEqual(registry["later"]?.name, "later")
        XCTAssertEqual(copy["later"]?.name, "later")
        XCTAssertEqual(registry.descriptions.map(\.name), ["later"])
        XCTAssertEqual(declarations.made.withLock { $0 }, ["later"], "declared once, with the name it was registered under")
    }

    func testLazyType_LookupIsExactAndMissesDeclareNothing() {
        let declarations = Declarations()
        var registry = Registry()
        registry.register("café", declaredBy: declarations.counter(named:))
        XCTAssertNil(registry["cafe\u{301}"], "a canonically equivalent spelling is another name")
        XCTAssertNil(registry["other"])
        XCTAssertEqual(declarations.count, 0)
        XCTAssertNotNil(registry["café"])
    }

    func testLazyType_ConcurrentFirstLookupsDeclareItOnce() {
        let declarations = Declarations()
        var registry = Registry()
        registry.register("later", declaredBy: declarations.counter(named:))
        let shared = registry
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            XCTAssertEqual(shared["later"]?.name, "later")
        }
        XCTAssertEqual(declarations.count, 1)
    }

    func testLaterRegistration_ReplacesAnEarlierOneOfTheSameName() {
        let declarations = Declarations()
        var registry = Registry()
        registry.register("counter", declaredBy: declarations.counter(named:))
        registry.register(CounterViewModel.type)
        XCTAssertEqual(registry.names, ["counter"])
        XCTAssertEqual(registry["counter"]?.description.summary, "A counter.")
        XCTAssertEqual(declarations.count, 0, "the replaced lazy declaration is never made")
    }
}
