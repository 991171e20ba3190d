import XCTest
@testable import Signals
import SignalsTesting

final class PropertyTests: XCTestCase {
    func testMutablePropertySendsEverySetWithoutDeduplication() {
        let property = MutableProperty(1)
        let observer = TestObserver<Int, Never>()
        property.signal.observe(observer.observer)
        property.value = 2
        property.value = 2
        observer.assertValues([2, 2])
    }

    func testProducerReplaysCurrentValueSynchronouslyThenChanges() {
        let property = MutableProperty("a")
        let observer = TestObserver<String, Never>()
        property.producer.start(observer.observer)
        observer.assertValues(["a"])
        property.value = "b"
        observer.assertValues(["a", "b"])
    }

    func testSignalCompletesWhenPropertyIsDeinitialized() {
        let observer = TestObserver<Int, Never>()
        var property: MutableProperty<Int>? = MutableProperty(0)
        property?.signal.observe(observer.observer)
        property = nil
        observer.assertDidComplete()
    }

    /// `signal` makes a new wrapper of the property's one signal on each access: dropping
    /// one, even with nobody observing, does not end the signal; the property's end does.
    func testSignalWrappersComeAndGoButTheSignalEndsWithTheProperty() {
        var property: MutableProperty<Int>? = MutableProperty(0)
        for _ in 0..<3 { _ = property?.signal }
        XCTAssertFalse(property?.signal.core.hasTerminated ?? true, "a dropped wrapper does not interrupt the property")
        let observer = TestObserver<Int, Never>()
        property?.signal.observe(observer.observer)
        property?.value = 1
        XCTAssertTrue(property?.signal.core === property?.signal.core, "every wrapper is of the same signal")
        property = nil
        XCTAssertEqual(observer.values, [1])
        observer.assertDidComplete()
    }

    func testModifyAndSwap() {
        let property = MutableProperty(10)
        let observer = TestObserver<Int, Never>()
        property.signal.observe(observer.observer)
        let result = property.modify { value -> String in
            value += 5
            return "done"
        }
        XCTAssertEqual(result, "done")
        XCTAssertEqual(property.swap(1), 15)
        observer.assertValues([15, 1])
    }

    func testReadOnlyPropertyViews() {
        let source = MutableProperty(1)
        let view = Property(capturing: source)
        let constant = Property(value: "x")
        let observer = TestObserver<Int, Never>()
        view.producer.start(observer.observer)
        source.value = 2
        XCTAssertEqual(view.value, 2)
        XCTAssertEqual(constant.value, "x")
        observer.assertValues([1, 2])
    }

