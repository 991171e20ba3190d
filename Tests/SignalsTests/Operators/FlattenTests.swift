import Dispatch
import Signals
import SignalsTesting
import XCTest

/// `flatten` with `merge`, and what every strategy shares: synchronous inners, reentrancy,
/// error types, threads. `concat` and `concurrent(limit:)` are in `FlattenConcatTests`,
/// `latest` in `FlattenLatestTests`. Inner streams are mostly producers over pipes, so each test
/// decides exactly when every inner stream sends.
final class FlattenTests: XCTestCase {
    private struct TestError: Error, Equatable { let code: Int }
    private typealias Inner = SignalProducer<Int, TestError>

    // MARK: merge

    func testFlattenMerge_ForwardsValuesOfAllInnersAsTheyCome() {
        let (outer, outerInput) = Signal<Inner, TestError>.pipe()
        let a = Signal<Int, TestError>.pipe(), b = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        outer.flatten(.merge).observe(result.observer)

        outerInput.send(value: Inner(a.output))
        a.input.send(value: 1)
        outerInput.send(value: Inner(b.output))
        b.input.send(value: 10)
        a.input.send(value: 2)
        b.input.send(value: 20)

        XCTAssertEqual(result.events, [.value(1), .value(10), .value(2), .value(20)])
    }

    func testFlattenMerge_OuterCompletedFirst_CompletesAfterTheLastInner() {
        let (outer, outerInput) = Signal<Inner, TestError>.pipe()
        let a = Signal<Int, TestError>.pipe(), b = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        outer.flatten(.merge).observe(result.observer)
        outerInput.send(value: Inner(a.output))
        outerInput.send(value: Inner(b.output))

        outerInput.sendCompleted()
        result.assertDidNotTerminate()
        a.input.send(value: 1)
        a.input.sendCompleted()
        result.assertDidNotTerminate()
        b.input.sendCompleted()

        XCTAssertEqual(result.events, [.value(1), .completed])
    }

    func testFlattenMerge_InnersCompletedFirst_CompletesWithTheOuter() {
        let (outer, outerInput) = Signal<Inner, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        outer.flatten(.merge).observe(result.observer)
        outerInput.send(value: Inner(value: 1))
        outerInput.send(value: Inner(value: 2))
        result.assertDidNotTerminate()

        outerInput.sendCompleted()

        XCTAssertEqual(result.events, [.value(1), .value(2), .completed])
    }

    func testFlattenMerge_InnerFailure_FailsResultAndInterruptsOtherInners() {
        let (outer, outerInput) = Signal<Inner, TestError>.pipe()
        let a = Signal<Int, TestError>.pipe(), b = Signal<Int, TestError>.pipe()
        let bSeen = TestObserver<Int, TestError>()
        let result = TestObserver<Int, TestError>()
        outer.flatten(.merge).observe(result.observer)
        outerInput.send(value: Inner(a.output))
        outerInput.send(value: Inner(b.output).recording(into: bSeen))

        a.input.send(error: TestError(code: 1))
        b.input.send(value: 2)

        XCTAssertEqual(result.events, [.failed(TestError(code: 1))])
        XCTAssertEqual(bSeen.events, [.interrupted])
    }

    func testFlattenMerge_InnerInterrupted_CountsAsCompletion() {
        let (outer, outerInput) = Signal<Inner, TestError>.pipe()
        let a = Signal<Int, TestError>.pipe(), b = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        outer.flatten(.merge).observe(result.observer)
        outerInput.send(value: Inner(a.output))
        outerInput.send(value: Inner(b.output))

        a.input.sendInterrupted()
        b.input.send(value: 1)
        result.assertDidNotTerminate()
        outerInput.sendCompleted()
        b.input.sendCompleted()

        XCTAssertEqual(result.events, [.value(1), .completed])
    }

    func testFlattenMerge_OuterFailure_FailsResultAndInterruptsInners() {
        let (outer, outerInput) = Signal<Inner, TestError>.pipe()
        let a = Signal<Int, TestError>.pipe()
        let aSeen = TestObserver<Int, TestError>()
        let result = TestObserver<Int, TestError>()
        outer.flatten(.merge).observe(result.observer)
        outerInput.send(value: Inner(a.output).recording(into: aSeen))

        outerInput.send(error: TestError(code: 9))

        XCTAssertEqual(result.events, [.failed(TestError(code: 9))])
        XCTAssertEqual(aSeen.events, [.interrupted])
    }

    func testFlattenMerge_OuterInterrupted_InterruptsResultAndInners() {
        let (outer, outerInput) = Signal<Inner, TestError>.pipe()
        let a = Signal<Int, TestError>.pipe()
        let aSeen = TestObserver<Int, TestError>()
        let result = TestObserver<Int, TestError>()
        outer.flatten(.merge).observe(result.observer)
        outerInput.send(value: Inner(a.output).recording(into: aSeen))

        outerInput.sendInterrupted()

        XCTAssertEqual(result.events, [.interrupted])
        XCTAssertEqual(aSeen.events, [.interrupted])
    }

    // MARK: synchronous inners and reentrancy

