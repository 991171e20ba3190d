import SystemIO
import Foundation
import Glibc
import XCTest

@testable import Framing

/// The thread-safe writer: exact bytes on the wire, errors, back-pressure.
final class FrameWriterTests: XCTestCase {
    /// Everything `body` writes through a writer on a fresh pipe, read back raw.
    private func wireBytes(mode: FramingMode, _ body: (FrameWriter) throws -> Void) rethrows -> [UInt8] {
        let pipe = TestPipe()
        let writer = FrameWriter(fileDescriptor: FileDescriptor(rawValue: pipe.writeEnd), mode: mode)
        try body(writer)
        pipe.closeWriteEnd()
        return readAll(pipe.readEnd)
    }

    func testNewlineMode_AppendsLF() throws {
        let wire = try wireBytes(mode: .newline) { try $0.write(bytes("{\"id\":1}")) }
        XCTAssertEqual(wire, bytes("{\"id\":1}\n"))
    }

    func testContentLengthMode_PrefixesTheHeader() throws {
        let wire = try wireBytes(mode: .contentLength) { writer in
            try writer.write(bytes("{\"id\":1}"))
            try writer.write([])
        }
        XCTAssertEqual(wire, bytes("Content-Length: 8\r\n\r\n{\"id\":1}Content-Length: 0\r\n\r\n"))
    }

    func testAutoMode_WritesLinesUntilTheModeIsSet() throws {
        let wire = try wireBytes(mode: .auto) { writer in
            try writer.write(bytes("a"))
            XCTAssertEqual(writer.mode, .auto)
            writer.mode = .contentLength
            try writer.write(bytes("b"))
        }
        XCTAssertEqual(wire, bytes("a\nContent-Length: 1\r\n\r\nb"))
    }

    func testAppendFramed_FramesEachMessageInTheCurrentModeIntoOneBuffer() throws {
        let wire = try wireBytes(mode: .auto) { writer in
            var buffer: [UInt8] = []
            writer.appendFramed(to: &buffer) { $0 += bytes("a") }
            writer.mode = .contentLength
            writer.appendFramed(to: &buffer) { $0 += bytes("{\"id\":1}") }
            writer.appendFramed(to: &buffer) { _ in }
            writer.mode = .newline
            writer.appendFramed(to: &buffer) { $0 += bytes("z") }
            try writer.write(framed: buffer)
            try writer.write(framed: [])
        }
        XCTAssertEqual(wire, bytes("a\nContent-Length: 8\r\n\r\n{\"id\":1}Content-Length: 0\r\n\r\nz\n"))
    }

    func testAppendFramed_AppendsAfterWhatTheBufferHolds() {
        let writer = FrameWriter(fileDescriptor: FileDescriptor(rawValue: -1), mode: .newline)
        var buffer = bytes("x\n")
        writer.appendFramed(to: &buffer) { $0 += bytes("y") }
        XCTAssertEqual(buffer, bytes("x\ny\n"))
    }

    func testRawBufferWrite_WritesTheSameBytes() throws {
        let body: [UInt8] = [0xFF, 0x00, 0x7B]
        let wire = try wireBytes(mode: .newline) { writer in
            try body.withUnsafeBytes { try writer.write($0) }
        }
        XCTAssertEqual(wire, body + [ASCII.newline])
    }

    func testBatch_WritesEveryMessageCompleteAndInOrder() throws {
        let small = (0..<5000).map { bytes("{\"n\":\($0)}") }
        let large = [UInt8](repeating: UInt8(ascii: "L"), count: 100_000)
        let batch = Array(small[..<2500]) + [large] + Array(small[2500...])
        // Read concurrently: the batch is larger than a pipe holds.
        let pipe = TestPipe()
        let readEnd = pipe.readEnd
        let received = Shared<[UInt8]>([])
        let drain = TestThread { let all = readAll(readEnd); received.update { $0 = all } }
        try FrameWriter(fileDescriptor: FileDescriptor(rawValue: pipe.writeEnd), mode: .contentLength).write(batch: batch)
        try FrameWriter(fileDescriptor: FileDescriptor(rawValue: pipe.writeEnd)).write(batch: [bytes("x"), bytes("y")])
        pipe.closeWriteEnd()
        drain.join()
        let expected = batch.flatMap { bytes("Content-Length: \($0.count)\r\n\r\n") + $0 } + bytes("x\ny\n")
        // Not XCTAssertEqual: a mismatch would print hundreds of kilobytes.
        XCTAssertTrue(received.value == expected, "got \(received.value.count) bytes, expected \(expected.count)")
    }

