import RPC
import FoundationEssentials
import JSON
import Signals

/// One client's conversation with the host: instances, dispatch, outputs, delegated calls.
///
/// The daemon and the REPL both drive a session; neither re-implements any behaviour.
///
/// ## Threading
/// A session is confined to one serial executor: call every method from it, and give it a
/// scheduler whose actions run there (`QueueScheduler` on the executor's queue, or a
/// `TestScheduler` advanced from the executor). View models therefore never see two threads.
///
/// ## Ordering
/// Outputs caused synchronously by a request are passed to the sink while the request is
/// handled, before its response; so a client that reads up to the response has seen every
/// consequence of its request.
public final class Session {
    /// Receives everything the session sends, in order.
    public typealias Sink = (OutboundMessage) -> Void

    let registry: Registry
    let configuration: SessionConfiguration
    let scheduler: SessionScheduler
    /// Present under `--clock virtual`: the clock `advance` moves.
    let virtualClock: TestScheduler?
    private let sink: Sink
    /// Warnings for stderr (never stdout): notifications that failed, stray responses…
    let diagnose: (String) -> Void

    /// Live instances by exact id, in creation order (for `list`). The fields touched by every
    /// request (`instances`, `seq`, `held`, `cause`, `isShutdownRequested`) skip the runtime's
    /// exclusivity check: a session runs on one serial executor, so no two threads access
    /// them at once, and every access is a single statement that calls out to nothing (an
    /// output that reaches `send` while an input is applied starts its own access after the
    /// input's have ended). The checks cost about 190 instructions a request.
    @exclusivity(unchecked) var instances = InstanceTable()
    /// Where the table held the instances the last `lookAheadDistance` looked-ahead requests
    /// address (see `lookAhead(atMethod:)`), a ring whose oldest entry, usually the current
    /// request's, is at `lookedAheadOldest`. Slots and entries, not references: reading an
    /// instance there would wait for its memory.
    @exclusivity(unchecked) var lookedAhead = LookedAhead(repeating: nil)
    /// The position of the oldest candidate in `lookedAhead`, the next to be replaced.
    @exclusivity(unchecked) var lookedAheadOldest = 0
    /// The hash of the target of the request `lookAheadDistance` ahead, once its table slot
    /// has been asked for (see `lookAhead(atMethod:)`).
    @exclusivity(unchecked) var pendingLookAheadHash: Int?
    /// Where each layout's objects lie around its instances, by layout number (see
    /// `Instance.span`; the table keeps each instance's number in its entry): what a
    /// look-ahead prefetches around an instance. Number 0, and a type none of whose instances
    /// has been laid out contiguously, load the instance alone.
    @exclusivity(unchecked) var lookAheadSpans = ContiguousArray(repeating: Instance.ownSpan, count: InstanceIndex.layoutCount)
    /// Each view-model type's layout number, from 1 in the order of their first instances;
    /// types past the table's 15 numbers have none (0). By type rather than one for the
    /// session: a single instance of a larger type, made last, made every request of a
    /// 100,000-signup session load checkout's 12 KB neighbourhood or signin's, 4% to 35% more
    /// CPU a request in the runs measured (DAEMON-ANALYSIS.md, issue 18's twenty-fourth
    /// session).
    private var layoutNumbers: [ObjectIdentifier: Int] = [:]
    /// The last number used for a generated id, per type: `signup`, then `signup-2`…
    private var generatedIDs: [ExactString: Int] = [:]
    @exclusivity(unchecked) private var seq: Int64 = 0
    /// Messages held back while a tentative step runs (see `tentatively`); nil otherwise.
    @exclusivity(unchecked) private var held: [OutboundMessage]?
    /// What is running now; stamped on every output notification.
    @exclusivity(unchecked) var cause: Cause = .timer
    /// Set by `shutdown`; the server exits once the response is flushed.
    @exclusivity(unchecked) public private(set) var isShutdownRequested = false
    /// How many inputs are being applied (see `applyInput`), which hold their models without
    /// a reference count: nested only if an input's code reaches back into the session.
    @exclusivity(unchecked) var applyingInputs = 0
    /// Models of instances destroyed while an input was applied, kept until it returns (see
    /// `Instance.destroy()`): the input may still be running in one of them.
    @exclusivity(unchecked) var modelsReleasedAfterInputs: [AnyObject] = []
    /// Set at end of input: delegated calls fail at once from then on.
    public private(set) var hasInputEnded = false

