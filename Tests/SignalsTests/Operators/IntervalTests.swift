import FoundationEssentials
import Signals
import SignalsTesting
import XCTest

final class IntervalTests: XCTestCase {
    func testTimer_SendsTheSchedulersDateEveryInterval_UntilDisposed() {
        let scheduler = TestScheduler(startDate: Date(timeIntervalSinceReferenceDate: 100))
        let result = TestObserver<Date, Never>()
        let disposable = SignalProducer.timer(interval: .seconds(1), on: scheduler).start(result.observer)
        let at = { Date(timeIntervalSinceReferenceDate: $0) }

        scheduler.advance(by: 0.5)
        XCTAssertEqual(result.events, [], "the first tick is one interval after the start")
        scheduler.advance(by: 0.5)
        XCTAssertEqual(result.events, [.value(at(101))])
        scheduler.advance(by: 2)
        XCTAssertEqual(result.events, [.value(at(101)), .value(at(102)), .value(at(103))])
        disposable.dispose()
        scheduler.advance(by: 5)

        XCTAssertEqual(result.events, [.value(at(101)), .value(at(102)), .value(at(103)), .interrupted])
        XCTAssertEqual(scheduler.pendingActionCount, 0)
    }

    func testTimer_MillisecondInterval_TicksFromTheStartDate() {
        let scheduler = TestScheduler(startDate: Date(timeIntervalSinceReferenceDate: 0))
        scheduler.advance(by: 10)
        let result = TestObserver<Date, Never>()
        SignalProducer.timer(interval: .milliseconds(250), on: scheduler).start(result.observer)

        scheduler.advance(by: 0.5)

        XCTAssertEqual(result.values.map(\.timeIntervalSinceReferenceDate), [10.25, 10.5])
        result.assertDidNotTerminate()
    }
}
