import Dispatch
import SystemIO
import XCTest

/// The pthread monitor: waiting for a condition, and the timeout.
final class MonitorTests: XCTestCase {
    func testAWaiterWakesWhenTheStateChanges() {
        let monitor = Monitor(0)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) {
            monitor.withLock { $0 = 42 }
            monitor.broadcast()
        }
        let seen = monitor.wait(until: { $0 == 42 }) { state, ready -> Int in
            XCTAssertTrue(ready)
            return state
        }
        XCTAssertEqual(seen, 42)
    }

    func testATimedWaitGivesUpAndSaysSo() {
        let monitor = Monitor(false)
        let ready = monitor.wait(until: { $0 }, timeoutSeconds: 0.05) { _, ready in ready }
        XCTAssertFalse(ready)
    }
}
