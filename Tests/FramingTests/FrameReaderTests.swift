import SystemIO
import Foundation
import Glibc
import XCTest

@testable import Framing

/// The blocking reader over real `pipe(2)` descriptors.
final class FrameReaderTests: XCTestCase {
    func testFramesFromPipe_ThenNilAtEndOfInputAndAfter() throws {
        let pipe = TestPipe()
        writeRaw(pipe.writeEnd, bytes("{\"id\":1}\r\n\n{\"id\":2}\n"))
        pipe.closeWriteEnd()
        let reader = FrameReader(fileDescriptor: FileDescriptor(rawValue: pipe.readEnd))
        XCTAssertEqual(try reader.next(), message("{\"id\":1}"))
        XCTAssertEqual(try reader.next(), message("{\"id\":2}"))
        XCTAssertNil(try reader.next())
        XCTAssertNil(try reader.next())
    }

    func testPartialLastLine_IsDeliveredAtEndOfInput() {
        let pipe = TestPipe()
        writeRaw(pipe.writeEnd, bytes("a\nno newline"))
        pipe.closeWriteEnd()
        XCTAssertEqual(readFrames(FrameReader(fileDescriptor: FileDescriptor(rawValue: pipe.readEnd))), [message("a"), message("no newline")])
    }

    func testInvalidUTF8_ArrivesUntouched() {
        let line: [UInt8] = [0xFF, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0xF4, 0x90, 0x80, 0x80]
        let pipe = TestPipe()
        writeRaw(pipe.writeEnd, line + [ASCII.newline])
        pipe.closeWriteEnd()
        XCTAssertEqual(readFrames(FrameReader(fileDescriptor: FileDescriptor(rawValue: pipe.readEnd))), [.message(line)])
    }

    func testOneByteChunks_GiveTheSameFrames() {
        let pipe = TestPipe()
        writeRaw(pipe.writeEnd, bytes("Content-Length: 3\r\n\r\nabcContent-Length: 0\r\n\r\n"))
        pipe.closeWriteEnd()
        let reader = FrameReader(fileDescriptor: FileDescriptor(rawValue: pipe.readEnd), mode: .contentLength, chunkSize: 1)
        XCTAssertEqual(readFrames(reader), [message("abc"), .message([])])
    }

    func testAutoMode_ReportsTheDecisionAfterTheFirstFrame() throws {
        let pipe = TestPipe()
        writeRaw(pipe.writeEnd, bytes("\r\nContent-Length: 2\r\n\r\n{}"))
        pipe.closeWriteEnd()
        let reader = FrameReader(fileDescriptor: FileDescriptor(rawValue: pipe.readEnd), mode: .auto)
        XCTAssertEqual(reader.mode, .auto)
        XCTAssertEqual(try reader.next(), message("{}"))
        XCTAssertEqual(reader.mode, .contentLength)
    }

    func testBadDescriptor_ThrowsReadFailed() {
        let reader = FrameReader(fileDescriptor: FileDescriptor(rawValue: -1))
        XCTAssertThrowsError(try reader.next()) { error in
            XCTAssertEqual(error as? FrameReadError, .readFailed(.badFileDescriptor))
        }
    }

    func testNonBlockingDescriptor_StillBlocksUntilDataArrives() {
        let pipe = TestPipe()
        _ = fcntl(pipe.readEnd, F_SETFL, fcntl(pipe.readEnd, F_GETFL) | O_NONBLOCK)
        let writeEnd = pipe.writeEnd
        let late = TestThread {
            usleep(100_000)
            writeRaw(writeEnd, bytes("late\n"))
        }
        let reader = FrameReader(fileDescriptor: FileDescriptor(rawValue: pipe.readEnd))
        XCTAssertEqual(try reader.next(), message("late"))
        late.join()
    }

