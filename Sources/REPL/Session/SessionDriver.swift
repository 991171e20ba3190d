import RPC
import Dispatch
import FoundationEssentials
import Host
import JSON
import Signals

/// The session on its serial executor, driven with JSON-RPC text exactly like the daemon's.
///
/// ## Threads
/// Like `StdioServer`: the session lives on one serial queue, the executor, with a
/// `QueueScheduler` on that queue (or a `TestScheduler` under `--clock virtual`), so a simulated
/// service's reply or a timer runs there too. The editor thread hands each request over with
/// `executor.sync`, so everything a request causes, including its response, has been passed to
/// `onEvent` (on the executor) before `send` returns. Later outputs reach `onEvent` when they
/// happen, on the executor, while the editor thread may be waiting for keys.
final class SessionDriver: @unchecked Sendable {
    /// Why a request was sent, so its response can be shown the right way.
    enum Purpose: Sendable {
        /// A typed call (`signup.nameChanged "Lisa"`, `list`).
        case call(method: String)
        /// A JSON-RPC line typed as is.
        case raw
        /// A dot command's host method.
        case command(MetaCommand)
    }

    /// What passed between the REPL and the session.
    enum Event {
        /// A request line handed to the session.
        case sent(String)
        /// A message from the session, and the purpose of the request being handled (nil for
        /// outputs that happen later: timers, service replies).
        case received(OutboundMessage, Purpose?)
        /// A timer or simulated latency finished running (transcripts close an `advance` step).
        case scheduledWorkFinished
    }

    /// The session on its executor: the same type the daemon serves from.
    private let executor: SessionExecutor
    /// Executor-confined: the purpose of the request being handled.
    private var purpose: Purpose?
    /// Executor-confined.
    private var nextID = 1
    private let onEvent: (Event) -> Void

    /// A session serving `registry`. `onEvent` and `diagnose` run on the executor.
    init(
        registry: Registry,
        configuration: SessionConfiguration,
        virtualClock: Bool,
        diagnose: @escaping (String) -> Void,
        onEvent: @escaping (Event) -> Void
    ) {
        self.onEvent = onEvent
        // The sink reaches this driver through a box filled once `self` exists.
        let box = WeakDriver()
        self.executor = SessionExecutor(label: "switchboard.repl.executor", virtualClock: virtualClock) { clock in
            Session(
                registry: registry,
                configuration: configuration,
                clock: clock,
                diagnose: diagnose,
                afterScheduledWork: { onEvent(.scheduledWorkFinished) }
            ) { message in
                box.driver?.deliver(message)
            }
        }
        box.driver = self
    }

    /// Sends a request line the REPL built for `purpose`.
    func send(method: String, params: JSONValue?, purpose: Purpose) {
        executor.sync { session in
            let text = RequestEncoder.request(id: .integer(Int64(takeID())), method: method, params: params)
            handle(text, purpose: purpose, in: session)
        }
    }

    /// Sends a line the person typed as JSON, unchanged.
    func sendRaw(_ text: String) {
        executor.sync { session in handle(text, purpose: .raw, in: session) }
    }

    /// Asks the session something for the REPL itself (`describe`, `list`), in process: not
    /// shown, not recorded.
    func ask(_ request: HostRequest) -> Result<JSONValue, RPCError> {
        executor.sync { session in session.perform(.host(request)).result }
    }

    /// Runs `body` on the executor, for state the event handler shares.
    func onExecutor<T>(_ body: () -> T) -> T {
        executor.sync { _ in body() }
    }

    /// Pending one-shot scheduled work; call on the executor only (from `onEvent`, or inside
    /// `onExecutor`), where it needs no hop.
    var pendingScheduledWorkOnExecutor: Int {
        executor.onExecutor { $0.pendingScheduledWork }
    }

    /// Pending one-shot scheduled work, asked from off the executor.
    var pendingScheduledWork: Int {
        executor.sync { $0.pendingScheduledWork }
    }

    /// Whether a `shutdown` request asked the session to stop.
    var isShutdownRequested: Bool {
        executor.sync { $0.isShutdownRequested }
    }

    /// The person is done: delegated calls fail now (as at the daemon's end of input).
    func endInput() {
        executor.sync { $0.inputEnded() }
    }

    /// Waits (at most until `deadline`) for scheduled one-shot work, such as a simulated
    /// service's latency, so its outputs are shown before plain mode exits.
    func waitForScheduledWork(seconds: Double) {
        let finished = DispatchSemaphore(value: 0)
        executor.whenScheduledWorkFinishes(within: seconds) { _ in finished.signal() }
        finished.wait()
    }

    // MARK: Executor

    private func takeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    private func handle(_ text: String, purpose: Purpose, in session: Session) {
        onEvent(.sent(text))
        self.purpose = purpose
        defer { self.purpose = nil }
        session.handle(frame: Array(text.utf8))
    }

    fileprivate func deliver(_ message: OutboundMessage) {
        onEvent(.received(message, purpose))
    }
}

/// Lets the session's sink reach its driver without a strong cycle.
private final class WeakDriver: @unchecked Sendable {
    weak var driver: SessionDriver?
}
