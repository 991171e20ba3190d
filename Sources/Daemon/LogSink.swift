import Dispatch
import Synchronization
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
        var writing = false
        var failed = false
    }

    private let output: FileDescriptor
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    private let idle = DispatchSemaphore(value: 0)

    /// A sink writing to `output` (stderr) from its own thread.
    public init(output: FileDescriptor = .standardError) {
        self.output = output
        let thread = DispatchQueue(label: "switchboard.log")
        thread.async { [self] in writeLoop() }
    }

    /// Queues one line (a newline is added). Never blocks on the descriptor.
    public func write(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        let queued = state.withLock { state -> Bool in
            if state.failed { return false }
            guard state.queued.count + bytes.count <= Self.capacity else {
                state.dropped += 1
                return false
            }
            state.queued.append(contentsOf: bytes)
            return true
        }
        if queued { wake.signal() }
    }

    /// Waits until everything queued has been written, or `seconds` have passed.
    public func drain(waitingAtMost seconds: Double) {
        let deadline = DispatchTime.now() + seconds
        while true {
            let busy = state.withLock { !$0.failed && (!$0.queued.isEmpty || $0.writing) }
            if !busy { return }
            if idle.wait(timeout: deadline) == .timedOut { return }
        }
    }

    /// The writer thread: takes everything queued, writes it (blocking only this thread).
    private func writeLoop() {
        while true {
            wake.wait()
            while true {
                let (batch, dropped) = state.withLock { state -> ([UInt8], Int) in
                    let taken = (state.queued, state.dropped)
                    state.queued.removeAll(keepingCapacity: true)
                    state.dropped = 0
                    state.writing = !taken.0.isEmpty || taken.1 > 0
                    return taken
                }
                if batch.isEmpty && dropped == 0 { break }
                var bytes = batch
                if dropped > 0 {
                    bytes.append(contentsOf: Array("switchboard: \(dropped) log line\(dropped == 1 ? " was" : "s were") dropped: stderr was not being read\n".utf8))
                }
                do {
                    try output.writeAll(bytes)
                } catch {
                    // stderr is gone: there is nowhere to report it. Stop queueing.
                    state.withLock { $0.failed = true }
                }
                state.withLock { $0.writing = false }
                idle.signal()
            }
        }
    }
}