    /// Delegated calls waiting for the client's answer.
    var pendingCalls: [String: PendingCall] = [:]
    var nextCallNumber = 1
    lazy var clientChannel = SessionClientChannel(session: self)
    /// `describe`'s and `rpc.discover`'s answers: the registry never changes, so each is built
    /// once and shared (a batch of 20,000 `describe` calls holds one tree, not 20,000).
    lazy var describeDocument: JSONValue = makeDescribeDocument()
    lazy var openRPCDocument: JSONValue = makeOpenRPCDocument()
    /// Objects shared by the instances of this session.
    let storage = SessionStorage()

    /// A session serving the types of `registry`.
    ///
    /// - Parameters:
    ///   - clock: where view-model time comes from: a scheduler on the session's executor, or a
    ///     `TestScheduler` for virtual time (then `advance` is available).
    ///   - afterScheduledWork: called after each scheduled action has run (the daemon flushes
    ///     its output there).
    public init(
        registry: Registry,
        configuration: SessionConfiguration = SessionConfiguration(),
        clock: DateScheduler,
        diagnose: @escaping (String) -> Void = { _ in },
        afterScheduledWork: @escaping () -> Void = {},
        sink: @escaping Sink
    ) {
        self.registry = registry
        self.configuration = configuration
        self.scheduler = SessionScheduler(base: clock)
        self.virtualClock = clock as? TestScheduler
        self.diagnose = diagnose
        self.sink = sink
        scheduler.runAction = { [weak self] action in
            guard let self else { return action() }
            let previous = self.cause
            self.cause = .timer
            action()
            self.cause = previous
            afterScheduledWork()
        }
    }

    deinit {
        // A session dropped without destroying its instances (a test, a fuzzer, an embedding
        // app) still stops every output subscription, so nothing it created outlives it.
        for instance in instances.inCreationOrder { instance.destroy() }
    }

    /// Closes what the session's shared objects hold outside the process (the friends
    /// database; see ``SessionResource``), so that a process about to end can exit without
    /// tearing down its instances one by one (at 100,000 instances that took 0.7 s). Requests
    /// after it still run; what needs a closed resource fails with a clear error.
    public func closeResources() {
        storage.closeResources()
    }

    /// How many scheduled one-shot actions (latencies, timeouts, debounces) are pending.
    public var pendingScheduledWork: Int { scheduler.pendingCount }

    /// How many instances are alive.
    public var instanceCount: Int { instances.count }

    // MARK: Input

    /// Handles one frame: a message or a batch.
    public func handle(frame bytes: [UInt8]) {
        handle(parsed: MessageParser.parse(bytes, maxBatch: maxBatch))
    }

    /// The most messages one batch may hold. Immutable, so readable from any thread: the
    /// daemon parses on its reader thread (see `StdioServer`).
    public var maxBatch: Int { configuration.maxBatch }

