import Dispatch
import FoundationEssentials
import Framing
import JSON
import Signals

#if canImport(Glibc)
import Glibc
#endif

/// Serves a session over a pair of file descriptors (stdin/stdout): the daemon.
///
/// ## Threads
/// - A reader thread reads: `read(2)` into a chunk, the `FrameDecoder` splits it, jansson
///   parses each message (pure work, no session state: on the second core it overlaps with the
///   executor, and parsing was half of a request's instructions), and the chunk's parsed
///   frames go to the executor as one work item. At most `maxChunksInFlight` work items
///   wait at once; beyond that the reader stops reading, so a client that sends faster than the
///   daemon works is slowed by its own pipe and memory stays bounded.
/// - The executor (a serial queue) runs the session: every request, every scheduled action.
///   Output produced by one work item is written with one `write(2)` at its end.
/// - A slow reader on the client's side blocks the executor's write: nothing is dropped or
///   reordered, and reading stops too once the in-flight limit is reached.
public final class StdioServer: @unchecked Sendable {
    /// Why the server stopped: the process's exit status follows from it.
    public enum Outcome: Equatable, Sendable {
        /// End of input or `shutdown`: everything owed was written. Exit status 0.
        case finished
        /// The client closed its end of our output (EPIPE). Exit status 3.
        case outputClosed
        /// Reading failed with this errno. Exit status 4.
        case readFailed(Int32)

        /// The process exit status for this outcome.
        public var exitStatus: Int32 {
            switch self {
            case .finished: return 0
            case .outputClosed: return 3
            case .readFailed: return 4
            }
        }
    }

    /// Settings of the server around its session.
    public struct Options: Sendable {
        /// How frames are delimited.
        public var framing: FramingMode = .newline
        /// The longest message accepted, in bytes.
        public var maxMessageLength = 16 * 1024 * 1024
        /// At end of input, how long to let scheduled work (simulated latencies) finish, in
        /// seconds, before exiting. Virtual time never advances by itself, so it is skipped there.
        public var exitGracePeriod: TimeInterval = 5
        /// Work items (read chunks) allowed to wait for the executor.
        public var maxChunksInFlight = 64
        /// Output produced by one work item is written as soon as this many bytes are waiting,
        /// so a huge batch or burst never holds more than this in memory.
        public var maxBufferedOutputBytes = 1024 * 1024
        /// The defaults.
        public init() {}
    }

    private let input: Int32
    private let options: Options
    private let executor: DispatchQueue
    private let writer: FrameWriter
    private let inFlight: DispatchSemaphore
    /// Executor-confined: the framed lines waiting for the end of the current work item, in
    /// one buffer (each message is encoded straight into it; the buffer is reused).
    /// Executor-confined fields skip the runtime's exclusivity check: the serial executor
    /// already makes every access exclusive, and the checks cost ~600 instructions a request.
    @exclusivity(unchecked) private var pendingOutput: [UInt8] = []
    /// Signal sources for SIGTERM and SIGINT, kept alive while serving.
    private var signalSources: [DispatchSourceSignal] = []
    /// Executor-confined.
    @exclusivity(unchecked) private var session: Session?
    /// Executor-confined: set once, when the server stops.
    @exclusivity(unchecked) private var outcome: Outcome?
    private let done = DispatchSemaphore(value: 0)
    private let isVirtual: Bool
    /// Sees the traffic (transcript recording); executor-confined.
    private let observer: TrafficObserver?
    private static let executorKey = DispatchSpecificKey<Bool>()

    /// A server reading `input` and writing `output`. `makeSession` builds the session with the
    /// given clock, flush hook and sink; it runs on the executor.
    public init(
        input: Int32 = STDIN_FILENO,
        output: Int32 = STDOUT_FILENO,
        options: Options = Options(),
        virtualClock: Bool = false,
        observer: TrafficObserver? = nil,
        makeSession: @escaping (_ clock: DateScheduler, _ afterScheduledWork: @escaping () -> Void, _ sink: @escaping Session.Sink) -> Session
    ) {
        self.input = input
        self.options = options
        let executor = DispatchQueue(label: "switchboard.executor")
        executor.setSpecific(key: Self.executorKey, value: true)
        self.executor = executor
        self.writer = FrameWriter(fileDescriptor: output, mode: options.framing == .contentLength ? .contentLength : .newline)
        self.inFlight = DispatchSemaphore(value: options.maxChunksInFlight)
        self.isVirtual = virtualClock
        self.observer = observer
        let clock: DateScheduler = virtualClock ? TestScheduler() : QueueScheduler(queue: executor)
        executor.sync {
            session = makeSession(clock, { [weak self] in
                self?.observer?.scheduledWorkFinished()
                self?.flush()
            }, { [weak self] message in self?.enqueue(message) })
        }
    }

    /// Reads until end of input, `shutdown` or a broken pipe; returns why it stopped.
    public func run() -> Outcome {
        ignoreSIGPIPE()
        handleTerminationSignals()
        // A queue of its own: its one thread may block in read(2) without starving Dispatch.
        let maxBatch = executor.sync { session?.maxBatch ?? SessionConfiguration().maxBatch }
        DispatchQueue(label: "switchboard.reader").async { [self] in readLoop(maxBatch: maxBatch) }
        done.wait()
        return executor.sync { outcome ?? .finished }
    }

