import Dispatch
import Framing
import Host
import RPC
import Signals
import SystemIO

/// Serves a session over a pair of file descriptors (stdin/stdout): the daemon.
///
/// ## Threads
/// - The reader thread (the one that called ``run()``) reads stdin through ``FrameReader``
///   (one blocking `read(2)` per chunk, of an `InterruptibleInput` that a signal or the
///   server's end stops), parses each frame with jansson (pure work, no session state: on
///   the second core it overlaps with the executor), and hands a chunk of many frames to the
///   executor as one work item; a chunk of one it runs itself, in the executor's turn. The
///   ``ReadAheadBudget`` bounds what it hands over and the executor has not finished;
///   beyond it, the reader stops reading.
/// - The executor (``SessionExecutor``, shared with the REPL) runs the session: every request,
///   every scheduled action. The ``Outbox`` writes what one work item produced at its end.
/// - Signals stop the reader's input (``StopRequests``); logs are written by a thread
///   of their own (``LogSink``). Neither can block the protocol.
///
/// ## Stopping
/// End of input, `shutdown`, SIGTERM, SIGINT or SIGHUP: every request read before is
/// answered, scheduled work may finish within the exit grace, output is flushed, the session's
/// resources are closed (its database), and ``run()`` returns a ``ServerOutcome`` whose exit status
/// and diagnostic line the caller reports.
public final class StdioServer: @unchecked Sendable {
    /// Settings of the server around its session.
    public struct Options: Sendable {
        /// How frames are delimited.
        public var framing: FramingMode = .newline
        /// The transport's bounds.
        public var limits = ServerLimits()
        /// The defaults.
        public init() {}
    }

    private let input: FileDescriptor
    private let options: Options
    private let writer: FrameWriter
    private let outbox: Outbox
    private let executor: SessionExecutor
    private let budget: ReadAheadBudget
    private let observer: TrafficObserver?
    private let log: LogSink?
    /// Executor-confined: set once, when the server stops.
    private var outcome: ServerOutcome?
    /// What frames are handed to (executor-confined): the session itself for the plain JSON-RPC adapter,
    /// or an adapter wrapping it.
    private let adapter: ProtocolAdapter
    private let done = DispatchSemaphore(value: 0)
    /// Executor-confined: what wakes a reader waiting on this thread when the server finishes.
    private var readerWake: StopRequests?

    /// A server reading `input` and writing `output`. `makeSession` builds the session with the
    /// clock, the hook to call after each scheduled action, and the sink for what it sends.
    public convenience init(
        input: FileDescriptor = .standardInput,
        output: FileDescriptor = .standardOutput,
        options: Options = Options(),
        virtualClock: Bool = false,
        observer: TrafficObserver? = nil,
        log: LogSink? = nil,
        makeSession: (_ clock: DateScheduler, _ afterScheduledWork: @escaping () -> Void, _ sink: @escaping Session.Sink) -> Session
    ) {
        self.init(input: input, output: output, options: options, virtualClock: virtualClock, observer: observer, log: log) { clock, after, sink in
            let session = makeSession(clock, after, sink)
            return (session, session)
        }
    }

    /// A server whose frames go to an adapter over the session (MCP's): `makeAdapter` builds both,
    /// the session sending through the adapter and the adapter sending through `sink`.
    public init(
        input: FileDescriptor = .standardInput,
        output: FileDescriptor = .standardOutput,
        options: Options = Options(),
        virtualClock: Bool = false,
        observer: TrafficObserver? = nil,
        log: LogSink? = nil,
        makeAdapter: (_ clock: DateScheduler, _ afterScheduledWork: @escaping () -> Void, _ sink: @escaping Session.Sink) -> (session: Session, adapter: ProtocolAdapter)
    ) {
        self.input = input
        self.options = options
        self.observer = observer
        self.log = log
        let writer = FrameWriter(fileDescriptor: output, mode: options.framing == .contentLength ? .contentLength : .newline)
        self.writer = writer
        let outbox = Outbox(writer: writer, limits: options.limits, observer: observer)
        self.outbox = outbox
        self.budget = ReadAheadBudget(maxBytes: options.limits.maxReadAheadBytes, maxChunks: options.limits.maxReadAheadChunks)
        var made: ProtocolAdapter?
        let executor = SessionExecutor(label: "switchboard.executor", virtualClock: virtualClock) { clock in
            let (session, adapter) = makeAdapter(clock, {
                observer?.scheduledWorkFinished()
                outbox.flush()
            }, { message in outbox.enqueue(message) })
            made = adapter
            return session
        }
        self.executor = executor
        // The executor calls `makeAdapter` before its initializer returns, so `made` is set; the
        // session itself is the fallback only to avoid a trap on an impossible path.
        self.adapter = made ?? executor.sync { $0 }
        executor.sync { _ in outbox.onFailure = { [unowned self] failure in finish(failure) } }
    }