    func testFlatten_SynchronousInners_ForwardEveryValueWithEachStrategy() {
        for strategy: FlattenStrategy in [.merge, .concat, .latest, .concurrent(limit: 2)] {
            let (outer, outerInput) = Signal<SignalProducer<Int, Never>, Never>.pipe()
            let result = TestObserver<Int, Never>()
            outer.flatten(strategy).observe(result.observer)

            outerInput.send(value: SignalProducer(values: 1, 2))
            outerInput.send(value: SignalProducer(value: 3))
            outerInput.sendCompleted()

            XCTAssertEqual(result.events, [.value(1), .value(2), .value(3), .completed], "\(strategy)")
        }
    }

    func testFlatten_OuterValueSentFromResultObserver_IsFlattenedAfterTheCurrentValue() {
        for strategy: FlattenStrategy in [.merge, .concat, .latest] {
            let (outer, outerInput) = Signal<Int, Never>.pipe()
            let result = TestObserver<Int, Never>()
            var seen: [Int] = []
            let flattened = outer.flatMap(strategy) { n in SignalProducer<Int, Never>(values: n, n * 10) }
            flattened.observeValues { value in
                seen.append(value)
                // A view model feeding its own input from an output: reentrant outer send.
                if value == 1 { outerInput.send(value: 2) }
            }
            flattened.observe(result.observer)

            outerInput.send(value: 1)

            XCTAssertEqual(seen, [1, 10, 2, 20], "\(strategy)")
            XCTAssertEqual(result.values, [1, 10, 2, 20], "\(strategy)")
        }
    }

    // MARK: disposal

    func testFlattenMerge_DisposingTheProducerStart_InterruptsRunningInners() {
        let (outer, outerInput) = Signal<Inner, TestError>.pipe()
        let a = Signal<Int, TestError>.pipe(), b = Signal<Int, TestError>.pipe()
        let aSeen = TestObserver<Int, TestError>(), bSeen = TestObserver<Int, TestError>()
        let result = TestObserver<Int, TestError>()
        let disposable = SignalProducer(outer).flatten(.merge).start(result.observer)
        outerInput.send(value: Inner(a.output).recording(into: aSeen))
        outerInput.send(value: Inner(b.output).recording(into: bSeen))
        a.input.send(value: 1)

        disposable.dispose()
        b.input.send(value: 2)

        XCTAssertEqual(result.events, [.value(1), .interrupted])
        XCTAssertEqual(aSeen.events, [.value(1), .interrupted])
        XCTAssertEqual(bSeen.events, [.interrupted])
    }

    // MARK: producers and signals as outer and inner streams

    func testFlattenMerge_SignalOfSignals_ForwardsEverySignal() {
        let (outer, outerInput) = Signal<Signal<Int, TestError>, TestError>.pipe()
        let a = Signal<Int, TestError>.pipe(), b = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        outer.flatten(.merge).observe(result.observer)

        outerInput.send(value: a.output)
        outerInput.send(value: b.output)
        b.input.send(value: 2)
        a.input.send(value: 1)
        outerInput.sendCompleted()
        a.input.sendCompleted()
        b.input.sendCompleted()

        XCTAssertEqual(result.events, [.value(2), .value(1), .completed])
    }

    // MARK: error types

    func testFlatten_OuterCannotFail_FailsWithTheInnerError() {
        let (outer, outerInput) = Signal<Inner, Never>.pipe()
        let result = TestObserver<Int, TestError>()
        let flattened: Signal<Int, TestError> = outer.flatten(.merge)
        flattened.observe(result.observer)

        outerInput.send(value: Inner(value: 1))
        outerInput.send(value: Inner(error: TestError(code: 4)))

        XCTAssertEqual(result.events, [.value(1), .failed(TestError(code: 4))])
    }

    func testFlatten_InnerCannotFail_KeepsTheOuterError() {
        let (outer, outerInput) = Signal<SignalProducer<Int, Never>, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        let flattened: Signal<Int, TestError> = outer.flatten(.concat)
        flattened.observe(result.observer)

        outerInput.send(value: SignalProducer(value: 1))
        outerInput.send(error: TestError(code: 5))

        XCTAssertEqual(result.events, [.value(1), .failed(TestError(code: 5))])
    }

    func testFlatten_NeitherCanFail_CompletesWithNeverError() {
        let result = TestObserver<Int, Never>()
        let flattened: SignalProducer<Int, Never> = SignalProducer<SignalProducer<Int, Never>, Never>(
            [SignalProducer(value: 1), SignalProducer(value: 2)]
        ).flatten(.merge)

        flattened.start(result.observer)

        XCTAssertEqual(result.events, [.value(1), .value(2), .completed])
    }

    // MARK: threads

    func testFlattenMerge_InnersSendingOnManyThreads_ForwardEveryValueAndCompleteOnce() {
        let innerCount = 8, valuesPerInner = 2_000
        let (outer, outerInput) = Signal<SignalProducer<Int, Never>, Never>.pipe()
        let pipes = (0..<innerCount).map { _ in Signal<Int, Never>.pipe() }
        let result = TestObserver<Int, Never>()
        outer.flatten(.merge).observe(result.observer)
        for pipe in pipes { outerInput.send(value: SignalProducer(pipe.output)) }
        outerInput.sendCompleted()

        DispatchQueue.concurrentPerform(iterations: innerCount) { index in
            for value in 0..<valuesPerInner { pipes[index].input.send(value: index * valuesPerInner + value) }
            pipes[index].input.sendCompleted()
        }

        XCTAssertEqual(result.values.sorted(), Array(0..<innerCount * valuesPerInner))
        XCTAssertEqual(result.events.filter(\.isTerminating).count, 1)
        XCTAssertEqual(result.events.last, .completed)
    }
}