    /// From how many live instances `lookAhead(atMethod:)` prefetches. Below it, the instances
    /// mostly stay in the processor's second-level cache (1 MB a core here, some 280 signups) and the
    /// look-ahead's work costs more than the misses it saves; above it, a request more and
    /// more often meets an instance the cache no longer holds. Measured with the look-ahead
    /// that does not wait for the instance (`bash Benchmarks/scale-ab.sh -i N`, the look-ahead
    /// always on against this threshold's predecessor, 8,192; CPU a request, medians of the
    /// paired rounds; DAEMON-ANALYSIS.md, issue 18's twenty-second session): +0.09 µs with one
    /// instance, +0.05 with 200, none with 500, −0.08 with 1,000; from 1,024 on, −0.30 with
    /// 2,000 and −0.44 with 4,000. (The look-ahead that compared the id in its second stage
    /// waited for the instance, and only paid from about 4,000 instances.)
    static let lookAheadMinimumInstances = 1_024

    /// How many messages ahead of the one about to run the transport hints
    /// (`lookAhead(atMethod:)`): the table's slot of that message's target is asked for then,
    /// and its instance's objects one message later, `lookAheadDistance - 1` requests before
    /// its own. Two: with the objects prefetched into the first-level cache, three gained a
    /// little (in 36 paired rounds at 100,000 signups, 24 with less CPU a request, medians
    /// −0.05 to −0.15 µs), but with the second-level prefetch now used it lost (eight paired
    /// rounds: wall ratio +0.10, 7 of 8 higher; DAEMON-ANALYSIS.md, issue 18's twenty-fifth
    /// session).
    public static var lookAheadDistance: Int { LookedAhead.count }
    /// The ring of candidates found ahead, one for each message between a hint and its run.
    typealias LookedAhead = InlineArray<2, InstanceCandidate?>

    /// A hint from the transport, called once before each pipelined message it hands over
    /// with the method of the message `lookAheadDistance` places further on (nil when that
    /// frame is not a single request, or there is none): with many live instances, the
    /// instances coming requests address load into the cache while earlier requests run,
    /// instead of missing it object by object when their turn comes.
    ///
    /// In two stages, so neither waits for memory: for the method given, its target's hash
    /// is computed and the table's slot for it asked for; for the method given the time
    /// before, the table is read (loaded by now) up to the first entry with the hash's tag,
    /// and the objects around that entry's instance asked for (`Instance.prefetch`, into the
    /// second-level cache), which needs only its address and the layout number the entry
    /// keeps beside it (its type's span, `lookAheadSpans`). The instance itself is
    /// not read here: its id is compared when its request is dispatched, by which time its
    /// lines have arrived (when this stage compared the id, it waited for the instance: at
    /// 100,000 instances a graph-free view model's request took 0.14 µs more CPU, signup's no
    /// measurably different; DAEMON-ANALYSIS.md, issue 18's twenty-second session). The slot
    /// and its entry are remembered, and dispatch uses the instance only if the slot still
    /// holds that entry and the instance's id is the request's target
    /// (`lookedAheadInstance(target:)`), so it is the instance the table would give, and
    /// nothing else changes.
    ///
    /// Written to copy nothing it can read in place (the strings are read through `utf8`,
    /// not a mutable copy for `withUTF8`; the table through `withInstances`), and to keep
    /// neither an instance nor a method: every copy of a method, an instance or the table is
    /// a reference count taken and dropped, an atomic operation each, on every request of a
    /// large session (callgrind, issue 18).
    public func lookAhead(atMethod method: String?) {
        if let hash = pendingLookAheadHash {
            pendingLookAheadHash = nil
            let candidate = withInstances { $0.candidate(hash: hash) }
            if let candidate, let address = withInstances({ $0.address(of: candidate) }) {
                Instance.prefetch(at: address, span: prefetchSpan(of: candidate))
            }
            lookedAhead[lookedAheadOldest] = candidate
            lookedAheadOldest = lookedAheadOldest + 1 == LookedAhead.count ? 0 : lookedAheadOldest + 1
        }
        guard wantsLookAhead, let method else { return }
        let hash = method.utf8.withContiguousStorageIfAvailable { bytes in
            (Self.splitAtFirstDot(UnsafeRawBufferPointer(bytes))?.target).map(InstanceTable.hash(bytes:))
        } ?? nil
        guard let hash else { return }
        withInstances { $0.prefetch(hash: hash) }
        pendingLookAheadHash = hash
    }

