import XCTest
@testable import Signals
import SignalsTesting

/// `map` on the module's own properties builds the derived property on the source's core
/// (`Property(mapping:owner:_:)`): one subscription, no producer. These pin down what that
/// path must keep from the general one.
final class DerivedPropertyTests: XCTestCase {
    func testTransformRunsOncePerValue() {
        let source = MutableProperty(1)
        var calls = 0
        let derived = source.map { value -> Int in
            calls += 1
            return value * 10
        }
        XCTAssertEqual(calls, 1, "the initial value is transformed once, not once more for a replay")

        source.value = 2
        source.value = 3

        XCTAssertEqual(calls, 3)
        XCTAssertEqual(derived.value, 30)
    }

    func testAChangeBetweenReadingTheSourceAndSubscribingIsNotMissed() {
        let source = MutableProperty(1)
        let core = source.core
        let (_, version) = core.currentValueAndVersion
        source.value = 2 // a change from elsewhere, after the read
        var received: [Int] = []

        let disposable = core.observe(action: { if case let .value(value) = $0 { received.append(value) } }, sendingLatestIfChangedSince: version)
        source.value = 3

        XCTAssertEqual(received, [2, 3])
        disposable?.dispose()
    }

    func testAnUnchangedSourceIsNotReplayed() {
        let source = MutableProperty(1)
        let (_, version) = source.core.currentValueAndVersion
        var received: [Int] = []

        let disposable = source.core.observe(action: { if case let .value(value) = $0 { received.append(value) } }, sendingLatestIfChangedSince: version)
        source.value = 4

        XCTAssertEqual(received, [4])
        disposable?.dispose()
    }

    func testDerivedFromAConstantHasItsValueAndHasCompleted() {
        let derived = Property(value: 1).map { $0 + 1 }
        let observer = TestObserver<Int, Never>()
        derived.producer.start(observer.observer)

        XCTAssertEqual(derived.value, 2)
        observer.assertValues([2])
        observer.assertDidComplete()
    }

    func testDerivedFromADerivedPropertyFollowsTheRoot() {
        let root = MutableProperty("a")
        let upper = root.map { $0.uppercased() }
        let doubled = upper.map { $0 + $0 }
        let values = TestObserver<String, Never>()
        doubled.signal.observe(values.observer)

        root.value = "b"

        XCTAssertEqual(doubled.value, "BB")
        values.assertValues(["BB"])
    }

    func testDeinitCompletesTheSignalAndUnsubscribesFromTheSource() {
        let source = MutableProperty(1)
        var derived: Property<Int>? = source.map { $0 }
        let observer = TestObserver<Int, Never>()
        derived?.signal.observe(observer.observer)
        XCTAssertEqual(source.core.observerCount, 1)

        derived = nil

        observer.assertDidComplete()
        XCTAssertEqual(source.core.observerCount, 0)
    }
}
