/// A blocking reader of frames from a file descriptor (the daemon's stdin).
///
/// It uses `read(2)` directly, never `readLine()`, because `readLine()` rewrites invalid UTF-8
/// and a framing layer must hand the JSON layer the bytes the peer sent. Each `read(2)` fills a
/// fixed chunk that a ``FrameDecoder`` consumes; frames completed by one chunk are queued and
/// handed out one per ``next()`` call.
///
/// Not thread-safe and not `Sendable`: one thread owns a reader and calls `next()` in a loop
/// (create it on that thread). Memory stays within about `maxMessageLength + chunkSize` plus
/// the frames of one chunk, whatever the peer sends. The reader does not close the descriptor.
public final class FrameReader {
    /// The descriptor read from; owned by the caller.
    public let fileDescriptor: Int32

    private var decoder: FrameDecoder
    /// Reused for every `read(2)`; its size is the `chunkSize` given at creation.
    private var chunk: [UInt8]
    /// Frames decoded but not yet returned; `readyHead` is the next one, so taking one is O(1).
    private var ready: [Frame] = []
    private var readyHead = 0
    private var reachedEnd = false

    /// Creates a reader.
    /// - Parameters:
    ///   - fileDescriptor: An open descriptor; blocking or not (non-blocking ones are polled).
    ///   - mode: The framing; `.auto` decides on the first non-blank byte (see ``mode``).
    ///   - maxMessageLength: Longer messages are skipped unstored and reported as `.tooLong`.
    ///   - chunkSize: Bytes asked of each `read(2)`; must be positive.
    public init(
        fileDescriptor: Int32, mode: FramingMode = .newline,
        maxMessageLength: Int = 16 * 1024 * 1024, chunkSize: Int = 64 * 1024
    ) {
        precondition(chunkSize > 0, "FrameReader: chunkSize must be positive")
        self.fileDescriptor = fileDescriptor
        self.decoder = FrameDecoder(mode: mode, maxMessageLength: maxMessageLength)
        self.chunk = [UInt8](repeating: 0, count: chunkSize)
    }

    /// The framing in use: `.auto` until decided, then what the input turned out to be. The daemon
    /// reads it after the first frame to set its ``FrameWriter/mode`` to match.
    public var mode: FramingMode { decoder.mode }

    /// The largest storage the decoder's buffer has had (tests assert memory stays bounded).
    var peakBufferCapacity: Int { decoder.peakBufferCapacity }

    /// The next frame, or nil at end of input (and on every call after it).
    ///
    /// Blocks until a frame is complete or the input ends. Retries EINTR. At end of input a
    /// partial last message is delivered as ``FrameDecoder/finish(_:)`` describes.
    public func next() throws(FrameReadError) -> Frame? {
        while true {
            if let frame = takeReady() {
                return frame
            }
            if reachedEnd {
                return nil
            }
            try fill()
        }
    }

    private func takeReady() -> Frame? {
        guard readyHead < ready.count else { return nil }
        let frame = ready[readyHead]
        readyHead += 1
        if readyHead == ready.count {
            // Drained: drop the frames (and the message bytes they hold) but keep the slots.
            ready.removeAll(keepingCapacity: true)
            readyHead = 0
        }
        return frame
    }

    /// One `read(2)`, fed to the decoder; at end of input, finishes the decoder.
    private func fill() throws(FrameReadError) {
        let fd = fileDescriptor
        let result = chunk.withUnsafeMutableBytes { buffer in SystemIO.read(fd, into: buffer) }
        switch result {
        case .failed(let code):
            throw FrameReadError(errno: code)
        case .bytes(0):
            reachedEnd = true
            decoder.finish { ready.append($0) }
        case .bytes(let count):
            chunk.withUnsafeBytes { buffer in
                decoder.feed(buffer.view(0..<count)) { ready.append($0) }
            }
        }
    }
}
