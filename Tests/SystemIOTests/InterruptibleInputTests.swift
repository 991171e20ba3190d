import Dispatch
import Foundation
import Glibc
@testable import SystemIO
import XCTest

/// An input read by blocking reads that a thread or a signal handler stops.
final class InterruptibleInputTests: XCTestCase {
    /// A pipe whose ends are closed when the test is done.
    private final class Pipe {
        let readEnd: FileDescriptor
        let writeEnd: FileDescriptor
        init() throws {
            (readEnd, writeEnd) = try FileDescriptor.pipe()
        }
        func write(_ text: String) throws {
            try writeEnd.writeAll(Array(text.utf8))
        }
        deinit {
            try? readEnd.close()
            try? writeEnd.close()
        }
    }

    private static func read(_ input: InterruptibleInput, capacity: Int = 64) throws -> (InterruptibleInput.ReadOutcome, String) {
        var buffer = [UInt8](repeating: 0, count: capacity)
        let outcome = try buffer.withUnsafeMutableBytes { try input.read(into: $0) }
        if case let .read(count) = outcome { return (outcome, String(decoding: buffer[..<count], as: UTF8.self)) }
        return (outcome, "")
    }

    /// A read of an input running on a thread of its own (see `readOnAThread`).
    private struct ThreadReader {
        /// Signalled when the read returned.
        let done: DispatchSemaphore
        /// What it returned (nil until then, or if it threw).
        let outcome: () -> InterruptibleInput.ReadOutcome?
        /// Lets the thread end. It stays alive until then: a stop may still interrupt it after
        /// its read returned, and the reading thread must outlive every stop.
        let release: DispatchSemaphore

        /// Gives the thread time to block in its read, and checks that the read has not returned.
        func assertWaiting(_ message: String, file: StaticString = #filePath, line: UInt = #line) {
            usleep(50_000)
            XCTAssertEqual(done.wait(timeout: .now()), .timedOut, message, file: file, line: line)
        }
    }

    /// Stops `input`, and checks that `reader`'s read then returned `.stopped`.
    private func assertTheStopEnds(
        _ reader: ThreadReader, of input: InterruptibleInput, file: StaticString = #filePath, line: UInt = #line
    ) {
        input.stop()
        XCTAssertEqual(reader.done.wait(timeout: .now() + 5), .success, "the stop ended the read", file: file, line: line)
        XCTAssertEqual(reader.outcome(), .stopped, file: file, line: line)
    }

    /// Starts `read(_:)` of `input` on a thread of its own; signal its `release` when done.
    private func readOnAThread(_ input: InterruptibleInput) -> ThreadReader {
        let done = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let box = Monitor<InterruptibleInput.ReadOutcome?>(nil)
        Thread.detachNewThread {
            let outcome = try? Self.read(input).0
            box.withLock { $0 = outcome }
            done.signal()
            release.wait()
        }
        return ThreadReader(done: done, outcome: { box.withLock { $0 } }, release: release)
    }

    func testReadsWhatArrivesThenTheEndOfInput() throws {
        let pipe = try Pipe()
        let input = try InterruptibleInput(duplicating: pipe.readEnd)
        try pipe.write("hello")
        let (outcome, text) = try Self.read(input)
        XCTAssertEqual(outcome, .read(5))
        XCTAssertEqual(text, "hello")
        try pipe.writeEnd.close()
        XCTAssertEqual(try Self.read(input).0, .ended)
        XCTAssertFalse(input.isStopped)
    }

