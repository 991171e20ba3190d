import Signals
import SignalsTesting
import XCTest

final class ThrottleTests: XCTestCase {
    private struct TestError: Error, Equatable { let code: Int }

    func testThrottle_FirstValueGoesAtOnce_LaterOnesCoalesceToTheLatest() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        signal.throttle(1, on: scheduler).observe(result.observer)

        input.send(value: 0)                  // t = 0: nothing sent for a while, so no wait
        XCTAssertEqual(result.events, [], "delivered on the scheduler")
        scheduler.advance(to: scheduler.currentDate)
        XCTAssertEqual(result.events, [.value(0)])
        input.send(value: 1)                  // within the interval: held
        input.send(value: 2)                  // replaces 1
        scheduler.advance(by: 0.5)            // t = 0.5
        XCTAssertEqual(result.events, [.value(0)])
        scheduler.advance(by: 0.5)            // t = 1: one interval after 0 was sent
        XCTAssertEqual(result.events, [.value(0), .value(2)])
        scheduler.advance(by: 3)              // t = 4
        input.send(value: 3)                  // long after the last send: no wait
        scheduler.advance(to: scheduler.currentDate)
        XCTAssertEqual(result.events, [.value(0), .value(2), .value(3)])
        input.send(value: 4)
        input.send(value: 5)
        scheduler.advance(by: 0.9)            // t = 4.9
        XCTAssertEqual(result.events, [.value(0), .value(2), .value(3)])
        scheduler.advance(by: 0.1)            // t = 5

        XCTAssertEqual(result.events, [.value(0), .value(2), .value(3), .value(5)])
    }

    func testThrottle_CompletedWhileAValueIsHeld_DropsItAndCompletes() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        signal.throttle(1, on: scheduler).observe(result.observer)
        input.send(value: 0)
        scheduler.advance()

        input.send(value: 1)
        input.sendCompleted()
        XCTAssertEqual(result.events, [.value(0)])
        scheduler.run()

        XCTAssertEqual(result.events, [.value(0), .completed])
    }

    func testThrottle_Failure_IsScheduledAtOnce() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        signal.throttle(1, on: scheduler).observe(result.observer)
        input.send(value: 0)
        scheduler.advance()

        input.send(value: 1)
        input.send(error: TestError(code: 2))
        scheduler.advance()

        XCTAssertEqual(result.events, [.value(0), .failed(TestError(code: 2))])
    }

    func testThrottle_Producer_ThrottlesEachStart() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let result = TestObserver<Int, Never>()
        SignalProducer(signal).throttle(1, on: scheduler).start(result.observer)

        input.send(value: 1)
        input.send(value: 2)
        input.send(value: 3)
        scheduler.advance()
        XCTAssertEqual(result.events, [.value(3)], "values sent together before the first delivery coalesce")
        input.send(value: 4)
        scheduler.advance(by: 1)

        XCTAssertEqual(result.events, [.value(3), .value(4)])
    }

    func testThrottle_DisposingTheStart_CancelsTheHeldValue() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let result = TestObserver<Int, Never>()
        let disposable = SignalProducer(signal).throttle(1, on: scheduler).start(result.observer)
        input.send(value: 1)
        scheduler.advance()
        input.send(value: 2)

        disposable.dispose()
        XCTAssertEqual(scheduler.pendingActionCount, 0)
        scheduler.advance(by: 2)

        XCTAssertEqual(result.events, [.value(1), .interrupted])
    }
}
