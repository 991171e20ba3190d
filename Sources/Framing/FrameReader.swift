import SystemIO

/// The one reader of frames from a file descriptor: the daemon's stdin, the REPL's piped input
/// and `switchboard test`'s daemon output all go through it.
///
/// It uses `read(2)` (through `SystemIO`) directly, never `readLine()`, because `readLine()`
/// rewrites invalid UTF-8 and a framing layer must hand the JSON layer the bytes the peer sent.
/// Each read fills a fixed chunk that a ``FrameDecoder`` consumes.
///
/// Two ways to read:
/// - ``next()`` hands out one frame per call (frames completed by one read are queued);
/// - ``readChunk(_:)`` does exactly one read and passes every frame it completed to a closure:
///   the daemon's reader thread parses and hands off one chunk's frames together.
///
/// Reading an ``InterruptibleInput`` (the daemon's stdin), the reader stops *between* reads
/// when the input is stopped (by a signal's handler, or the server's end), so every byte it
/// consumed has been decoded and handed out; no `poll(2)` precedes its reads.
///
/// Not thread-safe and not `Sendable`: one thread owns a reader. Memory stays within about
/// `maxMessageLength + chunkSize` plus the frames of one chunk, whatever the peer sends. The
/// reader does not close the descriptor.
public final class FrameReader {
    /// What is read: a descriptor owned by the caller, or an input that can be stopped.
    private enum Source {
        case descriptor(FileDescriptor)
        case interruptible(InterruptibleInput)
    }

    private let source: Source

    private var decoder: FrameDecoder
    /// Reused for every read; its size is the `chunkSize` given at creation. Raw memory, never
    /// zeroed: `read(2)` writes what the decoder reads, and zeroing would touch every page of
    /// the chunk before the daemon's first read.
    private let chunk: UnsafeMutableRawBufferPointer
    /// Frames decoded but not yet returned by `next()`; `readyHead` is the next one (O(1) take).
    private var ready: [InboundFrame] = []
    private var readyHead = 0
    private var reachedEnd = false

    /// What one ``readChunk(_:)`` did.
    public enum ChunkOutcome: Equatable, Sendable {
        /// This many bytes were read and decoded (their complete frames were handed out).
        case read(bytes: Int)
        /// End of input: the decoder was finished (a partial last message handed out as
        /// ``FrameDecoder/finish(_:)`` describes). Every later call returns this again.
        case ended
        /// The input was stopped before anything more was read.
        case interrupted
        /// Nothing arrived within the timeout given to ``readChunk(timeoutMilliseconds:_:)``.
        case timedOut
    }

    /// Creates a reader.
    /// - Parameters:
    ///   - fileDescriptor: An open descriptor; blocking or not (non-blocking ones are polled).
    ///   - mode: The framing; `.auto` decides on the first non-blank byte (see ``mode``).
    ///   - maxMessageLength: Longer messages are skipped unstored and reported as `.tooLong`.
    ///   - chunkSize: Bytes asked of each read; must be positive.
    public convenience init(
        fileDescriptor: FileDescriptor, mode: FramingMode = .newline,
        maxMessageLength: Int = 16 * 1024 * 1024, chunkSize: Int = 64 * 1024
    ) {
        self.init(source: .descriptor(fileDescriptor), mode: mode, maxMessageLength: maxMessageLength, chunkSize: chunkSize)
    }

    /// Creates a reader of an input that can be stopped (see the type's notes); the other
    /// parameters are as for a descriptor's reader. Reads then report
    /// ``ChunkOutcome/interrupted`` once the input is stopped.
    public convenience init(
        input: InterruptibleInput, mode: FramingMode = .newline,
        maxMessageLength: Int = 16 * 1024 * 1024, chunkSize: Int = 64 * 1024
    ) {
        self.init(source: .interruptible(input), mode: mode, maxMessageLength: maxMessageLength, chunkSize: chunkSize)
    }

