import XCTest
@testable import Signals
import SignalsTesting

/// The operators without an input `Observer` object, whose core is its own lifetime: those
/// built with `Signal.relaying(_:)` and those whose core observes its sources itself
/// (`Signal.Operator`, or a core fed by `Inlet`s; see `OperatorTests`). Each must still end
/// when its source ends, let go of its source when it can no longer be observed, and free its
/// whole graph afterwards.
final class RelayedOperatorTests: XCTestCase {
    /// Every relayed operator, applied to an `Int` source.
    private let operators: [(name: String, apply: (Signal<Int, Never>) -> Signal<Int, Never>)] = [
        ("map", { $0.map { $0 + 1 } }),
        ("filter", { $0.filter { $0 > 0 } }),
        ("compactMap", { $0.compactMap { $0 > 0 ? $0 : nil } }),
        ("skip(first:)", { $0.skip(first: 1) }),
        ("skip(while:)", { $0.skip { $0 < 0 } }),
        ("take(first:)", { $0.take(first: 5) }),
        ("take(while:)", { $0.take { $0 < 100 } }),
        ("merge", { Signal.merge($0, Signal<Int, Never>.never) }),
        ("sample(with:)", { source in
            // Sampled by the source itself: a value is sent once one has been stored.
            source.sample(with: source).map { $0.0 }
        }),
        ("sample(on:)", { source in source.sample(on: source.mapConst(())) }),
        ("mapConst", { $0.mapConst(7) }),
        ("combineLatest", { Signal.combineLatest($0, $0.map { $0 * 2 }, $0.filter { _ in true }).map { $0.0 } }),
        ("combineLatest([])", { Signal.combineLatest([$0, $0]).map { $0[0] } }),
    ]

    func testEachOperatorForwardsValuesAndEndsWhenItsSourceEnds() {
        for (name, apply) in operators where name != "merge" {
            let (source, input) = Signal<Int, Never>.pipe()
            let observer = TestObserver<Int, Never>()
            apply(source).observe(observer.observer)
            input.send(value: 1)
            input.send(value: 2)
            input.sendCompleted()
            XCTAssertFalse(observer.values.isEmpty, "\(name) forwards values")
            observer.assertDidComplete()
            XCTAssertEqual(source.core.observerCount, 0, "\(name) is removed from its ended source")
        }
    }

    func testEachOperatorIsInterruptedWhenItsSourceIsInterrupted() {
        for (name, apply) in operators {
            var input: Signal<Int, Never>.Observer? = nil
            let source: Signal<Int, Never>
            (source, input) = Signal<Int, Never>.pipe()
            let observer = TestObserver<Int, Never>()
            apply(source).observe(observer.observer)
            // The source's last input goes away: the source is interrupted, and so is the operator.
            input = nil
            XCTAssertNil(input)
            XCTAssertTrue(observer.didInterrupt, "\(name) is interrupted with its source")
        }
    }

    func testAnOperatorNobodyCanObserveLetsGoOfItsSource() {
        for (name, apply) in operators {
            let (source, input) = Signal<Int, Never>.pipe()
            weak var operatorCore: Signal<Int, Never>.Core?
            do {
                let derived = apply(source)
                operatorCore = derived.core
                XCTAssertGreaterThan(source.core.observerCount, 0, "\(name) observes its source")
            }
            // No wrapper and no observer: the operator is interrupted, its subscription to the
            // source disposed (its lifetime ended), and its core freed.
            XCTAssertEqual(source.core.observerCount, 0, "\(name) lets go of its source")
            XCTAssertNil(operatorCore, "\(name)'s core is freed")
            input.send(value: 1) // nobody left to deliver to
        }
    }

    func testAnOperatorWhoseLastObserverLeavesFreesItsGraph() {
        for (name, apply) in operators {
            let (source, input) = Signal<Int, Never>.pipe()
            weak var operatorCore: Signal<Int, Never>.Core?
            let observer = TestObserver<Int, Never>()
            var disposable: Disposable?
            do {
                let derived = apply(source)
                operatorCore = derived.core
                disposable = derived.observe(observer.observer)
            }
            XCTAssertNotNil(operatorCore, "\(name) lives while observed")
            disposable?.dispose()
            XCTAssertEqual(source.core.observerCount, 0, "\(name) lets go of its source")
            XCTAssertNil(operatorCore, "\(name)'s core is freed")
            input.send(value: 1)
            XCTAssertTrue(observer.values.isEmpty, "\(name) sends nothing after disposal")
        }
    }

    func testAnOperatorOfAnEndedSourceEndsAtOnce() {
        let (source, input) = Signal<Int, Never>.pipe()
        input.sendCompleted()
        let mapped = TestObserver<Int, Never>()
        source.map { $0 }.observe(mapped.observer)
        mapped.assertDidInterrupt() // ReactiveSwift: observing an ended signal gives `interrupted`
        let taken = TestObserver<Int, Never>()
        source.take(first: 0).observe(taken.observer)
        taken.assertDidInterrupt()
    }

    func testTheCoreIsItsSignalsLifetime() {
        let (source, input) = Signal<Int, Never>.pipe()
        var ended = false
        source.core.lifetime.observeEnded { ended = true }
        XCTAssertFalse(source.core.lifetime.hasEnded)
        input.sendCompleted()
        XCTAssertTrue(ended, "the lifetime ends with the signal")
        XCTAssertTrue(source.core.lifetime.hasEnded)
        // Work attached after the end runs at once, as for any ended lifetime.
        var lateRan = false
        source.core.lifetime.observeEnded { lateRan = true }
        XCTAssertTrue(lateRan)
    }
}
