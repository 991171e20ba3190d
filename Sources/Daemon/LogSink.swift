import Dispatch
import SystemIO

/// The daemon's stderr: log lines queue in a bounded buffer and a thread of their own writes
/// them, so a full or unread stderr pipe never blocks the protocol.
///
/// A line that does not fit in ``capacity`` is dropped and counted; once the writer catches up
/// it writes one line saying how many were dropped. Fatal diagnostics (why the process exits
/// non-zero) go through the same queue and ``drain(waitingAtMost:)`` before exit, which waits a
/// bounded time: an unread stderr delays the exit by at most that long, and never blocks stdout.
public final class LogSink: Sendable {
    /// Bytes of log lines that may wait for stderr, at most. About 500 ordinary lines.
    public static let capacity = 64 * 1024

    private struct State {
        var queued: [UInt8] = []
        var dropped = 0
        /// The writer is in `write(2)` with bytes taken from `queued`.
        var writing = false
        /// stderr is gone: nothing is queued any more.
        var failed = false
        /// The writer thread has been started (by the first line queued).
        var started = false
    }

    private let output: FileDescriptor
    private let state = Monitor(State())

    /// A sink writing to `output` (stderr) from its own thread, started when the first line is
    /// queued: most runs log nothing, and a thread started at launch would delay the first
    /// response.
    public init(output: FileDescriptor = .standardError) {
        self.output = output
    }

    /// Queues one line (a newline is added). Never blocks on the descriptor.
    public func write(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        let startsWriter: Bool = state.withLock { state in
            if state.failed { return false }
            if state.queued.count + bytes.count <= Self.capacity {
                state.queued.append(contentsOf: bytes)
            } else {
                state.dropped += 1
            }
            defer { state.started = true }
            return !state.started
        }
        if startsWriter {
            DispatchQueue(label: "switchboard.log").async { [self] in writeLoop() }
        }
        state.broadcast()
    }

    /// Waits until everything queued has been written, or `seconds` have passed.
    public func drain(waitingAtMost seconds: Double) {
        state.wait(until: { $0.failed || ($0.queued.isEmpty && !$0.writing && $0.dropped == 0) }, timeoutSeconds: seconds) { _, _ in }
    }

    /// The writer thread: takes everything queued and writes it, blocking only this thread.
    private func writeLoop() {
        while true {
            var bytes = state.wait(until: { !$0.queued.isEmpty || $0.dropped > 0 }) { state, _ -> [UInt8] in
                let taken = state.queued
                state.queued.removeAll(keepingCapacity: true)
                // Taken and not yet written: `drain` keeps waiting.
                state.writing = true
                if state.dropped > 0 {
                    let count = state.dropped
                    state.dropped = 0
                    return taken + Array("switchboard: \(count) log line\(count == 1 ? " was" : "s were") dropped: stderr was not being read\n".utf8)
                }
                return taken
            }
            let failed: Bool
            do {
                try output.writeAll(bytes)
                failed = false
            } catch {
                // stderr is gone: there is nowhere to report it. Stop queueing.
                failed = true
            }
            bytes.removeAll()
            state.withLock { state in
                state.writing = false
                if failed { state.failed = true }
            }
            state.broadcast()
        }
    }
}