    /// Serves until end of input, `shutdown`, a signal or a failed read or write; returns why
    /// it stopped. Before returning it closes what the session holds outside the process
    /// (`Session.closeResources()`: the friends database), everything owed to the client being
    /// written by then, so the caller may exit without tearing the session down.
    public func run() -> ServerOutcome {
        ProcessIO.ignoreBrokenPipeSignal()
        let signals: StopRequests?
        do {
            signals = try StopRequests(reading: input)
        } catch {
            // No descriptors for the interruptible input (out of them): serve anyway; signals
            // then keep their default action.
            log?.write("switchboard: signals will not stop the daemon gracefully: \(error)")
            signals = nil
        }
        let maxBatch = executor.sync { session in
            readerWake = signals
            return session.maxBatch
        }
        if let signals {
            // The reader runs on this thread, which would otherwise only wait, so start-up
            // makes no thread for it. When the server finishes on the executor, `finish` stops
            // its input.
            readLoop(maxBatch: maxBatch, signals: signals)
        } else {
            // No input that can be stopped: the reader gets a thread of its own (a queue, so
            // its one thread may block in read(2) without starving Dispatch), which `run()`
            // leaves blocked when the server finishes.
            DispatchQueue(label: "switchboard.reader").async { [self] in
                readLoop(maxBatch: maxBatch, signals: nil)
            }
        }
        done.wait()
        return withExtendedLifetime(signals) {
            executor.sync { session in
                session.closeResources()
                return outcome ?? .finished
            }
        }
    }

    // MARK: Reading (reader thread)

    private func readLoop(maxBatch: Int, signals: StopRequests?) {
        let framing = options.framing, limits = options.limits
        let reader = signals.map {
            FrameReader(input: $0.input, mode: framing, maxMessageLength: limits.maxMessageLength, chunkSize: limits.readChunkBytes)
        } ?? FrameReader(fileDescriptor: input, mode: framing, maxMessageLength: limits.maxMessageLength, chunkSize: limits.readChunkBytes)
        var announcedMode = FramingMode.auto
        // How many frames the last chunk held, plus a quarter: each chunk's array is reserved
        // at that size, so a pipelined stream's arrays are not grown by doubling (copying
        // them each time).
        var expectedFrames = 16
        let keepsBytes = observer != nil
        // The chunk's frames. Kept from chunk to chunk while each chunk is run on this thread
        // (a single message, see `runHere`), so a client that waits for every answer costs no
        // array; handed to the executor with a chunk of many, and then made anew.
        var frames: [ReaderHandoff] = []
        while true {
            // Closures written inline, not stored in a `let`: a stored closure capturing `frames`
            // makes every append pay the runtime's dynamic exclusivity check.
            if frames.capacity == 0 { frames.reserveCapacity(expectedFrames) }
            var bytes = 0
            let step: FrameReader.ChunkOutcome
            do {
                step = try reader.readChunk { frame in
                    bytes += frame.byteCount
                    frames.append(ReaderHandoff(frame, maxBatch: maxBatch, keepingBytes: keepsBytes))
                }
            } catch {
                let failure: ServerOutcome
                switch error {
                case let .readFailed(code): failure = .readFailed(code)
                }
                // Queued after every chunk already handed over, so those are still answered.
                return executor.async { [self] _ in finish(failure) }
            }
            expectedFrames = Swift.max(16, frames.count + frames.count / 4)
            if reader.mode != announcedMode, reader.mode != .auto {
                announcedMode = reader.mode
                writer.mode = reader.mode
            }
            switch step {
            case .read:
                guard !frames.isEmpty else { continue }
                if frames.count == 1 {
                    runHere(&frames)
                } else {
                    budget.acquire(bytes: bytes)
                    hand(consume frames, bytes: bytes, then: nil)
                    frames = []
                }
            case .ended:
                budget.acquire(bytes: bytes)
                return hand(consume frames, bytes: bytes, then: .finished)
            case .interrupted, .timedOut:
                // (No timeout is given, so only a signal gets here.)
                // Everything read so far was handed over above; this runs after it.
                let reason = ServerOutcome.signalled(signals?.first ?? StopRequests.handled[0])
                return executor.async { [self] session in stop(session, reason) }
            }
        }
    }

