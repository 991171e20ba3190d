import Host
import Signals
import XCTest

/// The serial executor a session lives on, the daemon's and the REPL's alike.
final class SessionExecutorTests: XCTestCase {
    private struct Refused: Error, Equatable {
        let reason: String
    }

    private func makeExecutor() -> SessionExecutor {
        SessionExecutor(label: "switchboard.test.executor", virtualClock: true) { clock in
            Session(registry: Registry(), configuration: SessionConfiguration(), clock: clock, diagnose: { _ in }, sink: { _ in })
        }
    }

    func testSyncRunsTheBodyOnTheExecutorAndReturnsItsValue() {
        let executor = makeExecutor()
        XCTAssertFalse(executor.isCurrent)
        let (onExecutor, count) = executor.sync { session in (executor.isCurrent, session.maxBatch) }
        XCTAssertTrue(onExecutor, "the body runs in the executor's turn")
        XCTAssertEqual(count, SessionConfiguration().maxBatch)
    }

    func testSyncReturnsANilThatIsTheBodysValue() {
        // The result is carried out of Dispatch's block in an optional of its own: a body
        // whose value is itself nil must come back as nil, not as "the block did not run".
        let executor = makeExecutor()
        let value: Int? = executor.sync { _ in nil }
        XCTAssertNil(value)
    }

    func testSyncRethrowsTheBodysErrorWithItsType() {
        let executor = makeExecutor()
        do throws(Refused) {
            _ = try executor.sync { _ throws(Refused) -> Int in throw Refused(reason: "no") }
            XCTFail("the error did not come out")
        } catch {
            XCTAssertEqual(error, Refused(reason: "no"))
        }
        // And the executor still runs work afterwards.
        XCTAssertEqual(executor.sync { _ in 7 }, 7)
    }
}
