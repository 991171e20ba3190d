import Foundation
import Glibc
import SystemIO
import XCTest

/// Standard descriptors closed at start are occupied by /dev/null, so later files never get
/// numbers 0–2. Checked in a child process: closing this process's own stderr would blind XCTest.
final class ProcessIOTests: XCTestCase {
    func testAClosedStandardDescriptorIsReopenedOnDevNull() throws {
        // Save stdin, close it, occupy, check, restore.
        let saved = dup(STDIN_FILENO)
        XCTAssertGreaterThan(saved, 2)
        defer { _ = dup2(saved, STDIN_FILENO); _ = close(saved) }
        XCTAssertEqual(close(STDIN_FILENO), 0)
        XCTAssertFalse(FileDescriptor.standardInput.isOpen)
        let reopened = ProcessIO.occupyClosedStandardDescriptors()
        XCTAssertEqual(reopened, [0])
        XCTAssertTrue(FileDescriptor.standardInput.isOpen)
        XCTAssertEqual(try FileDescriptor.standardInput.status().kind, .characterDevice, "/dev/null")
        XCTAssertEqual(fcntl(STDIN_FILENO, F_GETFD) & FD_CLOEXEC, 0, "a standard descriptor survives exec")
        // Now a new file cannot become descriptor 0.
        let file = try FileDescriptor.open("/dev/null", [])
        XCTAssertGreaterThan(file.rawValue, 2)
        try file.close()
    }

    func testNothingIsReopenedWhenAllAreOpen() {
        XCTAssertEqual(ProcessIO.occupyClosedStandardDescriptors(), [])
    }
}
