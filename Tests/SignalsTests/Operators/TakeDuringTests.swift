@testable import Signals
import SignalsTesting
import XCTest

private struct TestError: Error, Equatable { let code: Int }

final class TakeDuringTests: XCTestCase {
    func testTakeDuring_ForwardsUntilTheLifetimeEnds() {
        let (lifetime, token) = Lifetime.make()
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<Int, TestError>()
        source.take(during: lifetime).observe(observer.observer)

        input.send(value: 1)
        input.send(value: 2)
        token.dispose()
        input.send(value: 3)

        XCTAssertEqual(observer.events, [.value(1), .value(2), .completed])
        XCTAssertEqual(source.core.observerCount, 0, "the source is released when the lifetime ends")
    }

    func testTakeDuring_WithAnAlreadyEndedLifetime_EndsAtOnceWithoutObservingTheSource() {
        let (lifetime, token) = Lifetime.make()
        token.dispose()
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<Int, TestError>()

        let result = source.take(during: lifetime)
        XCTAssertTrue(result.core.hasTerminated, "completed while being created")
        result.observe(observer.observer)
        input.send(value: 1)

        // A signal that has ended shows later observers `interrupted` (see `Signal.Core`).
        XCTAssertEqual(observer.events, [.interrupted])
        XCTAssertEqual(source.core.observerCount, 0)
    }

    func testTakeDuring_ForwardsFailure() {
        let (lifetime, token) = Lifetime.make()
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<Int, TestError>()
        source.take(during: lifetime).observe(observer.observer)

        input.send(value: 1)
        input.send(error: TestError(code: 2))
        token.dispose()

        XCTAssertEqual(observer.events, [.value(1), .failed(TestError(code: 2))])
    }

    func testTakeDuring_ForwardsCompletionAndInterruption() {
        let (lifetime, token) = Lifetime.make()
        let (completing, completingInput) = Signal<Int, Never>.pipe()
        let (interrupted, interruptedInput) = Signal<Int, Never>.pipe()
        let completedObserver = TestObserver<Int, Never>()
        let interruptedObserver = TestObserver<Int, Never>()
        completing.take(during: lifetime).observe(completedObserver.observer)
        interrupted.take(during: lifetime).observe(interruptedObserver.observer)

        completingInput.sendCompleted()
        interruptedInput.sendInterrupted()
        token.dispose()

        XCTAssertEqual(completedObserver.events, [.completed])
        XCTAssertEqual(interruptedObserver.events, [.interrupted])
    }

    func testTakeDuringProducer_CompletesAndInterruptsTheWorkWhenTheLifetimeEnds() {
        let (lifetime, token) = Lifetime.make()
        var workEnded = false
        let producer = SignalProducer<Int, Never> { observer, workLifetime in
            observer.send(value: 1)
            workLifetime.observeEnded { workEnded = true }
        }
        let observer = TestObserver<Int, Never>()
        producer.take(during: lifetime).start(observer.observer)

        XCTAssertFalse(workEnded)
        token.dispose()

        XCTAssertEqual(observer.events, [.value(1), .completed])
        XCTAssertTrue(workEnded)
    }

    func testTakeDuringProducer_WithAnAlreadyEndedLifetime_CompletesWithoutStartingTheWork() {
        let (lifetime, token) = Lifetime.make()
        token.dispose()
        var started = false
        let producer = SignalProducer<Int, Never> { observer, _ in
            started = true
            observer.send(value: 1)
        }
        let observer = TestObserver<Int, Never>()

        producer.take(during: lifetime).start(observer.observer)

        XCTAssertEqual(observer.events, [.completed])
        XCTAssertFalse(started)
    }
}
