import Signals
import SignalsTesting
import XCTest

private struct TestError: Error, Equatable { let code: Int }

/// Tuples are not Equatable: compare whole histories through their printed form.
private func history<V, E>(_ observer: TestObserver<V, E>) -> [String] {
    observer.events.map(\.description)
}

final class TakeWhenTests: XCTestCase {
    func testTakeWhen_SendsTheLatestValueOnEveryTick() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let (trigger, tick) = Signal<String, Never>.pipe()
        let observer = TestObserver<Int, TestError>()
        source.takeWhen(trigger).observe(observer.observer)

        tick.send(value: "too early")
        observer.assertDidNotEmitValue()
        input.send(value: 1)
        observer.assertDidNotEmitValue()
        tick.send(value: "a")
        tick.send(value: "b")
        input.send(value: 2)
        input.send(value: 3)
        tick.send(value: "c")

        XCTAssertEqual(observer.events, [.value(1), .value(1), .value(3)])
    }

    func testTakePairWhen_PairsTheLatestValueWithTheTick() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let (trigger, tick) = Signal<String, Never>.pipe()
        let observer = TestObserver<(Int, String), TestError>()
        source.takePairWhen(trigger).observe(observer.observer)

        tick.send(value: "dropped")
        input.send(value: 1)
        tick.send(value: "a")
        input.send(value: 2)
        tick.send(value: "b")

        XCTAssertEqual(history(observer), [#"VALUE (1, "a")"#, #"VALUE (2, "b")"#])
    }

    func testTakeWhen_CompletesWhenTheTriggerCompletes() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let (trigger, tick) = Signal<Void, Never>.pipe()
        let observer = TestObserver<Int, TestError>()
        source.takeWhen(trigger).observe(observer.observer)

        input.send(value: 1)
        tick.send(value: ())
        tick.sendCompleted()
        input.send(value: 2)

        XCTAssertEqual(observer.events, [.value(1), .completed])
    }

    func testTakeWhen_IsInterruptedWhenTheTriggerIsInterrupted() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let (trigger, tick) = Signal<Void, Never>.pipe()
        let observer = TestObserver<Int, TestError>()
        source.takeWhen(trigger).observe(observer.observer)

        input.send(value: 1)
        tick.sendInterrupted()

        XCTAssertEqual(observer.events, [.interrupted])
    }

    func testTakeWhen_SourceCompletionKeepsItsLatestValueForLaterTicks() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let (trigger, tick) = Signal<Void, Never>.pipe()
        let observer = TestObserver<Int, TestError>()
        source.takeWhen(trigger).observe(observer.observer)

        input.send(value: 4)
        input.sendCompleted()
        tick.send(value: ())
        tick.send(value: ())

        XCTAssertEqual(observer.events, [.value(4), .value(4)], "as in Kickstarter, only the trigger ends it")
    }

    func testTakeWhen_SourceInterruptionKeepsItsLatestValueForLaterTicks() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let (trigger, tick) = Signal<Void, Never>.pipe()
        let observer = TestObserver<Int, TestError>()
        source.takeWhen(trigger).observe(observer.observer)

        input.send(value: 4)
        input.sendInterrupted()
        tick.send(value: ())

        XCTAssertEqual(observer.events, [.value(4)])
    }

    func testTakeWhen_SourceFailureFails() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let (trigger, tick) = Signal<Void, Never>.pipe()
        let observer = TestObserver<Int, TestError>()
        source.takeWhen(trigger).observe(observer.observer)

        input.send(value: 4)
        input.send(error: TestError(code: 1))
        tick.send(value: ())

        XCTAssertEqual(observer.events, [.failed(TestError(code: 1))])
    }

    func testTakeWhenProducer_SendsTheProducersLatestValueOnEveryTick() {
        let (trigger, tick) = Signal<Int, Never>.pipe()
        let observer = TestObserver<Int, Never>()
        SignalProducer<Int, Never>([1, 2]).takeWhen(trigger).start(observer.observer)

        tick.send(value: 0)
        tick.send(value: 0)
        tick.sendCompleted()

        XCTAssertEqual(observer.events, [.value(2), .value(2), .completed])
    }

    func testTakePairWhenProducer_PairsTheLatestValueWithTheTick() {
        let (trigger, tick) = Signal<Int, Never>.pipe()
        let observer = TestObserver<(String, Int), Never>()
        SignalProducer<String, Never>(value: "v").takePairWhen(trigger).start(observer.observer)

        tick.send(value: 9)

        XCTAssertEqual(history(observer), [#"VALUE ("v", 9)"#])
    }
}
