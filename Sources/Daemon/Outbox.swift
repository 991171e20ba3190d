import Framing
import Host
import RPC

/// What the session sends, framed into one reused buffer and written to stdout.
///
/// Executor-confined: the session's sink appends here while a work item runs, and the buffer
/// is written at the end of the item (or as soon as ``ServerLimits/maxBufferedOutputBytes``
/// wait), so a chunk of pipelined requests costs one `write(2)`, and memory stays bounded
/// whatever a burst produces. A write to a client that stopped reading blocks the executor:
/// nothing is dropped or reordered, and the ``ReadAheadBudget`` then stops the reader.
final class Outbox {
    private let writer: FrameWriter
    private let limits: ServerLimits
    /// Sees every message sent (transcript recording).
    private let observer: TrafficObserver?
    /// The framed lines not yet written (executor-confined).
    private var pending: [UInt8] = []
    /// Set by the first failed write; nothing is written after it.
    private(set) var failure: ServerOutcome?
    /// Called once, on the executor, when a write fails (the server stops there).
    var onFailure: (ServerOutcome) -> Void = { _ in }

    init(writer: FrameWriter, limits: ServerLimits, observer: TrafficObserver?) {
        self.writer = writer
        self.limits = limits
        self.observer = observer
    }

    /// The session's sink: frames `message` into the buffer.
    func enqueue(_ message: OutboundMessage) {
        if let observer {
            let line = message.wireBytes
            observer.sent(message, line: line)
            writer.appendFramed(to: &pending) { $0.append(contentsOf: line) }
        } else {
            writer.appendFramed(to: &pending) { message.writeWire(to: &$0) }
        }
        if pending.count >= limits.maxBufferedOutputBytes { flush() }
    }

    /// Writes what is buffered, in one write where possible.
    func flush() {
        guard !pending.isEmpty, failure == nil else { return }
        defer {
            // Kept for the next work item unless a burst made it large.
            pending.removeAll(keepingCapacity: pending.capacity <= limits.retainedOutputCapacity)
        }
        do {
            try writer.write(framed: pending)
        } catch {
            let outcome: ServerOutcome
            switch error {
            case .peerClosed: outcome = .outputClosed
            case let .writeFailed(code): outcome = .writeFailed(code)
            }
            failure = outcome
            onFailure(outcome)
        }
    }
}