    /// What a look-ahead loads around a candidate: its layout's span, from its table entry.
    @inline(__always)
    func prefetchSpan(of candidate: InstanceCandidate) -> (before: Int, after: Int) {
        lookAheadSpans[withInstances { $0.layout(of: candidate) }]
    }

    /// The layout number of `definition`'s instances (see `layoutNumbers`), given to the next
    /// type at its first instance while numbers are left.
    func layoutNumber(of definition: ViewModelDefinition) -> Int {
        if let number = layoutNumbers[definition.identity] { return number }
        let number = layoutNumbers.count + 1 < InstanceIndex.layoutCount ? layoutNumbers.count + 1 : 0
        layoutNumbers[definition.identity] = number
        return number
    }

    /// Calls `body` with the instance table accessed in place. A read of a struct stored in a
    /// class copies it (a reference to each of the table's buffers taken and dropped, an
    /// atomic operation each), because any call could change the property meanwhile; an
    /// `inout` access is exclusive, so the table is read where it lies.
    @inline(__always)
    func withInstances<Result>(_ body: (inout InstanceTable) -> Result) -> Result {
        body(&instances)
    }

    /// Whether there are enough live instances for `lookAhead(atMethod:)` to act.
    public var wantsLookAhead: Bool { instances.count >= Self.lookAheadMinimumInstances }

    /// The live instance whose id is the UTF-8 bytes `target`, if it was found ahead.
    func lookedAheadInstance(target: UnsafeRawBufferPointer) -> Instance? {
        // Oldest first: the transport hints each message `lookAheadDistance` places ahead, so
        // when a request runs, the oldest candidate is usually its own and the others the
        // next requests'.
        var position = lookedAheadOldest
        for _ in 0..<LookedAhead.count {
            if let candidate = lookedAhead[position],
               let instance = withInstances({ $0.confirmed(candidate, bytes: target) }), !instance.isDestroyed {
                return instance
            }
            position = position + 1 == LookedAhead.count ? 0 : position + 1
        }
        return nil
    }

    /// Handles a frame already parsed by `MessageParser.parse(_:maxBatch:)` with `maxBatch`.
    public func handle(parsed: ParsedPayload) {
        switch parsed {
        case let .unparsable(error):
            send(.response(OutboundResponse(id: .null, result: .failure(error))))
        case let .single(message):
            if let response = process(message) { send(.response(response)) }
        case let .batch(messages):
            guard !messages.isEmpty else {
                return send(.response(OutboundResponse(id: .null, result: .failure(.invalidRequest("empty batch")))))
            }
            var responses: [OutboundResponse] = []
            var answerBytes = 2
            for message in messages {
                if answerBytes > configuration.maxBatchResponseBytes {
                    // Over the bound: the rest is refused unrun, so it has no side effects.
                    if let refusal = refuseOverBudget(message) { responses.append(refusal) }
                    continue
                }
                if let response = process(message) {
                    answerBytes += OutboundMessage.response(response).wireBytes.count + 1
                    responses.append(response)
                }
            }
            // A batch of notifications only gets no response at all.
            if !responses.isEmpty { send(.batch(responses)) }
        }
    }

    /// The answer to a batch element left unrun because the batch's answer reached its bound.
    private func refuseOverBudget(_ message: IncomingMessage) -> OutboundResponse? {
        let limit = configuration.maxBatchResponseBytes
        let error = RPCError(.limitExceeded, "Batch answer limit reached: the responses before this one already hold \(limit) bytes; this request was not run. Send it again, alone or in a smaller batch", data: ["limit": .integer(Int64(limit))])
        switch message {
        case let .request(request):
            guard let id = request.id else {
                diagnose("notification \(request.method) in a batch was not run: the batch's answer reached \(limit) bytes")
                return nil
            }
            return OutboundResponse(id: id, result: .failure(error))
        case let .invalid(id, invalid):
            return OutboundResponse(id: id ?? .null, result: .failure(invalid))
        case let .response(response):
            handleClientResponse(response)
            return nil
        }
    }

