import Glibc

/// Why ``FrameReader/next()`` failed. End of input is not an error: `next()` returns nil.
public enum FrameReadError: Error, Sendable, Equatable {
    /// `read(2)` failed with `errno` (EINTR and EAGAIN are handled, never reported).
    case readFailed(errno: Int32)
}

/// Why a ``FrameWriter`` write failed. Nothing of a failed message should be assumed delivered.
public enum FrameWriteError: Error, Sendable, Equatable {
    /// The reading end is closed (`EPIPE`): the peer has gone, so the daemon should stop.
    /// Requires ``ignoreSIGPIPE()``, or the process is killed by SIGPIPE before this is seen.
    case peerClosed
    /// `write(2)` failed with another `errno` (EINTR and EAGAIN are handled, never reported).
    case writeFailed(errno: Int32)
}

extension FrameReadError {
    /// The one place a failed `read(2)` becomes a typed error.
    init(errno code: Int32) {
        self = .readFailed(errno: code)
    }
}

extension FrameWriteError {
    /// The one place a failed `write(2)` becomes a typed error: EPIPE is singled out because the
    /// daemon treats it as "the client left", not as a fault.
    init(errno code: Int32) {
        self = code == EPIPE ? .peerClosed : .writeFailed(errno: code)
    }
}

/// Ignores SIGPIPE for the whole process.
///
/// Call once at start-up, before the first write. By default writing to a pipe whose reader has
/// gone kills the process with SIGPIPE; ignored, the write fails with EPIPE instead and
/// ``FrameWriter`` reports ``FrameWriteError/peerClosed``, so the daemon can shut down cleanly.
/// Affects the whole process (signal dispositions are process-wide) and is idempotent.
public func ignoreSIGPIPE() {
    _ = signal(SIGPIPE, SIG_IGN)
}
