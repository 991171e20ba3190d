import Daemon
import SystemIO
import XCTest

/// Every non-zero exit has one diagnostic line saying why; a clean stop has none.
final class ServerOutcomeTests: XCTestCase {
    func testStatusesAndDiagnostics() {
        let table: [(ServerOutcome, Int32, String?)] = [
            (.finished, 0, nil),
            (.signalled(15), 0, nil),
            (.outputClosed, 3, "switchboard: stdout was closed by the client (EPIPE); exiting with status 3"),
            (.readFailed(.isDirectory), 4, "switchboard: reading stdin failed: Is a directory (EISDIR); exiting with status 4"),
            (.writeFailed(.noSpace), 5, "switchboard: writing stdout failed: No space left on device (ENOSPC); exiting with status 5"),
            (.interrupted(15), 1, "switchboard: a second SIGTERM arrived while finishing; exiting at once with status 1 (output owed may be lost)"),
        ]
        for (outcome, status, diagnostic) in table {
            XCTAssertEqual(outcome.exitStatus, status, "\(outcome)")
            XCTAssertEqual(outcome.diagnostic, diagnostic, "\(outcome)")
        }
    }
}
