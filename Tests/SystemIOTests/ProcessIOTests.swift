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

    func testTheAvailableProcessorsAreThoseTheKernelAllowsThisProcess() throws {
        // The kernel's own account of the affinity mask: "Cpus_allowed_list:\t0-1,4".
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
        let list = line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)
        let allowed = try list.split(separator: ",").map { range -> Int in
            let bounds = try range.split(separator: "-").map { try XCTUnwrap(Int($0)) }
            return bounds.count == 2 ? bounds[1] - bounds[0] + 1 : 1
        }.reduce(0, +)
        XCTAssertEqual(ProcessIO.availableProcessorCount(), allowed)
    }

    func testNothingIsReopenedWhenAllAreOpen() {
        XCTAssertEqual(ProcessIO.occupyClosedStandardDescriptors(), [])
    }
}