    private init(source: Source, mode: FramingMode, maxMessageLength: Int, chunkSize: Int) {
        precondition(chunkSize > 0, "FrameReader: chunkSize must be positive")
        self.source = source
        self.decoder = FrameDecoder(mode: mode, maxMessageLength: maxMessageLength)
        self.chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
    }

    deinit {
        chunk.deallocate()
    }

    /// The framing in use: `.auto` until decided, then what the input turned out to be. The daemon
    /// reads it after the first frame to set its ``FrameWriter/mode`` to match.
    public var mode: FramingMode { decoder.mode }

    /// The largest storage the decoder's buffer has had (tests assert memory stays bounded).
    var peakBufferCapacity: Int { decoder.peakBufferCapacity }

    /// The next frame, or nil at end of input (and on every call after it), or when interrupted.
    /// See ``next(timeoutMilliseconds:)`` to wait a bounded time.
    ///
    /// Blocks until a frame is complete or the input ends. At end of input a partial last
    /// message is delivered as ``FrameDecoder/finish(_:)`` describes.
    public func next() throws(FrameReadError) -> InboundFrame? {
        while true {
            if let frame = takeReady() {
                return frame
            }
            if reachedEnd {
                return nil
            }
            switch try readChunk({ ready.append($0) }) {
            case .interrupted, .timedOut: return nil
            case .read, .ended: continue
            }
        }
    }

    /// Exactly one read; every frame the read completed goes to `onFrame`, in order. Frames
    /// still queued for ``next()`` are not touched: use one style per reader.
    ///
    /// With `timeoutMilliseconds` (≥ 0), returns ``ChunkOutcome/timedOut`` when nothing arrived
    /// within it (a descriptor's reader only: an interruptible input's reads wait until input,
    /// its end or a stop).
    public func readChunk(timeoutMilliseconds: Int32 = -1, _ onFrame: (InboundFrame) -> Void) throws(FrameReadError) -> ChunkOutcome {
        if reachedEnd { return .ended }
        let count: Int
        switch source {
        case let .interruptible(input):
            let outcome: InterruptibleInput.ReadOutcome
            do {
                outcome = try input.read(into: chunk)
            } catch {
                throw .readFailed(error)
            }
            switch outcome {
            case let .read(read): count = read
            case .ended: count = 0
            case .stopped: return .interrupted
            }
        case let .descriptor(fd):
            if timeoutMilliseconds >= 0 {
                let ready: [Int]
                do {
                    ready = try FileDescriptor.waitForInput(on: [fd], timeoutMilliseconds: timeoutMilliseconds)
                } catch {
                    throw .readFailed(error)
                }
                if ready.isEmpty { return .timedOut }
            }
            do {
                count = try fd.read(into: chunk)
            } catch {
                throw .readFailed(error)
            }
        }
        if count == 0 {
            reachedEnd = true
            decoder.finish(onFrame)
            return .ended
        }
        decoder.feed(UnsafeRawBufferPointer(chunk).view(0..<count), onFrame)
        return .read(bytes: count)
    }

    /// The next frame, waiting at most `timeoutMilliseconds` for each read: ``NextFrame``
    /// says whether a frame came, the input ended or the time ran out.
    public func next(timeoutMilliseconds: Int32) throws(FrameReadError) -> NextFrame {
        while true {
            if let frame = takeReady() { return .frame(frame) }
            if reachedEnd { return .ended }
            switch try readChunk(timeoutMilliseconds: timeoutMilliseconds, { ready.append($0) }) {
            case .timedOut: return .timedOut
            case .interrupted: return .ended
            case .read, .ended: continue
            }
        }
    }

    /// What ``next(timeoutMilliseconds:)`` found.
    public enum NextFrame: Equatable, Sendable {
        case frame(InboundFrame)
        case ended
        case timedOut
    }

    private func takeReady() -> InboundFrame? {
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
}
