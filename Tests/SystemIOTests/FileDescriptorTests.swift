import Foundation
import Glibc
import SystemIO
import XCTest

/// The system layer: typed errors, partial and non-blocking I/O, standard descriptors.
final class FileDescriptorTests: XCTestCase {
    func testPipeRoundTripAndEndOfInput() throws {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        defer { try? readEnd.close() }
        try writeEnd.writeAll(Array("hello".utf8))
        try writeEnd.close()
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = try buffer.withUnsafeMutableBytes { try readEnd.read(into: $0) }
        XCTAssertEqual(Array(buffer[..<count]), Array("hello".utf8))
        let end = try buffer.withUnsafeMutableBytes { try readEnd.read(into: $0) }
        XCTAssertEqual(end, 0, "end of input reads 0")
    }

    func testNonBlockingReadWaitsInsteadOfFailingWithEAGAIN() throws {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        defer { try? readEnd.close() }
        try readEnd.setNonBlocking(true)
        let writer = Thread {
            usleep(50_000)
            try? writeEnd.writeAll(Array("late".utf8))
            try? writeEnd.close()
        }
        writer.start()
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = try buffer.withUnsafeMutableBytes { try readEnd.read(into: $0) }
        XCTAssertEqual(Array(buffer[..<count]), Array("late".utf8))
    }

    func testReadIfReadyReturnsNilWhenNothingWaits() throws {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        defer { try? readEnd.close(); try? writeEnd.close() }
        try readEnd.setNonBlocking(true)
        var buffer = [UInt8](repeating: 0, count: 16)
        XCTAssertNil(try buffer.withUnsafeMutableBytes { try readEnd.readIfReady(into: $0) })
    }

    func testWriteAllFinishesPartialWritesToANonBlockingPipe() throws {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        try writeEnd.setNonBlocking(true)
        let payload = [UInt8](repeating: 7, count: 1 << 20)  // far more than a pipe holds
        let writer = Thread {
            try? writeEnd.writeAll(payload)
            try? writeEnd.close()
        }
        writer.start()
        var received = 0
        var buffer = [UInt8](repeating: 0, count: 65536)
        while let count = try? buffer.withUnsafeMutableBytes({ try readEnd.read(into: $0) }), count > 0 {
            received += count
        }
        try readEnd.close()
        XCTAssertEqual(received, payload.count)
    }

    func testBrokenPipeIsATypedError() throws {
        ProcessIO.ignoreBrokenPipeSignal()
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        try readEnd.close()
        defer { try? writeEnd.close() }
        XCTAssertThrowsError(try writeEnd.writeAll(Array("x".utf8))) { error in
            XCTAssertEqual(error as? Errno, .brokenPipe)
            XCTAssertEqual((error as? Errno)?.description, "Broken pipe (EPIPE)")
        }
    }

    func testReadingADirectoryIsEISDIR() throws {
        let directory = try FileDescriptor.open("/", [])
        defer { try? directory.close() }
        var buffer = [UInt8](repeating: 0, count: 16)
        XCTAssertThrowsError(try buffer.withUnsafeMutableBytes { try directory.read(into: $0) }) { error in
            XCTAssertEqual(error as? Errno, .isDirectory)
        }
    }

    func testOpenNoFollowRefusesASymbolicLinkAndExclusiveRefusesAnExistingFile() throws {
        let directory = NSTemporaryDirectoryPath() + "/sio-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        XCTAssertEqual(mkdir(directory, 0o700), 0)
        defer { _ = unlink(directory + "/link"); _ = unlink(directory + "/file"); _ = rmdir(directory) }
        let file = try FileDescriptor.open(directory + "/file", [.writeOnly, .create, .exclusive], permissions: 0o600)
        try file.close()
        XCTAssertEqual(try FileDescriptor.open(directory + "/file", []).status().permissions, 0o600)
        XCTAssertThrowsError(try FileDescriptor.open(directory + "/file", [.writeOnly, .create, .exclusive])) { error in
            XCTAssertEqual((error as? Errno)?.name, "EEXIST")
        }
        XCTAssertEqual(symlink(directory + "/file", directory + "/link"), 0)
        XCTAssertThrowsError(try FileDescriptor.open(directory + "/link", [.noFollow])) { error in
            XCTAssertEqual((error as? Errno)?.name, "ELOOP")
        }
        XCTAssertEqual(try FileDescriptor.kind(atPath: directory + "/link"), .symbolicLink)
        XCTAssertEqual(try FileDescriptor.kind(atPath: directory), .directory)
    }

    func testWaitForInputReportsWhichDescriptorIsReady() throws {
        let (quietRead, quietWrite) = try FileDescriptor.pipe()
        let (busyRead, busyWrite) = try FileDescriptor.pipe()
        defer { for fd in [quietRead, quietWrite, busyRead, busyWrite] { try? fd.close() } }
        XCTAssertEqual(try FileDescriptor.waitForInput(on: [quietRead, busyRead], timeoutMilliseconds: 0), [])
        try busyWrite.writeAll(Array("!".utf8))
        XCTAssertEqual(try FileDescriptor.waitForInput(on: [quietRead, busyRead], timeoutMilliseconds: 1000), [1])
    }

    func testWaitForInputCountsAnInputClosedByItsWriterAsReady() throws {
        // The next read reports the end.
        let (endedRead, endedWrite) = try FileDescriptor.pipe()
        defer { try? endedRead.close() }
        try endedWrite.close()
        XCTAssertEqual(try FileDescriptor.waitForInput(on: [endedRead], timeoutMilliseconds: 1000), [0])
    }

    func testErrnoNamesAndUnknownNumbers() {
        XCTAssertEqual(Errno.noSpace.name, "ENOSPC")
        XCTAssertEqual(Errno(rawValue: 9999).name, "errno 9999")
        XCTAssertEqual(ProcessIO.name(ofSignal: SIGHUP), "SIGHUP")
    }

    private func NSTemporaryDirectoryPath() -> String {
        ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
    }
}
