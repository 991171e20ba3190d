import Signals
import SignalsTesting
import XCTest

/// `flatten(.latest)`: the newest inner stream replaces (interrupts) the previous one.
final class FlattenLatestTests: XCTestCase {
    private struct TestError: Error, Equatable { let code: Int }
    private typealias Inner = SignalProducer<Int, TestError>

    func testFlattenLatest_NewInner_InterruptsThePreviousWithoutInterruptingTheResult() {
        let (outer, outerInput) = Signal<Inner, TestError>.pipe()
        let a = Signal<Int, TestError>.pipe(), b = Signal<Int, TestError>.pipe()
        let aSeen = TestObserver<Int, TestError>(), bSeen = TestObserver<Int, TestError>()
        let result = TestObserver<Int, TestError>()
        outer.flatten(.latest).observe(result.observer)

        outerInput.send(value: Inner(a.output).recording(into: aSeen))
        a.input.send(value: 1)
        outerInput.send(value: Inner(b.output).recording(into: bSeen))
        a.input.send(value: 2) // A was replaced: its later values are not forwarded
        b.input.send(value: 3)

        XCTAssertEqual(aSeen.events, [.value(1), .interrupted], "the replaced inner was interrupted")
        XCTAssertEqual(bSeen.events, [.value(3)])
        XCTAssertEqual(result.events, [.value(1), .value(3)], "the replacement did not interrupt the result")
    }

    func testFlattenLatest_OuterCompletedFirst_CompletesWithTheNewestInner() {
        let (outer, outerInput) = Signal<Inner, TestError>.pipe()
        let a = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        outer.flatten(.latest).observe(result.observer)
        outerInput.send(value: Inner(a.output))

        outerInput.sendCompleted()
        result.assertDidNotTerminate()
        a.input.send(value: 1)
        a.input.sendCompleted()

        XCTAssertEqual(result.events, [.value(1), .completed])
    }

    func testFlattenLatest_InnerCompletedFirst_CompletesWithTheOuter() {
        let (outer, outerInput) = Signal<Inner, TestError>.pipe()
        let a = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        outer.flatten(.latest).observe(result.observer)
        outerInput.send(value: Inner(a.output))
        a.input.send(value: 1)
        a.input.sendCompleted()
        result.assertDidNotTerminate()

        outerInput.sendCompleted()

        XCTAssertEqual(result.events, [.value(1), .completed])
    }

    func testFlattenLatest_OuterCompletesAfterAReplacement_WaitsForTheNewestInnerOnly() {
        let (outer, outerInput) = Signal<Inner, TestError>.pipe()
        let a = Signal<Int, TestError>.pipe(), b = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        outer.flatten(.latest).observe(result.observer)
        outerInput.send(value: Inner(a.output))
        outerInput.send(value: Inner(b.output))

        outerInput.sendCompleted()
        result.assertDidNotTerminate("B is still running")
        a.input.sendCompleted() // A was replaced: its completion no longer counts
        result.assertDidNotTerminate()
        b.input.sendCompleted()

        XCTAssertEqual(result.events, [.completed])
    }

    func testFlattenLatest_NewestInnerInterruptedByItself_CountsAsCompletion() {
        let (outer, outerInput) = Signal<Inner, TestError>.pipe()
        let a = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        outer.flatten(.latest).observe(result.observer)
        outerInput.send(value: Inner(a.output))
        outerInput.sendCompleted()

        a.input.sendInterrupted()

        XCTAssertEqual(result.events, [.completed])
    }

    func testFlattenLatest_InnerFailure_FailsTheResult() {
        let (outer, outerInput) = Signal<Inner, TestError>.pipe()
        let a = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        outer.flatten(.latest).observe(result.observer)
        outerInput.send(value: Inner(a.output))

        a.input.send(value: 1)
        a.input.send(error: TestError(code: 2))

        XCTAssertEqual(result.events, [.value(1), .failed(TestError(code: 2))])
    }

    func testFlattenLatest_ReplacedInnerFailingLater_IsIgnored() {
        let (outer, outerInput) = Signal<Signal<Int, TestError>, TestError>.pipe()
        let a = Signal<Int, TestError>.pipe(), b = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        outer.flatten(.latest).observe(result.observer)
        outerInput.send(value: a.output)
        outerInput.send(value: b.output)

        // A signal is hot: replacing it stops the forwarding, and its failure is not ours.
        a.input.send(error: TestError(code: 1))
        b.input.send(value: 2)

        XCTAssertEqual(result.events, [.value(2)])
    }

    func testFlattenLatest_OuterInterrupted_InterruptsResultAndNewestInner() {
        let (outer, outerInput) = Signal<Inner, TestError>.pipe()
        let a = Signal<Int, TestError>.pipe()
        let aSeen = TestObserver<Int, TestError>()
        let result = TestObserver<Int, TestError>()
        outer.flatten(.latest).observe(result.observer)
        outerInput.send(value: Inner(a.output).recording(into: aSeen))

        outerInput.sendInterrupted()

        XCTAssertEqual(result.events, [.interrupted])
        XCTAssertEqual(aSeen.events, [.interrupted])
    }

    func testFlattenLatest_DisposingTheProducerStart_InterruptsTheNewestInner() {
        let (outer, outerInput) = Signal<Inner, TestError>.pipe()
        let a = Signal<Int, TestError>.pipe()
        let aSeen = TestObserver<Int, TestError>()
        let result = TestObserver<Int, TestError>()
        let disposable = SignalProducer(outer).flatten(.latest).start(result.observer)
        outerInput.send(value: Inner(a.output).recording(into: aSeen))

        disposable.dispose()
        outerInput.send(value: Inner(value: 7))

        XCTAssertEqual(result.events, [.interrupted])
        XCTAssertEqual(aSeen.events, [.interrupted])
    }

    func testFlattenLatest_SynchronousInnerReplacingARunningOne_ForwardsItsValues() {
        let (outer, outerInput) = Signal<Inner, TestError>.pipe()
        let a = Signal<Int, TestError>.pipe()
        let aSeen = TestObserver<Int, TestError>()
        let result = TestObserver<Int, TestError>()
        outer.flatten(.latest).observe(result.observer)
        outerInput.send(value: Inner(a.output).recording(into: aSeen))

        outerInput.send(value: Inner(values: 1, 2))
        outerInput.sendCompleted()

        XCTAssertEqual(aSeen.events, [.interrupted])
        XCTAssertEqual(result.events, [.value(1), .value(2), .completed])
    }

    func testFlattenLatest_ReplacedFromInsideTheCurrentInnersDelivery_SwitchesAfterThatValue() {
        let (outer, outerInput) = Signal<Int, Never>.pipe()
        let a = Signal<Int, Never>.pipe()
        let aSeen = TestObserver<Int, Never>()
        let result = TestObserver<Int, Never>()
        let flattened = outer.flatMap(.latest) { n in
            n == 1 ? SignalProducer(a.output).recording(into: aSeen) : SignalProducer(values: 100, 200)
        }
        // Like a view model whose output feeds one of its inputs: while A's value 5 is being
        // delivered, a new outer value replaces A.
        flattened.observeValues { value in if value == 5 { outerInput.send(value: 2) } }
        flattened.observe(result.observer)
        outerInput.send(value: 1)

        a.input.send(value: 5)
        a.input.send(value: 6)

        XCTAssertEqual(result.events, [.value(5), .value(100), .value(200)])
        XCTAssertEqual(aSeen.events, [.value(5), .interrupted])
    }
}
