import Glibc
import SystemIO
import XCTest

/// The one signal handler: counts, wakes a pipe, and is taken by the waiting side.
final class InterruptWakeTests: XCTestCase {
    func testASignalIsCountedAndWakesThePipe() throws {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        defer { try? readEnd.close(); try? writeEnd.close() }
        try writeEnd.setNonBlocking(true)
        // SIGUSR1: nothing else in the test process uses it.
        InterruptWake.install(SIGUSR1, wake: .pipe(writeEnd))
        defer { ProcessIO.restoreDefault(signal: SIGUSR1) }
        _ = InterruptWake.take(SIGUSR1)
        XCTAssertEqual(raise(SIGUSR1), 0)
        XCTAssertEqual(try FileDescriptor.waitForInput(on: [readEnd], timeoutMilliseconds: 1000), [0])
        XCTAssertEqual(InterruptWake.count(SIGUSR1), 1)
        XCTAssertEqual(raise(SIGUSR1), 0)
        XCTAssertEqual(InterruptWake.take(SIGUSR1), 2)
        XCTAssertEqual(InterruptWake.take(SIGUSR1), 0, "taking resets")
    }

    func testASignalIgnoredAtStartIsReportedSo() {
        ProcessIO.ignore(signal: SIGUSR2)
        defer { ProcessIO.restoreDefault(signal: SIGUSR2) }
        XCTAssertTrue(InterruptWake.wasIgnoredAtStart(SIGUSR2))
        ProcessIO.restoreDefault(signal: SIGUSR2)
        XCTAssertFalse(InterruptWake.wasIgnoredAtStart(SIGUSR2))
    }
}
