import SystemIO

/// Why ``FrameReader/next()`` failed. End of input is not an error: `next()` returns nil.
public enum FrameReadError: Error, Sendable, Equatable {
    /// `read(2)` failed (an interrupted or would-block read is retried by `SystemIO`, never reported).
    case readFailed(Errno)
}

/// Why a ``FrameWriter`` write failed. Nothing of a failed message should be assumed delivered.
public enum FrameWriteError: Error, Sendable, Equatable {
    /// The reading end is closed (`EPIPE`): the peer has gone, so the daemon should stop.
    /// Requires `ProcessIO.ignoreBrokenPipeSignal()`, or SIGPIPE kills the process first.
    case peerClosed
    /// `write(2)` failed otherwise (a full disk: `ENOSPC`; interrupted and would-block writes are retried by `SystemIO`).
    case writeFailed(Errno)
}

extension FrameWriteError {
    /// The one place a failed write becomes a frame error: EPIPE is singled out because the
    /// daemon treats it as "the client left", not as a fault.
    init(_ error: Errno) {
        self = error == .brokenPipe ? .peerClosed : .writeFailed(error)
    }
}
