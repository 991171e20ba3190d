import XCTest
@testable import Signals

final class PendingActionsTests: XCTestCase {
    func testPendingActions_Dispose_CancelsEveryWaitingAction() {
        let scheduler = TestScheduler()
        let pending = PendingActions()
        var ran: [Int] = []
        pending.schedule(on: scheduler) { ran.append(1) }
        pending.schedule(on: scheduler, after: scheduler.currentDate.addingTimeInterval(1)) { ran.append(2) }
        XCTAssertEqual(scheduler.pendingActionCount, 2)

        pending.dispose()
        scheduler.run()

        XCTAssertEqual(ran, [])
        XCTAssertEqual(scheduler.pendingActionCount, 0)
    }

    func testPendingActions_ActionsRunInScheduleOrder() {
        let scheduler = TestScheduler()
        let pending = PendingActions()
        var ran: [Int] = []
        pending.schedule(on: scheduler, after: scheduler.currentDate.addingTimeInterval(2)) { ran.append(2) }
        pending.schedule(on: scheduler) { ran.append(0) }
        pending.schedule(on: scheduler, after: scheduler.currentDate.addingTimeInterval(1)) { ran.append(1) }

        scheduler.run()

        XCTAssertEqual(ran, [0, 1, 2])
    }

    func testPendingActions_SchedulerThatCannotCancel_DisposedActionsStillDoNotRun() {
        let scheduler = UncancellableScheduler()
        let pending = PendingActions()
        var ran = 0
        pending.schedule(on: scheduler) { ran += 1 }

        pending.dispose()
        scheduler.base.run()

        XCTAssertEqual(ran, 0)
    }

    func testPendingActions_ImmediateScheduler_RunsOnceAtOnce() {
        let pending = PendingActions()
        var ran = 0

        pending.schedule(on: ImmediateScheduler()) { ran += 1 }
        XCTAssertEqual(ran, 1)
        pending.dispose()

        XCTAssertEqual(ran, 1)
    }

    func testPendingActions_ScheduledAfterDisposal_NeverRuns() {
        let scheduler = TestScheduler()
        let pending = PendingActions()
        pending.dispose()
        var ran = 0

        pending.schedule(on: scheduler) { ran += 1 }
        scheduler.run()

        XCTAssertEqual(ran, 0)
        XCTAssertEqual(scheduler.pendingActionCount, 0)
    }
}
