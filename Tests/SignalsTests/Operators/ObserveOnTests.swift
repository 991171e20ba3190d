import Dispatch
import Signals
import SignalsTesting
import XCTest

final class ObserveOnTests: XCTestCase {
    private struct TestError: Error, Equatable { let code: Int }

    func testObserveOn_DeliversNothingUntilTheSchedulerRuns_ThenEverythingInOrder() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        signal.observe(on: scheduler).observe(result.observer)

        input.send(value: 1)
        input.send(value: 2)
        input.sendCompleted()
        XCTAssertEqual(result.events, [])
        XCTAssertEqual(scheduler.pendingActionCount, 3)

        scheduler.advance()

        XCTAssertEqual(result.events, [.value(1), .value(2), .completed])
    }

    func testObserveOn_Failure_IsScheduledAfterEarlierValues() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        signal.observe(on: scheduler).observe(result.observer)

        input.send(value: 1)
        scheduler.advance()
        XCTAssertEqual(result.events, [.value(1)])
        input.send(value: 2)
        input.send(error: TestError(code: 1))
        XCTAssertEqual(result.events, [.value(1)])
        scheduler.advance()

        XCTAssertEqual(result.events, [.value(1), .value(2), .failed(TestError(code: 1))])
    }

    func testObserveOn_DisposingTheStart_DropsEventsStillWaiting() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let result = TestObserver<Int, Never>()
        let disposable = SignalProducer(signal).observe(on: scheduler).start(result.observer)
        input.send(value: 1)

        disposable.dispose()
        XCTAssertEqual(scheduler.pendingActionCount, 0, "the waiting value was cancelled")
        scheduler.advance()

        XCTAssertEqual(result.events, [.interrupted])
    }

    func testObserveOn_QueueScheduler_DeliversInOrderOnItsQueue() {
        let key = DispatchSpecificKey<String>()
        let queue = DispatchQueue(label: "ObserveOnTests")
        queue.setSpecific(key: key, value: "target")
        let (signal, input) = Signal<Int, Never>.pipe()
        let done = expectation(description: "completed")
        let received = TestObserver<Int, Never>()
        var queues: [String?] = []
        signal.observe(on: QueueScheduler(queue: queue)).observe { event in
            queues.append(DispatchQueue.getSpecific(key: key))
            received.observer.send(event)
            if event.isCompleted { done.fulfill() }
        }

        for value in 0..<100 { input.send(value: value) }
        input.sendCompleted()
        wait(for: [done], timeout: 5)

        XCTAssertEqual(received.values, Array(0..<100))
        received.assertDidComplete()
        XCTAssertEqual(queue.sync { queues }, Array(repeating: "target", count: 101))
    }

    func testStartOn_RunsTheStartHandlerOnlyWhenTheSchedulerRuns() {
        let scheduler = TestScheduler()
        var starts = 0
        let producer = SignalProducer<Int, Never> { observer, _ in
            starts += 1
            observer.send(value: 1)
            observer.sendCompleted()
        }
        let result = TestObserver<Int, Never>()

        producer.start(on: scheduler).start(result.observer)
        XCTAssertEqual(starts, 0)
        XCTAssertEqual(result.events, [])
        scheduler.advance()

        XCTAssertEqual(starts, 1)
        XCTAssertEqual(result.events, [.value(1), .completed])
    }

    func testStartOn_DisposedBeforeTheSchedulerRuns_NeverStarts() {
        let scheduler = TestScheduler()
        var starts = 0
        let producer = SignalProducer<Int, Never> { _, _ in starts += 1 }
        let result = TestObserver<Int, Never>()

        producer.start(on: scheduler).start(result.observer).dispose()
        scheduler.advance()

        XCTAssertEqual(starts, 0)
        XCTAssertEqual(result.events, [.interrupted])
    }
}