    func testPropertyFromInitialAndSignal() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let property = Property(initial: 0, then: signal)
        XCTAssertEqual(property.value, 0)
        input.send(value: 4)
        XCTAssertEqual(property.value, 4)
    }

    func testDerivedPropertiesMapSkipRepeatsAndCombine() {
        let a = MutableProperty(1)
        let b = MutableProperty("x")
        let doubled = a.map { $0 * 2 }
        let distinct = a.skipRepeats()
        let both = a.combineLatest(with: b)
        let distinctValues = TestObserver<Int, Never>()
        distinct.signal.observe(distinctValues.observer)

        XCTAssertEqual(doubled.value, 2)
        XCTAssertEqual(both.value.0, 1)
        a.value = 1
        a.value = 3
        b.value = "y"
        XCTAssertEqual(doubled.value, 6)
        XCTAssertEqual(both.value.0, 3)
        XCTAssertEqual(both.value.1, "y")
        distinctValues.assertValues([3])
    }

    func testDerivedPropertyCreatedWhileItsSourceDeliversStartsFromTheCurrentValue() {
        let source = MutableProperty(1)
        var derived: Property<Int>?
        var seenByDerived: [Int] = []
        source.signal.observeValues { value in
            guard value == 2, derived == nil else { return }
            let created = source.map { $0 * 10 }
            created.signal.observeValues { seenByDerived.append($0) }
            derived = created
        }

        source.value = 2
        XCTAssertEqual(derived?.value, 20, "a property has its value from the start")
        source.value = 3

        XCTAssertEqual(derived?.value, 30)
        XCTAssertEqual(seenByDerived, [30])
    }

    func testDerivedPropertyKeepsSourceAlive() {
        weak var weakSource: MutableProperty<Int>?
        var derived: Property<Int>?
        do {
            let source = MutableProperty(5)
            weakSource = source
            derived = source.map { $0 + 1 }
        }
        XCTAssertNotNil(weakSource)
        XCTAssertEqual(derived?.value, 6)
        derived = nil
        XCTAssertNil(weakSource, "released with the derived property")
    }

    /// A binding from a signal (its own `<~` for a `MutableProperty`) and one through the
    /// general `<~` (a producer source) feed the property as long as it lives, do not keep it
    /// alive, and end with it.
    func testBindingOperatorFeedsTargetUntilItsLifetimeEnds() {
        let ways: [(String, (MutableProperty<Int>, Signal<Int, Never>) -> Void)] = [
            ("from a signal", { target, signal in target <~ signal }),
            ("from a producer", { target, signal in target <~ SignalProducer(signal) }),
        ]
        for (way, bind) in ways {
            let (signal, input) = Signal<Int, Never>.pipe()
            var target: MutableProperty<Int>? = MutableProperty(0)
            if let target { bind(target, signal) }
            input.send(value: 3)
            XCTAssertEqual(target?.value, 3, way)
            weak let weakTarget = target
            target = nil
            XCTAssertNil(weakTarget, "a binding does not keep its target alive (\(way))")
            XCTAssertEqual(signal.core.observerCount, 0, "the target's end ends the binding (\(way))")
            input.send(value: 4)
        }
    }

    /// A binding into a `MutableProperty` sets the value as `value`'s setter would: observers
    /// of the property see each bound value, and the binding's events after the property has
    /// ended go nowhere.
    func testBindingIntoAPropertyNotifiesItsObservers() {
        let (signal, input) = Signal<String, Never>.pipe()
        var target: MutableProperty<String>? = MutableProperty("")
        let observer = TestObserver<String, Never>()
        target?.signal.observe(observer.observer)
        if let target { target <~ signal }
        input.send(value: "a")
        input.send(value: "b")
        XCTAssertEqual(observer.values, ["a", "b"])
        target = nil
        XCTAssertTrue(observer.didComplete, "the property completed at its end")
        input.send(value: "c")
        XCTAssertEqual(observer.values, ["a", "b"])
        XCTAssertEqual(signal.core.observerCount, 0)
    }

    func testBindingFromASignalEndsWithEitherSideAndCanBeDisposed() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let target = MutableProperty(0)
        let binding = target <~ signal
        XCTAssertEqual(signal.core.observerCount, 1, "a signal source is observed directly")
        input.send(value: 1)
        XCTAssertEqual(target.value, 1)
        binding?.dispose()
        XCTAssertEqual(signal.core.observerCount, 0, "disposing the binding lets go of the source")
        input.send(value: 2)
        XCTAssertEqual(target.value, 1)

        // The source ends: the binding is over, and the target's lifetime no longer holds it.
        let (ending, endingInput) = Signal<Int, Never>.pipe()
        target <~ ending
        endingInput.send(value: 5)
        endingInput.sendCompleted()
        XCTAssertEqual(target.value, 5)
        XCTAssertEqual(ending.core.observerCount, 0)

        // An ended source, or a target whose lifetime has ended, binds nothing.
        XCTAssertNil(target <~ ending)
        let (late, lateInput) = Signal<Int, Never>.pipe()
        let (lifetime, token) = Lifetime.make()
        token.dispose()
        XCTAssertNil(BindingTarget<Int>(lifetime: lifetime) { _ in XCTFail("bound after its end") } <~ late)
        lateInput.send(value: 6)
        XCTAssertEqual(late.core.observerCount, 0)
    }

    func testBindingFromProducerAndProperty() {
        let source = MutableProperty(7)
        let target = MutableProperty(0)
        let binding = target <~ source
        XCTAssertEqual(target.value, 7, "a property binding applies the current value at once")
        source.value = 8
        XCTAssertEqual(target.value, 8)
        binding?.dispose()
        source.value = 9
        XCTAssertEqual(target.value, 8)
    }
}

extension PropertyTests {
    /// A started producer that nobody disposes must not keep its property alive (found by the
    /// fuzzer as a leak of every property output of a session dropped without destroy).
    func testUndisposedProducerDoesNotKeepItsPropertyAlive() {
        weak var weakDerived: Property<Int>?
        weak var weakSource: MutableProperty<Int>?
        let observer = TestObserver<Int, Never>()
        do {
            let source = MutableProperty(1)
            let derived = source.map { $0 * 10 }
            weakSource = source
            weakDerived = derived
            derived.producer.start(observer.observer)
            source.value = 2
        }
        XCTAssertNil(weakDerived, "the started producer kept the property alive")
        XCTAssertNil(weakSource)
        observer.assertValues([10, 20])
        observer.assertDidComplete()
    }
}
