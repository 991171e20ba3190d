import Signals
import SignalsTesting
import XCTest

/// `flatten(.concat)` and `flatten(.concurrent(limit:))`: inner streams wait for a free slot
/// and start in arrival order.
final class FlattenConcatTests: XCTestCase {
    private struct TestError: Error, Equatable { let code: Int }
    private typealias Inner = SignalProducer<Int, TestError>
    private typealias Pipe = (output: Signal<Int, TestError>, input: Signal<Int, TestError>.Observer)

    // MARK: concat

    func testFlattenConcat_StartsQueuedInnersOneAtATimeInArrivalOrder() {
        let (outer, outerInput) = Signal<Inner, TestError>.pipe()
        let pipes = ["A", "B", "C"].map { _ in Signal<Int, TestError>.pipe() }
        var started: [String] = []
        func inner(_ name: String, _ pipe: Pipe) -> Inner {
            Inner { observer, lifetime in
                started.append(name)
                lifetime += pipe.output.observe(observer)
            }
        }
        let result = TestObserver<Int, TestError>()
        outer.flatten(.concat).observe(result.observer)

        outerInput.send(value: inner("A", pipes[0]))
        outerInput.send(value: inner("B", pipes[1]))
        outerInput.send(value: inner("C", pipes[2]))
        XCTAssertEqual(started, ["A"])
        pipes[0].input.send(value: 1)
        pipes[1].input.send(value: 99) // B has not started: nobody listens yet
        pipes[0].input.sendCompleted()
        XCTAssertEqual(started, ["A", "B"])
        pipes[1].input.send(value: 2)
        pipes[1].input.sendCompleted()
        XCTAssertEqual(started, ["A", "B", "C"])
        pipes[2].input.send(value: 3)

        XCTAssertEqual(result.events, [.value(1), .value(2), .value(3)])
    }

    func testFlattenConcat_OuterCompletedFirst_WaitsForRunningAndQueuedInners() {
        let (outer, outerInput) = Signal<Inner, TestError>.pipe()
        let a = Signal<Int, TestError>.pipe(), b = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        outer.flatten(.concat).observe(result.observer)
        outerInput.send(value: Inner(a.output))
        outerInput.send(value: Inner(b.output))

        outerInput.sendCompleted()
        a.input.sendCompleted()
        result.assertDidNotTerminate("B is running")
        b.input.send(value: 5)
        b.input.sendCompleted()

        XCTAssertEqual(result.events, [.value(5), .completed])
    }

    func testFlattenConcat_InnersCompletedFirst_CompletesWithTheOuter() {
        let (outer, outerInput) = Signal<Inner, TestError>.pipe()
        let a = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        outer.flatten(.concat).observe(result.observer)
        outerInput.send(value: Inner(a.output))
        a.input.send(value: 1)
        a.input.sendCompleted()
        result.assertDidNotTerminate()

        outerInput.sendCompleted()

        XCTAssertEqual(result.events, [.value(1), .completed])
    }

    func testFlattenConcat_InnerInterrupted_StartsTheNextInner() {
        let (outer, outerInput) = Signal<Inner, TestError>.pipe()
        let a = Signal<Int, TestError>.pipe(), b = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        outer.flatten(.concat).observe(result.observer)
        outerInput.send(value: Inner(a.output))
        outerInput.send(value: Inner(b.output))

        a.input.sendInterrupted()
        b.input.send(value: 2)

        XCTAssertEqual(result.events, [.value(2)])
    }

    func testFlattenConcat_InnerFailure_FailsResultAndDropsQueuedInners() {
        let (outer, outerInput) = Signal<Inner, TestError>.pipe()
        let a = Signal<Int, TestError>.pipe()
        var queuedStarted = false
        let result = TestObserver<Int, TestError>()
        outer.flatten(.concat).observe(result.observer)
        outerInput.send(value: Inner(a.output))
        outerInput.send(value: Inner { _, _ in queuedStarted = true })

        a.input.send(error: TestError(code: 3))

        XCTAssertEqual(result.events, [.failed(TestError(code: 3))])
        XCTAssertFalse(queuedStarted)
    }

    func testFlattenConcat_ThousandsOfQueuedSynchronousInners_StartWithoutRecursion() {
        let count = 50_000
        let (outer, outerInput) = Signal<SignalProducer<Int, Never>, Never>.pipe()
        let first = Signal<Int, Never>.pipe()
        let result = TestObserver<Int, Never>()
        outer.flatten(.concat).observe(result.observer)
        outerInput.send(value: SignalProducer(first.output))
        for value in 0..<count { outerInput.send(value: SignalProducer(value: value)) }
        outerInput.sendCompleted()

        // Each queued inner completes while it is being started; starting the next one from
        // that completion would nest 50,000 deep and overflow the stack.
        first.input.sendCompleted()

        XCTAssertEqual(result.values, Array(0..<count))
        result.assertDidComplete()
    }

    // MARK: concurrent(limit:)

    func testFlattenConcurrent_RunsAtMostLimitInnersAndStartsWaitingOnesInOrder() {
        let (outer, outerInput) = Signal<Inner, TestError>.pipe()
        let pipes = (0..<3).map { _ in Signal<Int, TestError>.pipe() }
        var started: [Int] = []
        let result = TestObserver<Int, TestError>()
        outer.flatten(.concurrent(limit: 2)).observe(result.observer)

        for (index, pipe) in pipes.enumerated() {
            outerInput.send(value: Inner { observer, lifetime in
                started.append(index)
                lifetime += pipe.output.observe(observer)
            })
        }
        XCTAssertEqual(started, [0, 1])
        pipes[1].input.send(value: 1)
        pipes[0].input.send(value: 0)
        pipes[1].input.sendCompleted()
        XCTAssertEqual(started, [0, 1, 2])
        pipes[2].input.send(value: 2)
        outerInput.sendCompleted()
        pipes[0].input.sendCompleted()
        result.assertDidNotTerminate()
        pipes[2].input.sendCompleted()

        XCTAssertEqual(result.events, [.value(1), .value(0), .value(2), .completed])
    }

    // MARK: disposal and producers

    func testFlattenConcat_DisposingTheObservation_InterruptsTheRunningInner() {
        let (outer, outerInput) = Signal<Inner, TestError>.pipe()
        let a = Signal<Int, TestError>.pipe()
        let aSeen = TestObserver<Int, TestError>()
        var queuedStarted = false
        let observation = outer.flatten(.concat).observe { _ in }
        outerInput.send(value: Inner(a.output).recording(into: aSeen))
        outerInput.send(value: Inner { _, _ in queuedStarted = true })

        // No observer and no reference left: the flattened signal is interrupted.
        observation?.dispose()

        XCTAssertEqual(aSeen.events, [.interrupted])
        XCTAssertFalse(queuedStarted, "a queued inner must not start during teardown")
    }

    func testFlattenConcat_ProducerOfProducers_StartsEachInnerAfterThePrevious() {
        let result = TestObserver<Int, TestError>()

        SignalProducer<Inner, TestError>([Inner(values: 1, 2), Inner(value: 3)])
            .flatten(.concat)
            .start(result.observer)

        XCTAssertEqual(result.events, [.value(1), .value(2), .value(3), .completed])
    }
}
