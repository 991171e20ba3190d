import SystemIO
import Foundation
import Glibc
import XCTest

@testable import Framing

// Shared helpers for the Framing tests (the package has no test-support target for Framing, and
// Package.swift is not ours to change, so they live here). Assertions forward `file:line:`.

/// The UTF-8 bytes of `text`.
func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// A `.message` frame holding the UTF-8 bytes of `text`.
func message(_ text: String) -> InboundFrame { .message(bytes(text)) }

/// Feeds `chunks` in order, then finishes; returns every frame and the decoder's final mode.
func decode(
    _ chunks: [[UInt8]], mode: FramingMode = .newline, limit: Int = 16 * 1024 * 1024
) -> (frames: [InboundFrame], mode: FramingMode) {
    var decoder = FrameDecoder(mode: mode, maxMessageLength: limit)
    var frames: [InboundFrame] = []
    for chunk in chunks {
        decoder.feed(chunk) { frames.append($0) }
    }
    decoder.finish { frames.append($0) }
    return (frames, decoder.mode)
}

/// Asserts `stream` decodes to `expected` whole, one byte at a time, split at every single
/// position, and (for streams up to 80 bytes) split at every pair of positions.
func assertEverySplit(
    _ stream: [UInt8], mode: FramingMode = .newline, limit: Int = 16 * 1024 * 1024,
    decodeTo expected: [InboundFrame], file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(decode([stream], mode: mode, limit: limit).frames, expected, "whole", file: file, line: line)
    let single = stream.map { [$0] }
    XCTAssertEqual(decode(single, mode: mode, limit: limit).frames, expected, "byte by byte", file: file, line: line)
    for cut in 0...stream.count {
        let chunks = [Array(stream[..<cut]), Array(stream[cut...])]
        let frames = decode(chunks, mode: mode, limit: limit).frames
        XCTAssertEqual(frames, expected, "split at \(cut)", file: file, line: line)
    }
    guard stream.count <= 80 else { return }
    for first in 0...stream.count {
        for second in first...stream.count {
            let chunks = [Array(stream[..<first]), Array(stream[first..<second]), Array(stream[second...])]
            let frames = decode(chunks, mode: mode, limit: limit).frames
            if frames != expected {
                XCTFail("split at \(first) and \(second): \(frames)", file: file, line: line)
                return
            }
        }
    }
}

/// A `pipe(2)` pair whose ends are closed when the test is done (unless already closed).
final class TestPipe {
    let readEnd: Int32
    let writeEnd: Int32
    private var open: Set<Int32>

    init(file: StaticString = #filePath, line: UInt = #line) {
        var fds: [Int32] = [-1, -1]
        let result = fds.withUnsafeMutableBufferPointer { pipe($0.baseAddress) }
        XCTAssertEqual(result, 0, "pipe(2) failed", file: file, line: line)
        readEnd = fds[0]
        writeEnd = fds[1]
        open = [readEnd, writeEnd]
    }

    func closeReadEnd() { close(readEnd) }
    func closeWriteEnd() { close(writeEnd) }

    private func close(_ fd: Int32) {
        if open.remove(fd) != nil { _ = Glibc.close(fd) }
    }

    deinit {
        for fd in open { _ = Glibc.close(fd) }
    }
}

/// Writes all of `data` to `fd` with plain `write(2)` (test input, independent of FrameWriter).
func writeRaw(_ fd: Int32, _ data: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
    data.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                XCTFail("write(2) failed: errno \(errno)", file: file, line: line)
                return
            }
            offset += written
        }
    }
}

/// Reads `fd` to end of input with plain `read(2)`.
func readAll(_ fd: Int32) -> [UInt8] {
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return result }
        result.append(contentsOf: chunk[..<count])
    }
}

/// Every frame a reader yields until end of input.
func readFrames(_ reader: FrameReader, file: StaticString = #filePath, line: UInt = #line) -> [InboundFrame] {
    var frames: [InboundFrame] = []
    do {
        while let frame = try reader.next() { frames.append(frame) }
    } catch {
        XCTFail("unexpected \(error)", file: file, line: line)
    }
    return frames
}

/// A value shared between a test and the threads it starts.
final class Shared<Value: Sendable>: Sendable {
    private let storage: Monitor<Value>
    init(_ value: Value) { storage = Monitor(value) }
    var value: Value { storage.withLock { $0 } }
    func update(_ change: (inout Value) -> Void) { storage.withLock { change(&$0) } }
}

/// A thread started by a test, to be joined before the test ends.
final class TestThread: Sendable {
    private let finished = DispatchSemaphore(value: 0)

    init(_ body: @escaping @Sendable () -> Void) {
        let finished = self.finished
        let thread = Thread {
            body()
            finished.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Waits for the thread; fails the test if it takes longer than `seconds`.
    @discardableResult
    func join(timeout seconds: Double = 120, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let inTime = finished.wait(timeout: .now() + seconds) == .success
        XCTAssertTrue(inTime, "thread did not finish within \(seconds) s", file: file, line: line)
        return inTime
    }
}
