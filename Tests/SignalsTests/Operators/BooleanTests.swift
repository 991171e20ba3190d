import Signals
import SignalsTesting
import XCTest

private struct TestError: Error, Equatable { let code: Int }

final class BooleanTests: XCTestCase {
    func testNegate_NegatesEveryValueAndForwardsTermination() {
        let (source, input) = Signal<Bool, TestError>.pipe()
        let observer = TestObserver<Bool, TestError>()
        source.negate().observe(observer.observer)

        input.send(value: true)
        input.send(value: false)
        input.send(error: TestError(code: 1))

        XCTAssertEqual(observer.events, [.value(false), .value(true), .failed(TestError(code: 1))])
    }

    func testAnd_SendsOnceBothHaveSentThenOnEveryChange() {
        let (a, aInput) = Signal<Bool, Never>.pipe()
        let (b, bInput) = Signal<Bool, Never>.pipe()
        let observer = TestObserver<Bool, Never>()
        a.and(b).observe(observer.observer)

        aInput.send(value: true)
        observer.assertDidNotEmitValue()
        bInput.send(value: true)
        bInput.send(value: false)
        aInput.send(value: false)
        bInput.send(value: true)
        aInput.send(value: true)

        observer.assertValues([true, false, false, false, true])
    }

    func testAnd_CompletesWhenBothComplete() {
        let (a, aInput) = Signal<Bool, Never>.pipe()
        let (b, bInput) = Signal<Bool, Never>.pipe()
        let observer = TestObserver<Bool, Never>()
        a.and(b).observe(observer.observer)

        aInput.send(value: true)
        bInput.send(value: true)
        aInput.sendCompleted()
        observer.assertDidNotComplete()
        bInput.send(value: false)
        bInput.sendCompleted()

        XCTAssertEqual(observer.events, [.value(true), .value(false), .completed])
    }

    func testAnd_FailsWhenEitherFails() {
        let (a, aInput) = Signal<Bool, TestError>.pipe()
        let (b, bInput) = Signal<Bool, TestError>.pipe()
        let observer = TestObserver<Bool, TestError>()
        a.and(b).observe(observer.observer)

        aInput.send(value: true)
        bInput.send(error: TestError(code: 2))
        aInput.send(value: false)

        XCTAssertEqual(observer.events, [.failed(TestError(code: 2))])
    }

    func testOr_SendsWhetherEitherIsTrue() {
        let (a, aInput) = Signal<Bool, Never>.pipe()
        let (b, bInput) = Signal<Bool, Never>.pipe()
        let observer = TestObserver<Bool, Never>()
        a.or(b).observe(observer.observer)

        aInput.send(value: false)
        bInput.send(value: false)
        bInput.send(value: true)
        aInput.send(value: true)
        bInput.send(value: false)
        aInput.send(value: false)

        observer.assertValues([false, true, true, true, false])
    }

    func testOr_IsInterruptedWhenEitherIsInterrupted() {
        let (a, aInput) = Signal<Bool, Never>.pipe()
        let (b, bInput) = Signal<Bool, Never>.pipe()
        let observer = TestObserver<Bool, Never>()
        a.or(b).observe(observer.observer)

        aInput.send(value: true)
        bInput.send(value: false)
        aInput.sendInterrupted()

        XCTAssertEqual(observer.events, [.value(true), .interrupted])
    }

    func testAll_SendsWhetherEveryLatestValueIsTrue() {
        let pipes = (0..<3).map { _ in Signal<Bool, Never>.pipe() }
        let observer = TestObserver<Bool, Never>()
        Signal.all(pipes.map(\.output)).observe(observer.observer)

        pipes[0].input.send(value: true)
        pipes[1].input.send(value: true)
        pipes[2].input.send(value: false)
        pipes[2].input.send(value: true)
        pipes[0].input.send(value: false)
        for pipe in pipes { pipe.input.sendCompleted() }

        XCTAssertEqual(observer.events, [.value(false), .value(true), .value(false), .completed])
    }

    func testAny_SendsWhetherSomeLatestValueIsTrue() {
        let (a, aInput) = Signal<Bool, Never>.pipe()
        let (b, bInput) = Signal<Bool, Never>.pipe()
        let (c, cInput) = Signal<Bool, Never>.pipe()
        let observer = TestObserver<Bool, Never>()
        Signal.any(a, b, c).observe(observer.observer)

        aInput.send(value: false)
        bInput.send(value: false)
        cInput.send(value: false)
        bInput.send(value: true)
        bInput.send(value: false)

        observer.assertValues([false, true, false])
    }

    func testNegateProducer_NegatesEveryValue() {
        let observer = TestObserver<Bool, Never>()
        SignalProducer<Bool, Never>([true, false]).negate().start(observer.observer)

        XCTAssertEqual(observer.events, [.value(false), .value(true), .completed])
    }

    func testAndProducer_CombinesTheLatestValuesOfBothStarts() {
        let observer = TestObserver<Bool, Never>()
        SignalProducer<Bool, Never>(value: true)
            .and(SignalProducer<Bool, Never>([true, false]))
            .start(observer.observer)

        XCTAssertEqual(observer.events, [.value(true), .value(false), .completed])
    }

    func testOrProducer_FailsWhenEitherFails() {
        let observer = TestObserver<Bool, TestError>()
        SignalProducer<Bool, TestError>(value: false)
            .or(SignalProducer<Bool, TestError>(error: TestError(code: 3)))
            .start(observer.observer)

        XCTAssertEqual(observer.events, [.failed(TestError(code: 3))])
    }

    func testAllProducer_WithNoProducers_SendsTrue() {
        let observer = TestObserver<Bool, Never>()
        SignalProducer.all([SignalProducer<Bool, Never>]()).start(observer.observer)

        XCTAssertEqual(observer.events, [.value(true), .completed])
    }

    func testAnyProducer_WithNoProducers_SendsFalse() {
        let observer = TestObserver<Bool, Never>()
        SignalProducer.any([SignalProducer<Bool, Never>]()).start(observer.observer)

        XCTAssertEqual(observer.events, [.value(false), .completed])
    }

    func testAnyProducer_Variadic() {
        let observer = TestObserver<Bool, Never>()
        SignalProducer.any(
            SignalProducer<Bool, Never>(value: false),
            SignalProducer<Bool, Never>([false, true])
        ).start(observer.observer)

        XCTAssertEqual(observer.events, [.value(false), .value(true), .completed])
    }
}
