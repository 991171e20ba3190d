import Foundation
import XCTest
@testable import Signals
import SignalsTesting

/// The operators whose signal core is itself their subscription to their source
/// (`Signal.Operator`): one object per operator, events handed over by address and taken over
/// by the operator, state without a lock because the source delivers one event at a time.
final class OperatorTests: XCTestCase {
    /// Every operator built as a `Signal.Operator`, applied to a `String` source.
    private let operators: [(name: String, apply: (Signal<String, Never>) -> Signal<String, Never>)] = [
        ("map", { $0.map { $0 + "!" } }),
        ("mapConst", { $0.mapConst("constant") }),
        ("filter", { $0.filter { !$0.isEmpty } }),
        ("take(first:)", { $0.take(first: 1_000) }),
        ("skip(first:)", { $0.skip(first: 1) }),
    ]

    func testAnOperatorIsTheOnlyObjectInItsSourcesObserverList() {
        for (name, apply) in operators {
            // The input is kept: without it the source would be interrupted at once.
            let (source, input) = Signal<String, Never>.pipe()
            let derived = apply(source)
            XCTAssertTrue(source.core.observers.single === derived.core, "\(name)'s core is its own subscription")
            XCTAssertTrue(derived.core.receivesInPlace, name)
            XCTAssertFalse(source.core.receivesInPlace, "a pipe's core observes nothing")
            withExtendedLifetime(input) {}
        }
    }

    /// Values holding references go through every operator (each takes over a copy of the
    /// event), arrive intact, and are freed exactly once when the graph is gone.
    func testEventsWithReferencesArriveIntactAndAreFreedOnce() {
        Tracked.live.store(0)
        do {
            let (source, input) = Signal<(Tracked, String), Never>.pipe()
            let received = TestObserver<String, Never>()
            source
                .filter { $0.1 != "drop" }
                .skip(first: 1)
                .map { pair in "\(pair.0.id):\(pair.1)" }
                .take(first: 3)
                .observe(received.observer)
            for (index, text) in ["first", "drop", "a", "b", "drop", "c", "d"].enumerated() {
                input.send(value: (Tracked(id: index), text))
            }
            XCTAssertEqual(received.values, ["2:a", "3:b", "5:c"])
            received.assertDidComplete()
            XCTAssertEqual(source.core.observerCount, 0, "the chain let go of its source when take ended it")
        }
        XCTAssertEqual(Tracked.live.load(), 0, "every value was freed, once")
    }

    func testAnOperatorOnAnEndedSignalIsInterruptedAtOnce() {
        for (name, apply) in operators {
            let (source, input) = Signal<String, Never>.pipe()
            input.sendCompleted()
            let derived = apply(source)
            XCTAssertTrue(derived.core.hasTerminated, "\(name) ended with its source")
            let observer = TestObserver<String, Never>()
            derived.observe(observer.observer)
            XCTAssertTrue(observer.didInterrupt, name)
        }
    }

