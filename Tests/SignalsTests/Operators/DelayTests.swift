import Signals
import SignalsTesting
import XCTest

final class DelayTests: XCTestCase {
    private struct TestError: Error, Equatable { let code: Int }

    func testDelay_ValuesAndCompletion_ArriveOneIntervalAfterTheyWereSent() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        signal.delay(1, on: scheduler).observe(result.observer)

        input.send(value: 1)                  // t = 0
        scheduler.advance(by: 0.5)
        XCTAssertEqual(result.events, [])
        input.send(value: 2)                  // t = 0.5
        scheduler.advance(by: 0.5)            // t = 1
        XCTAssertEqual(result.events, [.value(1)])
        input.sendCompleted()                 // t = 1
        scheduler.advance(by: 0.5)            // t = 1.5
        XCTAssertEqual(result.events, [.value(1), .value(2)])
        scheduler.advance(by: 0.4)            // t = 1.9
        XCTAssertEqual(result.events, [.value(1), .value(2)])
        scheduler.advance(by: 0.1)            // t = 2

        XCTAssertEqual(result.events, [.value(1), .value(2), .completed])
    }

    func testDelay_Failure_IsNotDelayedAndOvertakesWaitingValues() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        signal.delay(1, on: scheduler).observe(result.observer)

        input.send(value: 1)
        input.send(error: TestError(code: 1))
        XCTAssertEqual(result.events, [], "delivered on the scheduler, like every event")
        scheduler.advance()
        XCTAssertEqual(result.events, [.failed(TestError(code: 1))])
        scheduler.advance(by: 5)

        XCTAssertEqual(result.events, [.failed(TestError(code: 1))])
        XCTAssertEqual(scheduler.pendingActionCount, 0)
    }

    func testDelay_Interruption_IsNotDelayed() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        signal.delay(1, on: scheduler).observe(result.observer)

        input.send(value: 1)
        input.sendInterrupted()
        scheduler.advance()

        XCTAssertEqual(result.events, [.interrupted])
    }

    func testDelay_DisposingTheStart_CancelsWaitingValues() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        let disposable = SignalProducer(signal).delay(1, on: scheduler).start(result.observer)
        input.send(value: 1)
        XCTAssertEqual(scheduler.pendingActionCount, 1)

        disposable.dispose()
        XCTAssertEqual(scheduler.pendingActionCount, 0)
        scheduler.advance(by: 2)

        XCTAssertEqual(result.events, [.interrupted])
    }
}