    /// Reports a frame the reader had to skip because it exceeded the line limit.
    public func handleOversizedFrame(length: Int, limit: Int) {
        let error = RPCError(.invalidRequest, "Invalid request: message of \(length) bytes exceeds the limit of \(limit) bytes", data: [
            "length": .integer(Int64(length)), "limit": .integer(Int64(limit)),
        ])
        send(.response(OutboundResponse(id: .null, result: .failure(error))))
    }

    /// Reports a frame the reader could not understand (a bad Content-Length header).
    public func handleMalformedFrame(_ reason: String) {
        send(.response(OutboundResponse(id: .null, result: .failure(.invalidRequest(reason)))))
    }

    /// End of input: the client can no longer answer delegated calls, which fail now.
    public func inputEnded() {
        hasInputEnded = true
        failPendingCalls(with: .disconnected)
    }

    /// Processes one message; returns the response it owes, if any.
    private func process(_ message: IncomingMessage) -> OutboundResponse? {
        switch message {
        case let .invalid(id, error):
            if id == nil { diagnose("invalid message: \(error.message)") }
            return OutboundResponse(id: id ?? .null, result: .failure(error))
        case let .response(response):
            handleClientResponse(response)
            return nil
        case let .request(request):
            cause = .request(id: request.id, method: request.method)
            defer { cause = .timer }
            let result = dispatch(request)
            guard let id = request.id else {
                if case let .failure(error) = result {
                    diagnose("notification \(request.method) failed: \(error.message)")
                }
                return nil
            }
            return OutboundResponse(id: id, result: result)
        }
    }

    // MARK: Output

    /// Passes a message to the sink (or holds it while a tentative step runs).
    func send(_ message: OutboundMessage) {
        if held != nil {
            held?.append(message)
        } else {
            sink(message)
        }
    }

    /// Runs a step that may create an instance, holding back what it sends. If the step
    /// fails, the instance it created is destroyed and removed, what it sent is dropped and
    /// `seq` is rolled back, so the failure leaves no trace; otherwise everything held is sent.
    func tentatively(_ step: () -> (Result<JSONValue, RPCError>, Instance?)) -> Result<JSONValue, RPCError> {
        let savedSeq = seq
        held = []
        let (result, created) = step()
        let messages = held ?? []
        held = nil
        if case .failure = result, let created {
            created.destroy()
            instances.remove(created)
            seq = savedSeq
            return result
        }
        for message in messages { sink(message) }
        return result
    }

    /// Sends one value of an instance's output as a notification (nothing once the instance
    /// is destroyed) and keeps it as the output's last value.
    func emit(_ value: JSONValue, from output: OutputSink) {
        let instance = output.instance
        guard !instance.isDestroyed else { return }
        output.lastValue = value
        seq += 1
        send(.output(OutputNotification(
            instance: instance.id,
            output: instance.definition.description.outputs[Int(output.index)].name,
            value: value,
            seq: seq,
            cause: cause
        )))
    }

    /// A fresh instance id for a type: the type's name if free, else `name-2`, `name-3`…,
    /// counted per type. A number is never reused, even after its instance is destroyed.
    func generateID(for type: String) -> String {
        if instances[type] == nil { return type }
        let key = ExactString(type)
        var number = generatedIDs[key, default: 1]
        while true {
            number += 1
            let candidate = "\(type)-\(number)"
            if instances[candidate] == nil {
                generatedIDs[key] = number
                return candidate
            }
        }
    }

    /// Marks the session for shutdown.
    func requestShutdown() {
        isShutdownRequested = true
    }
}

