import Signals
import SignalsTesting
import XCTest

final class DebounceTests: XCTestCase {
    private struct TestError: Error, Equatable { let code: Int }

    func testDebounce_NewValue_RestartsTheWait() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        signal.debounce(1, on: scheduler).observe(result.observer)

        input.send(value: 1)                  // t = 0, due at 1
        scheduler.advance(by: 0.5)
        XCTAssertEqual(result.events, [])
        input.send(value: 2)                  // t = 0.5, replaces 1, due at 1.5
        scheduler.advance(by: 0.9)            // t = 1.4: 1 would have gone at 1
        XCTAssertEqual(result.events, [])
        scheduler.advance(by: 0.1)            // t = 1.5
        XCTAssertEqual(result.events, [.value(2)])
        scheduler.advance(by: 5)
        XCTAssertEqual(result.events, [.value(2)])
        input.send(value: 3)                  // t = 6.5
        scheduler.advance(by: 1)

        XCTAssertEqual(result.events, [.value(2), .value(3)])
    }

    func testDebounce_CompletedWhileAValueWaits_DiscardsItByDefault() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        signal.debounce(1, on: scheduler).observe(result.observer)

        input.send(value: 1)
        input.sendCompleted()
        XCTAssertEqual(result.events, [], "completion is delivered on the scheduler")
        scheduler.advance()
        XCTAssertEqual(result.events, [.completed])
        scheduler.run()

        XCTAssertEqual(result.events, [.completed])
    }

    func testDebounce_CompletedWhileAValueWaits_SendsItFirstWhenNotDiscarding() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        signal.debounce(1, on: scheduler, discardWhenCompleted: false).observe(result.observer)

        input.send(value: 1)                  // t = 0, due at 1
        scheduler.advance(by: 0.4)
        input.sendCompleted()                 // t = 0.4
        scheduler.advance(by: 0.5)            // t = 0.9
        XCTAssertEqual(result.events, [])
        scheduler.advance(by: 0.1)            // t = 1

        XCTAssertEqual(result.events, [.value(1), .completed])
    }

    func testDebounce_CompletedWithNothingWaiting_CompletesAtOnceWhenNotDiscarding() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        signal.debounce(1, on: scheduler, discardWhenCompleted: false).observe(result.observer)
        input.send(value: 1)
        scheduler.advance(by: 1)
        XCTAssertEqual(result.events, [.value(1)])

        input.sendCompleted()
        scheduler.advance()

        XCTAssertEqual(result.events, [.value(1), .completed])
    }

    func testDebounce_Failure_DropsTheWaitingValue() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        signal.debounce(1, on: scheduler, discardWhenCompleted: false).observe(result.observer)

        input.send(value: 1)
        input.send(error: TestError(code: 1))
        scheduler.advance()
        XCTAssertEqual(result.events, [.failed(TestError(code: 1))])
        scheduler.run()

        XCTAssertEqual(result.events, [.failed(TestError(code: 1))])
    }

    func testDebounce_Producer_DebouncesEachStart() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let result = TestObserver<Int, Never>()
        SignalProducer(signal).debounce(1, on: scheduler).start(result.observer)

        input.send(value: 1)
        input.send(value: 2)
        scheduler.advance(by: 1)

        XCTAssertEqual(result.events, [.value(2)])
    }

    func testDebounce_ReplacedWaitRunsAnyway_DoesNotSendTheNewerValueEarly() {
        let scheduler = UncancellableScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let result = TestObserver<Int, Never>()
        signal.debounce(1, on: scheduler).observe(result.observer)

        input.send(value: 1)                  // t = 0, its action will run at 1 regardless
        scheduler.base.advance(by: 0.5)
        input.send(value: 2)                  // t = 0.5, due at 1.5
        scheduler.base.advance(by: 0.5)       // t = 1: the stale action runs
        XCTAssertEqual(result.events, [])
        scheduler.base.advance(by: 0.5)       // t = 1.5

        XCTAssertEqual(result.events, [.value(2)])
    }

    func testDebounce_DisposingTheStart_CancelsTheWaitingValue() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let result = TestObserver<Int, Never>()
        let disposable = SignalProducer(signal).debounce(1, on: scheduler).start(result.observer)
        input.send(value: 1)

        disposable.dispose()
        XCTAssertEqual(scheduler.pendingActionCount, 0)
        scheduler.advance(by: 2)

        XCTAssertEqual(result.events, [.interrupted])
    }
}