    /// `take(first:)` and `skip(first:)` count without a lock: sends from several threads are
    /// serialized by the source, so each counts every value exactly once.
    func testCountingOperatorsCountExactlyUnderConcurrentSends() {
        let (source, input) = Signal<Int, Never>.pipe()
        let taken = TestObserver<Int, Never>()
        let skipped = TestObserver<Int, Never>()
        source.take(first: 1_000).observe(taken.observer)
        source.skip(first: 1_000).observe(skipped.observer)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for value in 0..<750 { input.send(value: thread * 1_000 + value) }
        }
        XCTAssertEqual(taken.values.count, 1_000)
        taken.assertDidComplete()
        XCTAssertEqual(skipped.values.count, 2_000)
        XCTAssertEqual(Set(taken.values).union(skipped.values).count, 3_000, "no value taken twice or lost")
    }

    /// `merge` and `combineLatest` observe their first source with their own core and put
    /// one `Inlet` in each other source's observer list, and take them all out when they end.
    func testOperatorsWithSeveralSourcesHoldOneInletPerSourceAfterTheFirstUntilTheyEnd() {
        let pipes = (0..<3).map { _ in Signal<Int, Never>.pipe() }
        let merged = Signal.merge(pipes.map(\.output))
        let combined = Signal.combineLatest(pipes[0].output, pipes[1].output, pipes[2].output)
        XCTAssertTrue(pipes[0].output.core.observers.all.elementsEqual([merged.core, combined.core], by: ===), "the first source: observed by the operators' cores")
        for (index, pipe) in pipes.enumerated().dropFirst() {
            XCTAssertEqual(pipe.output.core.observerCount, 2, "source \(index): one inlet for each operator")
            XCTAssertTrue(pipe.output.core.observers.all.allSatisfy { $0 is Inlet })
        }
        let mergedValues = TestObserver<Int, Never>()
        let combinedValues = TestObserver<Int, Never>()
        merged.observe(mergedValues.observer)
        combined.map { $0 + $1 + $2 }.observe(combinedValues.observer)
        for (index, pipe) in pipes.enumerated() { pipe.input.send(value: index + 1) }
        pipes[0].input.send(value: 10)
        XCTAssertEqual(mergedValues.values, [1, 2, 3, 10])
        XCTAssertEqual(combinedValues.values, [6, 15])
        // An interruption of one source ends both at once and frees every inlet.
        pipes[1].input.sendInterrupted()
        XCTAssertTrue(mergedValues.didInterrupt)
        XCTAssertTrue(combinedValues.didInterrupt)
        for pipe in pipes { XCTAssertEqual(pipe.output.core.observerCount, 0) }
    }

    /// Completion ends a merge or a combination once, after every source completed, whatever
    /// the threads the sources send on.
    func testOperatorsWithSeveralSourcesCompleteOnceUnderConcurrentSends() {
        let pipes = (0..<4).map { _ in Signal<Int, Never>.pipe() }
        let merged = TestObserver<Int, Never>()
        let combined = TestObserver<Int, Never>()
        Signal.merge(pipes.map(\.output)).observe(merged.observer)
        Signal.combineLatest(pipes[0].output, pipes[1].output, pipes[2].output, pipes[3].output)
            .map { $0 + $1 + $2 + $3 }
            .observe(combined.observer)
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            for value in 0..<500 { pipes[index].input.send(value: value) }
            pipes[index].input.sendCompleted()
        }
        XCTAssertEqual(merged.values.count, 2_000)
        merged.assertDidComplete()
        XCTAssertEqual(merged.events.filter(\.isTerminating).count, 1)
        XCTAssertEqual(combined.values.last, 4 * 499, "the last combination has every source's last value")
        combined.assertDidComplete()
        for pipe in pipes { XCTAssertEqual(pipe.output.core.observerCount, 0) }
    }

    /// A merge or combination built on a source that has already ended is interrupted at
    /// once, and its inlets on the other sources are removed again.
    func testOperatorsWithSeveralSourcesOnAnEndedSourceEndAtOnce() {
        let (ended, endedInput) = Signal<Int, Never>.pipe()
        endedInput.sendCompleted()
        let (live, liveInput) = Signal<Int, Never>.pipe()
        let merged = TestObserver<Int, Never>()
        let combined = TestObserver<(Int, Int), Never>()
        Signal.merge(ended, live).observe(merged.observer)
        Signal.combineLatest(ended, live).observe(combined.observer)
        XCTAssertTrue(merged.didInterrupt)
        XCTAssertTrue(combined.didInterrupt)
        XCTAssertEqual(live.core.observerCount, 0, "no inlet left behind on the live source")
        withExtendedLifetime(liveInput) {}
    }

    /// `take(until:)`: the source's events go through until the trigger sends a value or
    /// completes; an interrupted trigger changes nothing.
    func testTakeUntilEndsOnTheTriggersValueOrCompletionButNotItsInterruption() {
        for ending in ["value", "completed", "interrupted"] {
            let (source, input) = Signal<Int, Never>.pipe()
            let (trigger, pull) = Signal<(), Never>.pipe()
            let observer = TestObserver<Int, Never>()
            source.take(until: trigger).observe(observer.observer)
            input.send(value: 1)
            switch ending {
            case "value": pull.send(value: ())
            case "completed": pull.sendCompleted()
            default: pull.sendInterrupted()
            }
            input.send(value: 2)
            if ending == "interrupted" {
                XCTAssertEqual(observer.values, [1, 2], ending)
                XCTAssertEqual(source.core.observerCount, 1, "still observing its source")
                input.sendCompleted()
            } else {
                XCTAssertEqual(observer.values, [1], ending)
            }
            observer.assertDidComplete(ending)
            XCTAssertEqual(source.core.observerCount, 0, "\(ending): the inlet left the source")
            XCTAssertEqual(trigger.core.observerCount, 0, "\(ending): the inlet left the trigger")
        }
    }

    /// `combineLatest` of a sequence runs on the same engine as the fixed arities: nothing
    /// before every source has a value, then an array per value; the core observes the first
    /// source, an inlet each other.
    func testCombineLatestOfASequenceCombinesInSourceOrder() {
        let pipes = (0..<3).map { _ in Signal<Int, Never>.pipe() }
        let observer = TestObserver<[Int], Never>()
        let combined = Signal.combineLatest(pipes.map(\.output))
        combined.observe(observer.observer)
        XCTAssertTrue(pipes[0].output.core.observers.single === combined.core)
        XCTAssertTrue(pipes.dropFirst().allSatisfy { $0.output.core.observers.single is Inlet })
        pipes[2].input.send(value: 3)
        pipes[0].input.send(value: 1)
        XCTAssertEqual(observer.values, [])
        pipes[1].input.send(value: 2)
        pipes[0].input.send(value: 10)
        XCTAssertEqual(observer.values, [[1, 2, 3], [10, 2, 3]])
        for pipe in pipes { pipe.input.sendCompleted() }
        observer.assertDidComplete()
        XCTAssertTrue(pipes.allSatisfy { $0.output.core.observerCount == 0 })

        let empty = TestObserver<[Int], Never>()
        Signal<Int, Never>.combineLatest([Signal<Int, Never>]()).observe(empty.observer)
        XCTAssertTrue(empty.didInterrupt, "an empty sequence has ended before anyone observes it (an ended signal's observer is interrupted)")
    }

    /// A merge keeps its inlets chained in its lifetime: ending it removes every one from its
    /// source, one after the other (ten thousand sources, no deep recursion).
    func testAMergeOfManySourcesFreesEveryInletWhenItEnds() {
        let pipes = (0..<10_000).map { _ in Signal<Int, Never>.pipe() }
        let observer = TestObserver<Int, Never>()
        Signal.merge(pipes.map(\.output)).observe(observer.observer)
        XCTAssertTrue(pipes.allSatisfy { $0.output.core.observerCount == 1 })
        pipes[9_999].input.send(value: 7)
        pipes[5_000].input.sendInterrupted()
        XCTAssertEqual(observer.values, [7])
        XCTAssertTrue(observer.didInterrupt)
        XCTAssertTrue(pipes.allSatisfy { $0.output.core.observerCount == 0 }, "every inlet was removed")
    }
}

/// A value that counts its live instances.
private final class Tracked: @unchecked Sendable {
    static let live = LiveCount()
    let id: Int

    init(id: Int) {
        self.id = id
        Tracked.live.add(1)
    }

    deinit { Tracked.live.add(-1) }
}

/// A thread-safe counter.
private final class LiveCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func add(_ delta: Int) { lock.withLock { count += delta } }
    func store(_ value: Int) { lock.withLock { count = value } }
    func load() -> Int { lock.withLock { count } }
}
