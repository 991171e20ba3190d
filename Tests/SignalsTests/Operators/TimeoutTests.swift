import Signals
import SignalsTesting
import XCTest

final class TimeoutTests: XCTestCase {
    private enum TestError: Error, Equatable { case timedOut, other }

    func testTimeout_NotTerminatedInTime_FailsWithTheError() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        signal.timeout(after: 2, raising: .timedOut, on: scheduler).observe(result.observer)

        input.send(value: 1)
        scheduler.advance(by: 1.5)
        input.send(value: 2)
        scheduler.advance(by: 0.4)            // t = 1.9
        XCTAssertEqual(result.events, [.value(1), .value(2)])
        scheduler.advance(by: 0.1)            // t = 2
        XCTAssertEqual(result.events, [.value(1), .value(2), .failed(.timedOut)])
        input.send(value: 3)

        XCTAssertEqual(result.events, [.value(1), .value(2), .failed(.timedOut)])
    }

    func testTimeout_CompletedInTime_NeverFires() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        signal.timeout(after: 2, raising: .timedOut, on: scheduler).observe(result.observer)

        input.send(value: 1)
        scheduler.advance(by: 1)
        input.sendCompleted()
        XCTAssertEqual(scheduler.pendingActionCount, 0, "terminating cancels the timeout")
        scheduler.advance(by: 5)

        XCTAssertEqual(result.events, [.value(1), .completed])
    }

    func testTimeout_FailedInTime_ForwardsTheOwnFailure() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        signal.timeout(after: 2, raising: .timedOut, on: scheduler).observe(result.observer)

        input.send(error: .other)
        scheduler.advance(by: 5)

        XCTAssertEqual(result.events, [.failed(.other)])
    }

    func testTimeout_SignalThatCannotFail_RaisesAnyErrorType() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let result = TestObserver<Int, TestError>()
        let timed: Signal<Int, TestError> = signal.timeout(after: 1, raising: TestError.timedOut, on: scheduler)
        timed.observe(result.observer)

        input.send(value: 1)
        scheduler.advance(by: 1)

        XCTAssertEqual(result.events, [.value(1), .failed(.timedOut)])
    }

    func testTimeout_Producer_CountsFromTheStartNotFromCreation() {
        let scheduler = TestScheduler()
        let producer = SignalProducer<Int, Never>.never.timeout(after: 2, raising: TestError.timedOut, on: scheduler)
        scheduler.advance(by: 5)
        let result = TestObserver<Int, TestError>()

        producer.start(result.observer)           // t = 5
        scheduler.advance(by: 1.9)
        XCTAssertEqual(result.events, [])
        scheduler.advance(by: 0.1)                // t = 7

        XCTAssertEqual(result.events, [.failed(.timedOut)])
    }
}