    // MARK: Reading (reader thread)

    private func readLoop(maxBatch: Int) {
        var decoder = FrameDecoder(mode: options.framing, maxMessageLength: options.maxMessageLength)
        let chunkSize = 64 * 1024
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 1)
        defer { buffer.deallocate() }
        var announcedMode = FramingMode.auto
        while true {
            let count = Glibc.read(input, buffer.baseAddress, chunkSize)
            if count < 0 {
                if errno == EINTR { continue }
                let code = errno
                return executor.async { [self] in finish(.readFailed(code)) }
            }
            // Closures written inline, not stored in a `let`: a stored closure capturing `frames`
            // makes every append pay the runtime's dynamic exclusivity check.
            var frames: [ParsedFrame] = []
            if count == 0 {
                decoder.finish { frames.append(ParsedFrame($0, maxBatch: maxBatch)) }
            } else {
                decoder.feed(UnsafeRawBufferPointer(rebasing: buffer[..<count])) { frames.append(ParsedFrame($0, maxBatch: maxBatch)) }
            }
            if decoder.mode != announcedMode, decoder.mode != .auto {
                announcedMode = decoder.mode
                writer.mode = decoder.mode
            }
            if !frames.isEmpty || count == 0 {
                inFlight.wait()
                let batch = frames
                let ended = count == 0
                let work: @Sendable () -> Void = { [self] in
                    defer { inFlight.signal() }
                    process(batch)
                    if ended { endOfInput() }
                }
                // A chunk of one message is usually a client waiting for its answer (an
                // editor, a script): running it on this thread, in the executor's turn, spares
                // waking the executor's thread, one of the two thread wake-ups of a round trip.
                // A chunk of many (a pipelined stream) goes to the executor, so that the next
                // chunk is read and parsed meanwhile.
                if batch.count == 1, !ended {
                    executor.sync(execute: work)
                } else {
                    executor.async(execute: work)
                }
            }
            if count == 0 { return }
        }
    }

    // MARK: Executor

    private func process(_ frames: [ParsedFrame]) {
        guard outcome == nil, let session else { return }
        for frame in frames {
            switch frame {
            case let .message(bytes, parsed):
                observer?.received(bytes)
                session.handle(parsed: parsed)
            case let .tooLong(length): session.handleOversizedFrame(length: length, limit: options.maxMessageLength)
            case let .invalidHeader(reason): session.handleMalformedFrame(reason)
            }
            if session.isShutdownRequested {
                flush()
                return finish(.finished)
            }
        }
        flush()
    }

    private func endOfInput() {
        guard outcome == nil, let session else { return }
        session.inputEnded()
        flush()
        waitForScheduledWork(deadline: DispatchTime.now() + options.exitGracePeriod)
    }

    /// Lets pending one-shot work (a simulated service's latency) run to completion, checking
    /// again on the executor every few milliseconds, then finishes.
    private func waitForScheduledWork(deadline: DispatchTime) {
        guard outcome == nil, let session else { return }
        if isVirtual || session.pendingScheduledWork == 0 || DispatchTime.now() >= deadline {
            flush()
            return finish(.finished)
        }
        executor.asyncAfter(deadline: .now() + .milliseconds(5)) { [self] in
            waitForScheduledWork(deadline: deadline)
        }
    }

    private func enqueue(_ message: OutboundMessage) {
        if let observer {
            let line = message.wireBytes
            observer.sent(message, line: line)
            writer.appendFramed(to: &pendingOutput) { $0.append(contentsOf: line) }
        } else {
            writer.appendFramed(to: &pendingOutput) { message.writeWire(to: &$0) }
        }
        if pendingOutput.count >= options.maxBufferedOutputBytes { flush() }
    }

    /// SIGTERM and SIGINT stop the daemon gracefully: the handler runs on the executor after
    /// the work already read, flushes everything owed and finishes (exit status 0).
    private func handleTerminationSignals() {
        for number in [SIGTERM, SIGINT] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: executor)
            source.setEventHandler { [weak self] in
                guard let self else { return }
                self.flush()
                self.finish(.finished)
            }
            source.resume()
            signalSources.append(source)
        }
    }

    /// Writes what the current work item produced, in one write where possible.
    private func flush() {
        guard !pendingOutput.isEmpty, outcome == nil else { return }
        defer {
            // Kept for the next work item unless a burst made it large.
            pendingOutput.removeAll(keepingCapacity: pendingOutput.capacity <= Self.retainedOutputCapacity)
        }
        do {
            try writer.write(framed: pendingOutput)
        } catch {
            // EPIPE or another write failure: nobody can read what we owe any more.
            finish(.outputClosed)
        }
    }

    /// The output buffer's capacity kept between work items, at most.
    static let retainedOutputCapacity = 256 * 1024

    /// Records the outcome once (on the executor) and wakes `run()`.
    private func finish(_ result: Outcome) {
        guard outcome == nil else { return }
        outcome = result
        observer?.finished()
        done.signal()
    }
}
