import Signals
import SignalsTesting
import XCTest

private struct TestError: Error, Equatable { let code: Int }

/// Tuples are not Equatable: compare whole histories through their printed form.
private func history<V, E>(_ observer: TestObserver<V, E>) -> [String] {
    observer.events.map(\.description)
}

final class WithLatestTests: XCTestCase {
    func testWithLatest_DropsValuesBeforeTheSampleeHasSent() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let (samplee, sampleeInput) = Signal<Int, Never>.pipe()
        let observer = TestObserver<(Int, Int), TestError>()
        source.withLatest(from: samplee).observe(observer.observer)

        input.send(value: 1)
        observer.assertDidNotEmitValue()
        sampleeInput.send(value: 10)
        observer.assertDidNotEmitValue()
        input.send(value: 2)
        sampleeInput.send(value: 20)
        sampleeInput.send(value: 30)
        input.send(value: 3)
        input.send(value: 4)

        XCTAssertEqual(history(observer), ["VALUE (2, 10)", "VALUE (3, 30)", "VALUE (4, 30)"])
    }

    func testWithLatest_SampleeCompletionChangesNothing() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let (samplee, sampleeInput) = Signal<Int, Never>.pipe()
        let observer = TestObserver<(Int, Int), TestError>()
        source.withLatest(from: samplee).observe(observer.observer)

        sampleeInput.send(value: 7)
        sampleeInput.sendCompleted()
        input.send(value: 1)
        observer.assertDidNotTerminate()
        input.sendCompleted()

        XCTAssertEqual(history(observer), ["VALUE (1, 7)", "COMPLETED"])
    }

    func testWithLatest_SampleeInterruptionChangesNothing() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let (samplee, sampleeInput) = Signal<Int, Never>.pipe()
        let observer = TestObserver<(Int, Int), TestError>()
        source.withLatest(from: samplee).observe(observer.observer)

        sampleeInput.send(value: 7)
        sampleeInput.sendInterrupted()
        input.send(value: 1)

        XCTAssertEqual(history(observer), ["VALUE (1, 7)"])
    }

    func testWithLatest_ForwardsFailureOfSelf() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let (samplee, sampleeInput) = Signal<Int, Never>.pipe()
        let observer = TestObserver<(Int, Int), TestError>()
        source.withLatest(from: samplee).observe(observer.observer)

        sampleeInput.send(value: 7)
        input.send(error: TestError(code: 2))
        input.send(value: 1)

        XCTAssertEqual(history(observer), ["FAILED TestError(code: 2)"])
    }

    func testWithLatest_ForwardsInterruptionOfSelf() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let (samplee, sampleeInput) = Signal<Int, Never>.pipe()
        let observer = TestObserver<(Int, Int), TestError>()
        source.withLatest(from: samplee).observe(observer.observer)

        sampleeInput.send(value: 7)
        input.send(value: 1)
        input.sendInterrupted()
        sampleeInput.send(value: 8)
        input.send(value: 2)

        XCTAssertEqual(history(observer), ["VALUE (1, 7)", "INTERRUPTED"])
    }

    func testWithLatestFromProducer_StartsTheSampleeAndPairsItsValues() {
        let (source, input) = Signal<Int, Never>.pipe()
        let observer = TestObserver<(Int, String), Never>()
        source.withLatest(from: SignalProducer<String, Never>(value: "x")).observe(observer.observer)

        input.send(value: 1)
        input.send(value: 2)
        input.sendCompleted()

        XCTAssertEqual(history(observer), [#"VALUE (1, "x")"#, #"VALUE (2, "x")"#, "COMPLETED"])
    }

    func testWithLatestFromProducer_InterruptsTheSampleeWhenSelfTerminates() {
        var sampleeEnded = false
        let samplee = SignalProducer<Int, Never> { observer, lifetime in
            observer.send(value: 1)
            lifetime.observeEnded { sampleeEnded = true }
        }
        let (source, input) = Signal<Int, Never>.pipe()
        let observer = TestObserver<(Int, Int), Never>()
        source.withLatest(from: samplee).observe(observer.observer)

        input.send(value: 5)
        XCTAssertFalse(sampleeEnded)
        input.sendCompleted()

        XCTAssertTrue(sampleeEnded)
        XCTAssertEqual(history(observer), ["VALUE (5, 1)", "COMPLETED"])
    }

    func testWithLatestProducer_SampleeProducerIsStartedFirst() {
        let observer = TestObserver<(Int, String), TestError>()
        SignalProducer<Int, TestError>([1, 2])
            .withLatest(from: SignalProducer<String, Never>(value: "x"))
            .start(observer.observer)

        XCTAssertEqual(history(observer), [#"VALUE (1, "x")"#, #"VALUE (2, "x")"#, "COMPLETED"])
    }

    func testWithLatestProducer_FromASignal_FollowsTheProducersTermination() {
        let (samplee, sampleeInput) = Signal<String, Never>.pipe()
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<(Int, String), TestError>()
        SignalProducer(source).withLatest(from: samplee).start(observer.observer)

        input.send(value: 1)
        sampleeInput.send(value: "y")
        input.send(value: 2)
        sampleeInput.sendCompleted()
        input.send(error: TestError(code: 3))

        XCTAssertEqual(history(observer), [#"VALUE (2, "y")"#, "FAILED TestError(code: 3)"])
    }
}
