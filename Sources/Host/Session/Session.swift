import RPC
import FoundationEssentials
import JSON
import Signals
import SystemIO

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

    /// Live instances by exact id, in creation order (for `list`). Like every field of the
    /// session, confined to its serial executor.
    var instances = InstanceTable()
    /// The most instances alive at once since the heap was last trimmed (see
    /// `returnMemoryIfMostInstancesAreGone()`).
    private var instancesPeakSinceTrim = 0
    /// The last number used for a generated id, per type: `signup`, then `signup-2`…
    private var generatedIDs: [ExactString: Int] = [:]
    private var seq: Int64 = 0
    /// The outputs of the in-process request being performed (see `perform(_:)`), in order;
    /// nil when none is.
    private var captured: [OutputNotification]?
    /// Messages held back while a tentative step runs (see `tentatively`); nil otherwise.
    private var held: [OutboundMessage]?
    /// What is running now; stamped on every output notification.
    var cause: Cause = .timer
    /// Set by `shutdown`; the server exits once the response is flushed.
    public private(set) var isShutdownRequested = false
    /// How many inputs are being applied (see `applyInput`), which hold their models without
    /// a reference count: nested only if an input's code reaches back into the session.
    var applyingInputs = 0
    /// Models of instances destroyed while an input was applied, kept until it returns (see
    /// `Instance.destroy()`): the input may still be running in one of them.
    var modelsReleasedAfterInputs: [AnyObject] = []
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
    /// tearing down its instances one by one, which grows with their number. Requests
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

    /// Calls `body` with the instance table accessed in place. A read of a struct stored in a
    /// class copies it (a reference to each of the table's buffers taken and dropped), because
    /// any call could change the property meanwhile; an `inout` access is exclusive, so the
    /// table is read where it lies.
    @inline(__always)
    func withInstances<Result>(_ body: (inout InstanceTable) -> Result) -> Result {
        body(&instances)
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
        let error = RPCError(.invalidRequest, "Invalid request: message of \(length) bytes exceeds the limit of \(limit) bytes (--max-line-bytes raises it)", data: [
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
        let savedCaptured = captured?.count
        held = []
        let (result, created) = step()
        let messages = held ?? []
        held = nil
        if case .failure = result, let created {
            created.destroy()
            instances.remove(created)
            seq = savedSeq
            if let savedCaptured { captured?.removeSubrange(savedCaptured...) }
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
        let notification = OutputNotification(
            instance: instance.id,
            output: instance.definition.description.outputs[Int(output.index)].name,
            value: value,
            seq: seq,
            cause: cause
        )
        captured?.append(notification)
        send(.output(notification))
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

    /// Runs one request in process, as a client's request of the same method would run, and
    /// returns its result with the outputs it caused, in order. The outputs also go to the
    /// sink, as every output does; nothing else is sent (no response). For adapters and tools
    /// that run in the same process (the MCP adapter, the REPL): they neither invent request ids
    /// nor look for their answers in what the session sends.
    public func perform(_ request: SessionRequest) -> SessionAnswer {
        let saved = captured, savedCause = cause
        captured = []
        cause = .request(id: nil, method: request.method)
        let result: Result<JSONValue, RPCError>
        switch request {
        case let .host(host): result = run(host)
        case let .input(_, _, params): result = dispatch(RPCRequest(id: nil, method: request.method, params: params))
        }
        let outputs = captured ?? []
        captured = saved.map { $0 + outputs }
        cause = savedCause
        return SessionAnswer(result: result, outputs: outputs)
    }

    /// Notes the live instances after a creation, for `returnMemoryIfMostInstancesAreGone()`.
    func instanceCreated() {
        instancesPeakSinceTrim = Swift.max(instancesPeakSinceTrim, instances.count)
    }

    /// Asks the allocator to give freed memory back to the system once at least half of a
    /// large peak of instances is gone: glibc keeps what it freed for reuse, so a daemon that
    /// held many instances would otherwise keep their memory resident for its whole life.
    /// Trimming walks the heap, so it runs once per halving, not on every destroy.
    func returnMemoryIfMostInstancesAreGone() {
        let peak = instancesPeakSinceTrim
        guard peak >= Self.trimmingPeak, instances.count * 2 <= peak else { return }
        ProcessMemory.returnFreeMemory()
        instancesPeakSinceTrim = instances.count
    }

    /// From how many live instances a peak is worth trimming after.
    static let trimmingPeak = 1_024

    /// Marks the session for shutdown.
    func requestShutdown() {
        isShutdownRequested = true
    }
}

