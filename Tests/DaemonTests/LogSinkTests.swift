@testable import Daemon
import Dispatch
import SystemIO
import XCTest

/// Logs never stall the protocol: a stderr nobody reads fills, lines are dropped and counted,
/// and `write` never blocks.
final class LogSinkTests: XCTestCase {
    func testWritesLinesInOrder() throws {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        defer { try? readEnd.close(); try? writeEnd.close() }
        let sink = LogSink(output: writeEnd)
        sink.write("one")
        sink.write("two")
        sink.drain(waitingAtMost: 5)
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = try buffer.withUnsafeMutableBytes { try readEnd.read(into: $0) }
        XCTAssertEqual(String(decoding: buffer[..<count], as: UTF8.self), "one\ntwo\n")
    }

    func testTheWriterStartsWithTheFirstLineAndDrainWithoutLinesReturnsAtOnce() throws {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        defer { try? readEnd.close(); try? writeEnd.close() }
        let sink = LogSink(output: writeEnd)
        let started = DispatchTime.now()
        sink.drain(waitingAtMost: 5)  // nothing queued, no writer yet: nothing to wait for
        XCTAssertLessThan(Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9, 4)
        sink.write("late")
        sink.drain(waitingAtMost: 5)
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = try buffer.withUnsafeMutableBytes { try readEnd.read(into: $0) }
        XCTAssertEqual(String(decoding: buffer[..<count], as: UTF8.self), "late\n")
    }

    func testAnUnreadOutputNeverBlocksTheWriterAndDropsAreReported() throws {
        // As the daemon does before it writes anything: the sink's thread may still be writing
        // when the test closes the pipe's read end, and a broken pipe must be an EPIPE, not a
        // SIGPIPE that ends the test process (which only some other test's set-up prevented).
        ProcessIO.ignoreBrokenPipeSignal()
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        defer { try? readEnd.close(); try? writeEnd.close() }
        let sink = LogSink(output: writeEnd)
        let line = String(repeating: "x", count: 200)
        let started = DispatchTime.now()
        for _ in 0..<20_000 { sink.write(line) }  // 4 MB: the pipe (64 KiB) and the queue fill
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        // Not a timing assertion of speed: a blocking write would never return at all.
        XCTAssertLessThan(elapsed, 30)
        // Drain what is readable; the sink reports the drops once it can write again.
        var text = ""
        var buffer = [UInt8](repeating: 0, count: 65536)
        try readEnd.setNonBlocking(true)
        let deadline = DispatchTime.now() + 10
        while DispatchTime.now() < deadline {
            if let count = try buffer.withUnsafeMutableBytes({ try readEnd.readIfReady(into: $0) }), count > 0 {
                text += String(decoding: buffer[..<count], as: UTF8.self)
                if text.contains("dropped") { break }
            } else {
                usleep(2000)
            }
        }
        XCTAssertTrue(text.contains("log lines were dropped: stderr was not being read"), String(text.suffix(200)))
        XCTAssertLessThan(text.utf8.count, 20_000 * 201, "lines beyond the bound were dropped, not queued")
    }
}