    func testANonBlockingInputIsWaitedForAndStillStops() throws {
        // A parent may hand stdin over non-blocking: reads wait for input rather than fail.
        let pipe = try Pipe()
        try pipe.readEnd.setNonBlocking(true)
        let input = try InterruptibleInput(duplicating: pipe.readEnd)
        let first = readOnAThread(input)
        defer { first.release.signal() }
        first.assertWaiting("waiting, not failing, on an empty input")
        try pipe.write("late")
        XCTAssertEqual(first.done.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(first.outcome(), .read(4))
        // Another thread's read, waiting again: a stop ends the wait.
        let second = readOnAThread(input)
        defer { second.release.signal() }
        second.assertWaiting("waiting again")
        assertTheStopEnds(second, of: input)
    }

    func testAStopBeforeAReadWinsOverWaitingInputAndLeavesItInTheCallersDescriptor() throws {
        let pipe = try Pipe()
        let input = try InterruptibleInput(duplicating: pipe.readEnd)
        try pipe.write("kept")
        input.stop()
        XCTAssertTrue(input.isStopped)
        XCTAssertEqual(try Self.read(input).0, .stopped)
        XCTAssertEqual(try Self.read(input).0, .stopped, "every later read too")
        // The caller's own descriptor still reads the input: only the duplicate was replaced.
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = try buffer.withUnsafeMutableBytes { try pipe.readEnd.read(into: $0) }
        XCTAssertEqual(String(decoding: buffer[..<count], as: UTF8.self), "kept")
    }

    func testAfterAStopAReadThatMissedTheFlagEndsAtOnce() throws {
        // A reader stopped between its check of the flag and its read(2) reads the empty pipe
        // put in the input's place: end of input at once, although input is waiting.
        let pipe = try Pipe()
        let input = try InterruptibleInput(duplicating: pipe.readEnd)
        try pipe.write("waiting")
        input.stop()
        var buffer = [UInt8](repeating: 0, count: 16)
        XCTAssertEqual(try buffer.withUnsafeMutableBytes { try input.readDescriptor.read(into: $0) }, 0)
    }

    func testAStopFromAnotherThreadEndsAReadBlockedOnAnIdleInput() throws {
        let pipe = try Pipe()
        let input = try InterruptibleInput(duplicating: pipe.readEnd)
        let reader = readOnAThread(input)
        defer { reader.release.signal() }
        // (Should the thread not be blocked yet, the test passes all the same: a read that
        // starts after the stop ends at once.)
        reader.assertWaiting("nothing to read yet")
        assertTheStopEnds(reader, of: input)
    }

    func testAStopAtAnyMomentEndsTheReader() throws {
        // The stop lands before, during or after the reader's check of the flag and its read
        // (the window the descriptor's replacement closes): each time the reader returns.
        let pipe = try Pipe()
        for round in 0..<200 {
            let input = try InterruptibleInput(duplicating: pipe.readEnd)
            let reader = readOnAThread(input)
            usleep(UInt32(round % 40) * 5)
            input.stop()
            let ended = reader.done.wait(timeout: .now() + 5) == .success
            reader.release.signal()
            guard ended else {
                // Unblock the stuck reader so the test process can go on, and report.
                try pipe.write("x")
                return XCTFail("round \(round): the reader did not return after the stop")
            }
            XCTAssertEqual(reader.outcome(), .stopped, "round \(round)")
        }
    }

    func testTheKickLeavesAnyOtherCallOfTheReadingThreadToFinish() throws {
        // The reading thread, blocked in a plain read(2) of another pipe when the input is
        // stopped: the kick restarts that read rather than failing it with EINTR.
        let input = try Pipe(), other = try Pipe()
        let interruptible = try InterruptibleInput(duplicating: input.readEnd)
        try input.write("x")
        let done = DispatchSemaphore(value: 0)
        let result = Monitor<(first: InterruptibleInput.ReadOutcome?, other: Int, error: Int32)>((nil, 0, 0))
        let otherRead = other.readEnd.rawValue
        Thread.detachNewThread {
            let first = try? Self.read(interruptible).0
            var byte: UInt8 = 0
            let count = Glibc.read(otherRead, &byte, 1)
            let code = errno
            result.withLock { $0 = (first, count, count < 0 ? code : 0) }
            done.signal()
        }
        usleep(50_000)
        interruptible.stop()
        usleep(50_000)
        try other.write("y")
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
        let (first, count, code) = result.withLock { $0 }
        XCTAssertEqual(first, .read(1))
        XCTAssertEqual(count, 1, "the other read went on (errno \(code))")
    }

    func testASignalHandlerStopsTheInput() throws {
        let pipe = try Pipe()
        let input = try InterruptibleInput(duplicating: pipe.readEnd)
        // SIGUSR1: nothing else in the test process uses it (SignalWakeTests restores it too).
        InterruptWake.install(SIGUSR1, wake: .input(input))
        defer { ProcessIO.restoreDefault(signal: SIGUSR1) }
        _ = InterruptWake.take(SIGUSR1)
        let reader = readOnAThread(input)
        defer { reader.release.signal() }
        reader.assertWaiting("nothing to read yet")
        // To the process: the handler runs on whichever thread the kernel picks, and the stop
        // reaches the reader's blocked read from there.
        XCTAssertEqual(kill(getpid(), SIGUSR1), 0)
        XCTAssertEqual(reader.done.wait(timeout: .now() + 5), .success, "the signal ended the blocked read")
        XCTAssertEqual(reader.outcome(), .stopped)
        XCTAssertEqual(InterruptWake.take(SIGUSR1), 1)
    }
}
