import SystemIO

/// A thread-safe writer of frames to a file descriptor (the daemon's stdout).
///
/// Every write is one logical write: prefix, body and suffix go out with `writev(2)`, looping over
/// partial writes (SystemIO retries interrupted calls), while a lock is held, so two messages
/// written from different threads never interleave on the wire. When the pipe is full the
/// writer blocks (back-pressure: nothing is dropped), and so do other threads waiting for the
/// lock.
///
/// `Sendable` without `@unchecked`: its only mutable state sits inside a `Monitor`, so the
/// compiler checks the claim. The writer does not close the descriptor.
public final class FrameWriter: Sendable {
    /// The descriptor written to; owned by the caller.
    public let fileDescriptor: FileDescriptor

    /// What the lock guards: the framing, the batch buffer, and — because it is held for the
    /// whole of every write — the descriptor's byte stream itself.
    private struct State {
        var mode: FramingMode
        /// Reused between batches so small batches do not allocate.
        var scratch: [UInt8] = []
    }

    private let state: Monitor<State>

    /// A batch is flushed with one `write` when its buffer reaches this size.
    static let batchFlushThreshold = 256 * 1024
    /// A batch message this large is written straight from its own storage, not copied.
    static let batchDirectThreshold = 64 * 1024

    /// Creates a writer.
    /// - Parameters:
    ///   - fileDescriptor: An open descriptor; blocking or not (non-blocking ones are polled).
    ///   - mode: The framing; `.auto` writes lines until ``mode`` is set to something else.
    public init(fileDescriptor: FileDescriptor, mode: FramingMode = .newline) {
        self.fileDescriptor = fileDescriptor
        self.state = Monitor(State(mode: mode))
    }

    /// The framing used by the next write. The daemon sets it once the reader's auto-detection has
    /// decided; a write already under way finishes in the framing it started with.
    public var mode: FramingMode {
        get { state.withLock { $0.mode } }
        set { state.withLock { $0.mode = newValue } }
    }

    /// Writes one message: appends `"\n"` (newline mode) or prefixes the Content-Length header.
    ///
    /// In newline mode the message must not contain `"\n"` (the peer would see two lines) and
    /// should not be blank (the peer would skip it); JSON encoded without pretty-printing
    /// satisfies both. The writer does not check, to stay O(1) beyond the copy into the pipe.
    public func write(_ message: [UInt8]) throws(FrameWriteError) {
        try message.withUnsafeBufferPointer { (buffer) throws(FrameWriteError) in
            try write(UnsafeRawBufferPointer(buffer))
        }
    }

    /// Writes one message from raw bytes; the same framing and guarantees as the array overload.
    public func write(_ message: UnsafeRawBufferPointer) throws(FrameWriteError) {
        let fd = fileDescriptor
        try state.withLock { (state) throws(FrameWriteError) in
            try Self.writeFramed(message, mode: state.mode, to: fd)
        }
    }

    /// Writes several messages, each complete and in order, in as few `write(2)` calls as possible:
    /// small ones are framed into one buffer and written together. No other thread's message
    /// comes between them. On failure, an unknown prefix of the batch may have been written.
    public func write(batch messages: [[UInt8]]) throws(FrameWriteError) {
        guard !messages.isEmpty else { return }
        let fd = fileDescriptor
        try state.withLock { (state) throws(FrameWriteError) in
            defer {
                state.scratch.removeAll(keepingCapacity: state.scratch.capacity <= 2 * Self.batchFlushThreshold)
            }
            for message in messages {
                if message.count >= Self.batchDirectThreshold {
                    try Self.flush(&state.scratch, to: fd)
                    try message.withUnsafeBufferPointer { (buffer) throws(FrameWriteError) in
                        try Self.writeFramed(UnsafeRawBufferPointer(buffer), mode: state.mode, to: fd)
                    }
                    continue
                }
                message.withUnsafeBytes { FrameEncoding.append($0, mode: state.mode, to: &state.scratch) }
                if state.scratch.count >= Self.batchFlushThreshold {
                    try Self.flush(&state.scratch, to: fd)
                }
            }
            try Self.flush(&state.scratch, to: fd)
        }
    }

    /// Appends one message, framed in the current mode, to `buffer`, for a later
    /// ``write(framed:)``: `body` appends the message itself. In newline mode the message is
    /// written straight into `buffer`, with no array of its own; a Content-Length header needs
    /// the length first, so there the body goes through a temporary array.
    public func appendFramed(to buffer: inout [UInt8], _ body: (inout [UInt8]) -> Void) {
        switch mode.resolvedForWriting {
        case .contentLength:
            var message: [UInt8] = []
            body(&message)
            message.withUnsafeBytes { FrameEncoding.append($0, mode: .contentLength, to: &buffer) }
        case .newline, .auto:
            body(&buffer)
            buffer.append(ASCII.newline)
        }
    }

    /// Writes bytes already framed by ``appendFramed(to:_:)``, in as few `write(2)` calls as
    /// possible, with no other thread's message in between.
    public func write(framed bytes: [UInt8]) throws(FrameWriteError) {
        guard !bytes.isEmpty else { return }
        let fd = fileDescriptor
        try state.withLock { (_) throws(FrameWriteError) in
            do throws(Errno) {
                try fd.writeAll(bytes)
            } catch {
                throw FrameWriteError(error)
            }
        }
    }

    /// Prefix, body and suffix in one `writev(2)` sequence, the body not copied.
    /// Caller holds the lock.
    private static func writeFramed(
        _ message: UnsafeRawBufferPointer, mode: FramingMode, to fd: FileDescriptor
    ) throws(FrameWriteError) {
        let prefix = FrameEncoding.prefix(mode: mode, length: message.count)
        let suffix = FrameEncoding.suffix(mode: mode)
        let failure = prefix.withUnsafeBytes { head -> Errno? in
            suffix.withUnsafeBytes { tail -> Errno? in
                do throws(Errno) {
                    try fd.writeAll([head, message, tail])
                    return nil
                } catch {
                    return error
                }
            }
        }
        if let failure {
            throw FrameWriteError(failure)
        }
    }

    /// Writes and empties the batch buffer. Caller holds the lock.
    private static func flush(_ scratch: inout [UInt8], to fd: FileDescriptor) throws(FrameWriteError) {
        guard !scratch.isEmpty else { return }
        defer { scratch.removeAll(keepingCapacity: true) }
        do throws(Errno) {
            try fd.writeAll(scratch)
        } catch {
            throw FrameWriteError(error)
        }
    }
}