    func testClosedReadEnd_IsPeerClosedAndTheProcessSurvives() {
        ProcessIO.ignoreBrokenPipeSignal()
        let pipe = TestPipe()
        pipe.closeReadEnd()
        let writer = FrameWriter(fileDescriptor: FileDescriptor(rawValue: pipe.writeEnd))
        for _ in 0..<3 {
            XCTAssertThrowsError(try writer.write(bytes("{}"))) { error in
                XCTAssertEqual(error as? FrameWriteError, .peerClosed)
            }
        }
        XCTAssertThrowsError(try writer.write(batch: [bytes("a"), bytes("b")])) { error in
            XCTAssertEqual(error as? FrameWriteError, .peerClosed)
        }
    }

    func testReaderClosingWhileWriterBlocked_IsPeerClosed() {
        ProcessIO.ignoreBrokenPipeSignal()
        let pipe = TestPipe()
        let writer = FrameWriter(fileDescriptor: FileDescriptor(rawValue: pipe.writeEnd))
        let outcome = Shared<FrameWriteError?>(nil)
        let blocked = TestThread {
            do throws(FrameWriteError) {
                try writer.write([UInt8](repeating: UInt8(ascii: "z"), count: 1 << 20))
            } catch {
                outcome.update { $0 = error }
            }
        }
        usleep(200_000)
        pipe.closeReadEnd()
        blocked.join()
        XCTAssertEqual(outcome.value, .peerClosed)
    }

    func testBadDescriptor_IsWriteFailed() {
        XCTAssertThrowsError(try FrameWriter(fileDescriptor: FileDescriptor(rawValue: -1)).write(bytes("x"))) { error in
            XCTAssertEqual(error as? FrameWriteError, .writeFailed(.badFileDescriptor))
        }
    }

    func testFullPipe_BlocksTheWriterUntilTheReaderDrains_NothingLost() throws {
        let pipe = TestPipe()
        let writer = FrameWriter(fileDescriptor: FileDescriptor(rawValue: pipe.writeEnd))
        let count = 100
        let sent = Shared(0)
        let producer = TestThread {
            for index in 0..<count {
                let body = bytes("\(index):") + [UInt8](repeating: UInt8(ascii: "p"), count: 16 * 1024)
                guard (try? writer.write(body)) != nil else { return }
                sent.update { $0 += 1 }
            }
        }
        usleep(300_000)
        // 1.6 MB does not fit in a pipe (64 KiB by default): the writer must be waiting.
        XCTAssertLessThan(sent.value, count)
        let reader = FrameReader(fileDescriptor: FileDescriptor(rawValue: pipe.readEnd))
        for index in 0..<count {
            let expected = bytes("\(index):") + [UInt8](repeating: UInt8(ascii: "p"), count: 16 * 1024)
            let frame = try reader.next()
            XCTAssertTrue(frame == .message(expected), "message \(index) altered or missing")
        }
        producer.join()
        XCTAssertEqual(sent.value, count)
    }

    func testNonBlockingDescriptor_WaitsInsteadOfFailing() throws {
        let pipe = TestPipe()
        _ = fcntl(pipe.writeEnd, F_SETFL, fcntl(pipe.writeEnd, F_GETFL) | O_NONBLOCK)
        let readEnd = pipe.readEnd
        let received = Shared<[UInt8]>([])
        let drain = TestThread {
            usleep(100_000)
            let all = readAll(readEnd)
            received.update { $0 = all }
        }
        let body = [UInt8](repeating: UInt8(ascii: "n"), count: 1 << 20)
        try FrameWriter(fileDescriptor: FileDescriptor(rawValue: pipe.writeEnd)).write(body)
        pipe.closeWriteEnd()
        drain.join()
        XCTAssertTrue(received.value == body + [ASCII.newline], "got \(received.value.count) bytes")
    }
}
