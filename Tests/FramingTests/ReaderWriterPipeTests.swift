import SystemIO
import Foundation
import Glibc
import XCTest

@testable import Framing

/// Writer and reader together over real pipes, as the daemon and its client use them.
final class ReaderWriterPipeTests: XCTestCase {
    private static let threads = 4
    private static let perThread = 2500

    /// Message `index` of writer `thread`: "t:n:" then padding whose length varies from 0 to
    /// 299 bytes, with every 97th message 9,000 bytes (beyond PIPE_BUF, so the kernel alone would
    /// not keep it in one piece).
    private static func body(thread: Int, index: Int) -> [UInt8] {
        let padding = index % 97 == 0 ? 9000 : (index * 37) % 300
        return bytes("\(thread):\(index):") + [UInt8](repeating: UInt8(ascii: "a") + UInt8(thread), count: padding)
    }

    private func assertConcurrentWritersDeliverEverything(mode: FramingMode, file: StaticString = #filePath, line: UInt = #line) {
        let pipe = TestPipe()
        let readEnd = pipe.readEnd
        let writer = FrameWriter(fileDescriptor: FileDescriptor(rawValue: pipe.writeEnd), mode: mode)
        let received = Shared<[InboundFrame]>([])
        let failures = Shared<[FrameWriteError]>([])
        let consumer = TestThread {
            let frames = readFrames(FrameReader(fileDescriptor: FileDescriptor(rawValue: readEnd), mode: mode))
            received.update { $0 = frames }
        }
        let producers = (0..<Self.threads).map { thread in
            TestThread {
                if thread == Self.threads - 1 {
                    // One thread writes batches, to mix batched and single writes.
                    for start in stride(from: 0, to: Self.perThread, by: 25) {
                        let batch = (start..<start + 25).map { Self.body(thread: thread, index: $0) }
                        do throws(FrameWriteError) { try writer.write(batch: batch) } catch { failures.update { $0.append(error) } }
                    }
                } else {
                    for index in 0..<Self.perThread {
                        do throws(FrameWriteError) { try writer.write(Self.body(thread: thread, index: index)) } catch {
                            failures.update { $0.append(error) }
                        }
                    }
                }
            }
        }
        producers.forEach { $0.join(file: file, line: line) }
        pipe.closeWriteEnd()
        consumer.join(file: file, line: line)
        XCTAssertEqual(failures.value, [], file: file, line: line)

        let frames = received.value
        XCTAssertEqual(frames.count, Self.threads * Self.perThread, "frames received", file: file, line: line)
        var nextIndex = [Int](repeating: 0, count: Self.threads)
        for frame in frames {
            guard case .message(let body) = frame else {
                return XCTFail("unexpected \(frame)", file: file, line: line)
            }
            let fields = body.split(separator: UInt8(ascii: ":"), maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, let thread = Int(String(decoding: fields[0], as: UTF8.self)),
                let index = Int(String(decoding: fields[1], as: UTF8.self)), (0..<Self.threads).contains(thread)
            else {
                return XCTFail("mangled message of \(body.count) bytes", file: file, line: line)
            }
            // One failure is enough: a mangled stream would otherwise print megabytes of bytes.
            guard index == nextIndex[thread] else {
                return XCTFail("thread \(thread): got message \(index), expected \(nextIndex[thread])", file: file, line: line)
            }
            guard body == Self.body(thread: thread, index: index) else {
                return XCTFail("message \(thread):\(index) mangled (\(body.count) bytes)", file: file, line: line)
            }
            nextIndex[thread] = index + 1
        }
        XCTAssertEqual(nextIndex, [Int](repeating: Self.perThread, count: Self.threads), file: file, line: line)
    }

    func testFourThreadsWriting10000Lines_EachArrivesWholeOnceAndInOrder() {
        assertConcurrentWritersDeliverEverything(mode: .newline)
    }

    func testFourThreadsWriting10000LSPMessages_EachArrivesWholeOnceAndInOrder() {
        assertConcurrentWritersDeliverEverything(mode: .contentLength)
    }

    private func assertLargeMessagePassesIntact(mode: FramingMode, file: StaticString = #filePath, line: UInt = #line) throws {
        let size = 20 * 1000 * 1000
        // Every byte value but "\n", so a misplaced chunk boundary would show.
        let body = (0..<size).map { UInt8(truncatingIfNeeded: $0 % 251) | (($0 % 251) == 10 ? 1 : 0) }
        let pipe = TestPipe()
        let writer = FrameWriter(fileDescriptor: FileDescriptor(rawValue: pipe.writeEnd), mode: mode)
        let failure = Shared<FrameWriteError?>(nil)
        let producer = TestThread {
            do throws(FrameWriteError) { try writer.write(body) } catch { failure.update { $0 = error } }
        }
        let reader = FrameReader(fileDescriptor: FileDescriptor(rawValue: pipe.readEnd), mode: mode, maxMessageLength: 32 * 1024 * 1024)
        let frame = try reader.next()
        producer.join(file: file, line: line)
        pipe.closeWriteEnd()
        XCTAssertNil(failure.value, file: file, line: line)
        XCTAssertTrue(frame == .message(body), "20 MB message altered", file: file, line: line)
        XCTAssertNil(try reader.next(), file: file, line: line)
    }

    func testTwentyMegabyteLine_PassesIntactWithTheLimitRaised() throws {
        try assertLargeMessagePassesIntact(mode: .newline)
    }

    func testTwentyMegabyteLSPMessage_PassesIntactWithTheLimitRaised() throws {
        try assertLargeMessagePassesIntact(mode: .contentLength)
    }
}
