import Dispatch
import Synchronization

/// Bounds the input read ahead of the executor: the reader thread stops reading while the
/// chunks it handed over and the executor has not finished hold too many bytes or are too many.
///
/// This is what turns a client that stops reading into a daemon that stops reading: the
/// executor blocks writing stdout, work items stop finishing, the budget runs out, and the
/// reader waits here instead of calling `read(2)`, so the client's own pipe pushes back.
final class ReadAheadBudget: Sendable {
    /// The limits: whichever is reached first stops the reader.
    let maxBytes: Int
    let maxChunks: Int

    private struct State {
        var bytes = 0
        var chunks = 0
        var readerWaiting = false
    }

    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)

    init(maxBytes: Int, maxChunks: Int) {
        self.maxBytes = maxBytes
        self.maxChunks = maxChunks
    }

    /// Takes room for a chunk of `bytes`, waiting while the budget is spent. A chunk always
    /// fits when nothing else is in flight, so one message longer than `maxBytes` still passes.
    func acquire(bytes: Int) {
        while true {
            let granted = state.withLock { state -> Bool in
                let empty = state.chunks == 0
                if empty || (state.chunks < maxChunks && state.bytes + bytes <= maxBytes) {
                    state.bytes += bytes
                    state.chunks += 1
                    return true
                }
                state.readerWaiting = true
                return false
            }
            if granted { return }
            wake.wait()
        }
    }

    /// Gives back a finished chunk's room.
    func release(bytes: Int) {
        let wakeReader = state.withLock { state -> Bool in
            state.bytes -= bytes
            state.chunks -= 1
            defer { state.readerWaiting = false }
            return state.readerWaiting
        }
        if wakeReader { wake.signal() }
    }
}
