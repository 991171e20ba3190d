import Signals
import SignalsTesting
import XCTest

private struct TestError: Error, Equatable { let code: Int }

private typealias IntEvent = Signal<Int, TestError>.Event

final class MaterializeTests: XCTestCase {
    func testMaterialize_SendsEveryEventAsAValueThenCompletes() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<IntEvent, Never>()
        source.materialize().observe(observer.observer)

        input.send(value: 1)
        input.send(value: 2)
        input.sendCompleted()

        XCTAssertEqual(observer.events, [.value(.value(1)), .value(.value(2)), .value(.completed), .completed])
    }

    func testMaterialize_SendsAFailureAsAValueThenCompletes() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<IntEvent, Never>()
        source.materialize().observe(observer.observer)

        input.send(value: 1)
        input.send(error: TestError(code: 4))

        XCTAssertEqual(observer.events, [.value(.value(1)), .value(.failed(TestError(code: 4))), .completed])
    }

    func testMaterialize_SendsAnInterruptionAsAValueThenIsInterrupted() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<IntEvent, Never>()
        source.materialize().observe(observer.observer)

        input.sendInterrupted()

        XCTAssertEqual(observer.events, [.value(.interrupted), .interrupted])
    }

    func testDematerialize_SendsEveryEventValueAsItsEvent() {
        let (source, input) = Signal<IntEvent, Never>.pipe()
        let observer = TestObserver<Int, TestError>()
        source.dematerialize().observe(observer.observer)

        input.send(value: .value(1))
        input.send(value: .value(2))
        input.send(value: .failed(TestError(code: 3)))
        input.send(value: .value(4))

        XCTAssertEqual(observer.events, [.value(1), .value(2), .failed(TestError(code: 3))])
    }

    func testDematerialize_ACompletedValueCompletes() {
        let (source, input) = Signal<IntEvent, Never>.pipe()
        let observer = TestObserver<Int, TestError>()
        source.dematerialize().observe(observer.observer)

        input.send(value: .value(1))
        input.send(value: .completed)

        XCTAssertEqual(observer.events, [.value(1), .completed])
    }

    func testDematerialize_ForwardsTheOuterSignalsTermination() {
        let (completing, completingInput) = Signal<IntEvent, Never>.pipe()
        let (interrupted, interruptedInput) = Signal<IntEvent, Never>.pipe()
        let completedObserver = TestObserver<Int, TestError>()
        let interruptedObserver = TestObserver<Int, TestError>()
        completing.dematerialize().observe(completedObserver.observer)
        interrupted.dematerialize().observe(interruptedObserver.observer)

        completingInput.sendCompleted()
        interruptedInput.send(value: .value(1))
        interruptedInput.sendInterrupted()

        XCTAssertEqual(completedObserver.events, [.completed])
        XCTAssertEqual(interruptedObserver.events, [.value(1), .interrupted])
    }

    func testDematerializeProducer_RoundTripsMaterialize() {
        let observer = TestObserver<Int, TestError>()
        SignalProducer<Int, TestError> { observer, _ in
            observer.send(value: 1)
            observer.send(error: TestError(code: 2))
        }
        .materialize()
        .dematerialize()
        .start(observer.observer)

        XCTAssertEqual(observer.events, [.value(1), .failed(TestError(code: 2))])
    }

    func testMaterializeProducer_SendsEveryEventAsAValue() {
        let observer = TestObserver<IntEvent, Never>()
        SignalProducer<Int, TestError>([1]).materialize().start(observer.observer)

        XCTAssertEqual(observer.events, [.value(.value(1)), .value(.completed), .completed])
    }

    func testValuesAndErrors_SplitAFailingProducersOutcome() {
        let request = SignalProducer<Int, TestError> { observer, _ in
            observer.send(value: 1)
            observer.send(value: 2)
            observer.send(error: TestError(code: 500))
        }
        let values = TestObserver<Int, Never>()
        let errors = TestObserver<TestError, Never>()

        // One start, observed twice, as a view model splits a service call's outcome.
        request.materialize().startWithSignal { outcome, _ in
            outcome.values().observe(values.observer)
            outcome.errors().observe(errors.observer)
        }

        XCTAssertEqual(values.events, [.value(1), .value(2), .completed])
        XCTAssertEqual(errors.events, [.value(TestError(code: 500)), .completed])
    }

    func testValuesAndErrors_SplitASucceedingProducersOutcome() {
        let values = TestObserver<Int, Never>()
        let errors = TestObserver<TestError, Never>()

        SignalProducer<Int, TestError>(value: 7).materialize().startWithSignal { outcome, _ in
            outcome.values().observe(values.observer)
            outcome.errors().observe(errors.observer)
        }

        XCTAssertEqual(values.events, [.value(7), .completed])
        XCTAssertEqual(errors.events, [.completed])
    }

    func testValuesAndErrors_AreInterruptedWithTheMaterializedSignal() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let values = TestObserver<Int, Never>()
        let errors = TestObserver<TestError, Never>()
        let outcome = source.materialize()
        outcome.values().observe(values.observer)
        outcome.errors().observe(errors.observer)

        input.send(value: 1)
        input.sendInterrupted()

        XCTAssertEqual(values.events, [.value(1), .interrupted])
        XCTAssertEqual(errors.events, [.interrupted])
    }

    func testValuesAndErrorsProducer_SplitWhenStartedSeparately() {
        let outcome = SignalProducer<Int, TestError>(error: TestError(code: 1)).materialize()
        let values = TestObserver<Int, Never>()
        let errors = TestObserver<TestError, Never>()

        outcome.values().start(values.observer)
        outcome.errors().start(errors.observer)

        XCTAssertEqual(values.events, [.completed])
        XCTAssertEqual(errors.events, [.value(TestError(code: 1)), .completed])
    }

    func testMaterializeResults_SendsSuccessesThenAFailureThenCompletes() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<Result<Int, TestError>, Never>()
        source.materializeResults().observe(observer.observer)

        input.send(value: 1)
        input.send(error: TestError(code: 6))

        XCTAssertEqual(observer.events, [.value(.success(1)), .value(.failure(TestError(code: 6))), .completed])
    }

    func testMaterializeResults_ForwardsCompletionAndInterruptionAsThemselves() {
        let (completing, completingInput) = Signal<Int, TestError>.pipe()
        let (interrupted, interruptedInput) = Signal<Int, TestError>.pipe()
        let completedObserver = TestObserver<Result<Int, TestError>, Never>()
        let interruptedObserver = TestObserver<Result<Int, TestError>, Never>()
        completing.materializeResults().observe(completedObserver.observer)
        interrupted.materializeResults().observe(interruptedObserver.observer)

        completingInput.send(value: 2)
        completingInput.sendCompleted()
        interruptedInput.sendInterrupted()

        XCTAssertEqual(completedObserver.events, [.value(.success(2)), .completed])
        XCTAssertEqual(interruptedObserver.events, [.interrupted])
    }

    func testMaterializeResultsProducer_SendsTheFailureAsAValue() {
        let observer = TestObserver<Result<Int, TestError>, Never>()
        SignalProducer<Int, TestError>(error: TestError(code: 9)).materializeResults().start(observer.observer)

        XCTAssertEqual(observer.events, [.value(.failure(TestError(code: 9))), .completed])
    }
}
