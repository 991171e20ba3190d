@testable import Daemon
import Dispatch
import XCTest

/// The read-ahead bound: the reader waits once the chunks in flight hold too much.
final class ReadAheadBudgetTests: XCTestCase {
    func testAChunkLargerThanTheBudgetPassesAloneAndBlocksTheNext() {
        let budget = ReadAheadBudget(maxBytes: 100, maxChunks: 8)
        budget.acquire(bytes: 1000)  // alone: granted
        let second = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            budget.acquire(bytes: 10)
            second.signal()
        }
        XCTAssertEqual(second.wait(timeout: .now() + 0.2), .timedOut, "over budget: the reader waits")
        budget.release(bytes: 1000)
        XCTAssertEqual(second.wait(timeout: .now() + 5), .success)
    }

    func testTheChunkCountIsBoundedToo() {
        let budget = ReadAheadBudget(maxBytes: 1 << 30, maxChunks: 2)
        budget.acquire(bytes: 1)
        budget.acquire(bytes: 1)
        let third = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            budget.acquire(bytes: 1)
            third.signal()
        }
        XCTAssertEqual(third.wait(timeout: .now() + 0.2), .timedOut)
        budget.release(bytes: 1)
        XCTAssertEqual(third.wait(timeout: .now() + 5), .success)
    }
}