    func testHundredMegabyteLine_YieldsOneTooLongThenTheNextMessage_WithBoundedMemory() throws {
        let pipe = TestPipe()
        let writeEnd = pipe.writeEnd
        let writer = TestThread {
            let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1_000_000)
            for _ in 0..<100 {
                writeRaw(writeEnd, chunk)
            }
            writeRaw(writeEnd, bytes("\n{\"after\":1}\n"))
        }
        let reader = FrameReader(fileDescriptor: FileDescriptor(rawValue: pipe.readEnd))
        XCTAssertEqual(try reader.next(), .tooLong(length: 100_000_000))
        XCTAssertEqual(try reader.next(), message("{\"after\":1}"))
        writer.join()
        pipe.closeWriteEnd()
        XCTAssertNil(try reader.next())
        XCTAssertLessThanOrEqual(reader.peakBufferCapacity, 16 * 1024 * 1024 + 64 * 1024)
    }

    func testHundredMegabyteBody_IsSkippedUnstoredThenTheNextMessage() throws {
        let pipe = TestPipe()
        let writeEnd = pipe.writeEnd
        let writer = TestThread {
            writeRaw(writeEnd, bytes("Content-Length: 100000000\r\n\r\n"))
            let chunk = [UInt8](repeating: UInt8(ascii: "y"), count: 1_000_000)
            for _ in 0..<100 {
                writeRaw(writeEnd, chunk)
            }
            writeRaw(writeEnd, bytes("Content-Length: 2\r\n\r\n{}"))
        }
        let reader = FrameReader(fileDescriptor: FileDescriptor(rawValue: pipe.readEnd), mode: .contentLength)
        XCTAssertEqual(try reader.next(), .tooLong(length: 100_000_000))
        XCTAssertEqual(try reader.next(), message("{}"))
        writer.join()
        XCTAssertLessThanOrEqual(reader.peakBufferCapacity, 64 * 1024)
    }

    // MARK: One read at a time, interruption, timeout

    func testReadChunk_HandsOutEveryFrameOfOneReadAndCountsItsBytes() throws {
        let pipe = TestPipe()
        writeRaw(pipe.writeEnd, bytes("a\nb\nc"))
        let reader = FrameReader(fileDescriptor: FileDescriptor(rawValue: pipe.readEnd))
        var frames: [InboundFrame] = []
        XCTAssertEqual(try reader.readChunk { frames.append($0) }, .read(bytes: 5))
        XCTAssertEqual(frames, [message("a"), message("b")], "the partial c waits for its newline")
        pipe.closeWriteEnd()
        frames = []
        XCTAssertEqual(try reader.readChunk { frames.append($0) }, .ended)
        XCTAssertEqual(frames, [message("c")])
        XCTAssertEqual(try reader.readChunk { _ in XCTFail("nothing after the end") }, .ended)
    }

    func testReadChunk_StopsBetweenReadsWhenTheInputIsStopped() throws {
        let input = TestPipe()
        let interruptible = try InterruptibleInput(duplicating: FileDescriptor(rawValue: input.readEnd))
        let reader = FrameReader(input: interruptible)
        writeRaw(input.writeEnd, bytes("first\n"))
        XCTAssertEqual(try reader.readChunk { XCTAssertEqual($0, message("first")) }, .read(bytes: 6))
        // Blocked in read(2) with nothing to read: the stop ends the wait.
        let stopper = TestThread {
            usleep(50_000)
            interruptible.stop()
        }
        XCTAssertEqual(try reader.readChunk { _ in XCTFail("nothing was read") }, .interrupted)
        stopper.join()
        // Input waiting and the input stopped: reading stops before it.
        writeRaw(input.writeEnd, bytes("second\n"))
        XCTAssertEqual(try reader.readChunk { _ in XCTFail("stopped before reading") }, .interrupted)
    }

    func testNextWithTimeout_SaysWhenNothingArrived() throws {
        let pipe = TestPipe()
        let reader = FrameReader(fileDescriptor: FileDescriptor(rawValue: pipe.readEnd))
        XCTAssertEqual(try reader.next(timeoutMilliseconds: 20), .timedOut)
        writeRaw(pipe.writeEnd, bytes("x\n"))
        XCTAssertEqual(try reader.next(timeoutMilliseconds: 1000), .frame(message("x")))
        pipe.closeWriteEnd()
        XCTAssertEqual(try reader.next(timeoutMilliseconds: 1000), .ended)
    }
}
