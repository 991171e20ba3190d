import SystemIO

/// Bounds the input read ahead of the executor: the reader thread stops reading while the
/// chunks it handed over and the executor has not finished are too many, or were parsed from
/// too many bytes (a chunk holds its messages parsed, not their bytes).
///
/// This is what turns a client that stops reading into a daemon that stops reading: the
/// executor blocks writing stdout, work items stop finishing, the budget runs out, and the
/// reader waits here instead of calling `read(2)`, so the client's own pipe pushes back.
final class ReadAheadBudget: Sendable {
    /// The limits: whichever is reached first stops the reader.
    let maxBytes: Int
    let maxChunks: Int

    private struct InFlight {
        var bytes = 0
        var chunks = 0
    }

    private let inFlight = Monitor(InFlight())

    init(maxBytes: Int, maxChunks: Int) {
        self.maxBytes = maxBytes
        self.maxChunks = maxChunks
    }

    /// Takes room for a chunk of `bytes`, waiting while the budget is spent. A chunk always
    /// fits when nothing else is in flight, so one message longer than `maxBytes` still passes.
    func acquire(bytes: Int) {
        inFlight.wait(until: { [maxBytes, maxChunks] in
            $0.chunks == 0 || ($0.chunks < maxChunks && $0.bytes + bytes <= maxBytes)
        }) { inFlight, _ in
            inFlight.bytes += bytes
            inFlight.chunks += 1
        }
    }

    /// Gives back a finished chunk's room.
    func release(bytes: Int) {
        inFlight.withLock { inFlight in
            inFlight.bytes -= bytes
            inFlight.chunks -= 1
        }
        inFlight.broadcast()
    }
}