    /// Gives one chunk's frames to the executor; `ending` stops the server after them. A chunk
    /// of many (a pipelined stream) goes there so that the next chunk is read meanwhile.
    private func hand(_ frames: consuming [ReaderHandoff], bytes: Int, then ending: ServerOutcome?) {
        let batch = FrameBatch(frames)
        executor.async { [self] session in
            defer { budget.release(bytes: bytes) }
            // The batch holds the only reference to its array (the reader gave its own up),
            // so the frames are reached in place, without a copy of the array.
            process(&batch.frames, in: session)
            if let ending { stop(session, ending) }
        }
    }

    /// Runs a chunk of one message on this thread, in the executor's turn, and empties
    /// `frames` for the next chunk (keeping its storage).
    ///
    /// Such a chunk is usually a client waiting for its answer (an editor, a script): running
    /// it here spares waking the executor's thread, one of the two thread wake-ups of a round
    /// trip, and the work item, its batch and the chunk's array. It takes no room in the
    /// read-ahead budget: the reader waits here until it has run, behind every chunk handed
    /// over before it.
    private func runHere(_ frames: inout [ReaderHandoff]) {
        executor.sync { session in process(&frames, in: session) }
        frames.removeAll(keepingCapacity: true)
    }

    // MARK: Executor

    /// Runs `frames` in place; each is moved out as it runs (see `process(_:count:)`).
    private func process(_ frames: inout [ReaderHandoff], in session: Session) {
        guard outcome == nil else { return }
        let finished = frames.withUnsafeMutableBufferPointer { frames in
            frames.baseAddress.map { process(UnsafeMutablePointer($0), count: frames.count) } ?? false
        }
        if finished { finish(.finished) }
    }

    /// Hands each of the `count` frames at `frames` to the adapter; true when the client asked
    /// to stop (after flushing).
    ///
    /// Each frame is moved out of the batch as it runs (a trivial frame left in its place):
    /// a frame read where it lies, or through a subscript, is copied first, a reference count
    /// on each of its parts taken and dropped, while a move copies no count.
    private func process(_ frames: UnsafeMutablePointer<ReaderHandoff>, count: Int) -> Bool {
        for position in 0..<count {
            let frame = (frames + position).move()
            (frames + position).initialize(to: .tooLong(length: 0))
            switch consume frame {
            case let .message(bytes, parsed):
                observer?.received(bytes)
                adapter.handle(parsed: parsed)
            case let .tooLong(length): adapter.handleOversizedFrame(length: length, limit: options.limits.maxMessageLength)
            case let .invalidHeader(reason): adapter.handleMalformedFrame(reason)
            }
            if adapter.isShutdownRequested {
                outbox.flush()
                return true
            }
            if outcome != nil { return false }
        }
        outbox.flush()
        return false
    }

    /// End of input or a signal: delegated calls fail (nobody will answer them), scheduled work
    /// may finish within the exit grace, then everything owed is flushed.
    private func stop(_ session: Session, _ reason: ServerOutcome) {
        guard outcome == nil else { return }
        adapter.inputEnded()
        outbox.flush()
        executor.whenScheduledWorkFinishes(within: options.limits.exitGraceSeconds) { [self] _ in
            outbox.flush()
            finish(reason)
        }
    }

    /// Records the outcome once (on the executor) and wakes `run()`.
    private func finish(_ result: ServerOutcome) {
        guard outcome == nil else { return }
        outcome = result
        observer?.finished()
        readerWake?.wakeReader()
        done.signal()
    }
}
