@testable import Daemon
import XCTest

/// What the server decides before it reads; its serving is tested end to end, over real pipes
/// (Tests/e2e/test_transport.py, test_daemon.py, test_hostile.py).
final class StdioServerTests: XCTestCase {
    func testTheReaderSpinsOnlyWithAProcessorToSpareAndWithinTheLimit() {
        var limits = ServerLimits()
        XCTAssertEqual(limits.spinMicroseconds, 50, "the default the README names")
        XCTAssertEqual(StdioServer.spinNanoseconds(limits, processors: 2), 50_000)
        XCTAssertEqual(StdioServer.spinNanoseconds(limits, processors: 64), 50_000)
        // One processor: a spinning reader would keep the client from sending.
        XCTAssertEqual(StdioServer.spinNanoseconds(limits, processors: 1), 0)
        limits.spinMicroseconds = 0
        XCTAssertEqual(StdioServer.spinNanoseconds(limits, processors: 2), 0)
        limits.spinMicroseconds = ServerLimits.maxSpinMicroseconds
        XCTAssertEqual(StdioServer.spinNanoseconds(limits, processors: 2), 1_000_000)
    }
}
