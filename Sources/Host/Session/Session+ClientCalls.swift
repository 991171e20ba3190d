import RPC
import FoundationEssentials
import JSON
import Signals

/// A delegated call waiting for the client's answer.
struct PendingCall {
    let observer: Signal<JSONValue, ClientCallError>.Observer
    let timeout: Disposable?
}

/// The session's side of service delegation: calls become requests with ids `sb-1`, `sb-2`…
/// (a namespace of the daemon's own, so they never collide with the client's ids).
final class SessionClientChannel: ClientChannel {
    private weak var session: Session?

    init(session: Session) {
        self.session = session
    }

    func call(_ method: String, params: JSONValue) -> SignalProducer<JSONValue, ClientCallError> {
        SignalProducer { [weak session] observer, lifetime in
            guard let session else { return observer.send(error: .disconnected) }
            session.startClientCall(method, params: params, observer: observer, lifetime: lifetime)
        }
    }
}

extension Session {
    /// The prefix of the ids of the daemon's own requests.
    static let callIDPrefix = "sb-"

    /// How many delegated calls wait for an answer.
    public var pendingClientCallCount: Int { pendingCalls.count }

    func startClientCall(_ method: String, params: JSONValue, observer: Signal<JSONValue, ClientCallError>.Observer, lifetime: Lifetime) {
        guard !hasInputEnded else { return observer.send(error: .disconnected) }
        guard pendingCalls.count < configuration.maxPendingClientCalls else {
            return observer.send(error: .tooManyPending(limit: configuration.maxPendingClientCalls))
        }
        let id = Self.callIDPrefix + String(nextCallNumber)
        nextCallNumber += 1
        let seconds = configuration.clientCallTimeout
        let timeout = scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(seconds)) { [weak self] in
            guard let self, let call = self.pendingCalls.removeValue(forKey: id) else { return }
            self.diagnose("call \(id) (\(method)) timed out after \(seconds) s")
            call.observer.send(error: .timedOut(seconds: seconds))
        }
        pendingCalls[id] = PendingCall(observer: observer, timeout: timeout)
        // The view model gave up (a newer request replaced it, or it was destroyed): forget the
        // call, so a late answer is recognised as stale and ignored.
        lifetime.observeEnded { [weak self] in
            guard let self, let call = self.pendingCalls.removeValue(forKey: id) else { return }
            call.timeout?.dispose()
        }
        send(.clientRequest(id: id, method: method, params: params))
    }

    /// Feeds the client's answer to the call it answers.
    func handleClientResponse(_ response: RPCResponse) {
        guard let id = response.id.stringValue, let call = pendingCalls.removeValue(forKey: id) else {
            diagnose("ignored a response with id \(response.id): no call of the daemon's is waiting for it (late, duplicate or unknown)")
            return
        }
        call.timeout?.dispose()
        let previous = cause
        cause = .reply(call: id)
        defer { cause = previous }
        switch response.result {
        case let .success(value):
            call.observer.send(value: value)
            call.observer.sendCompleted()
        case let .failure(error):
            call.observer.send(error: .remote(code: error.code.rawValue, message: error.message, data: error.data))
        }
    }

    /// Fails every pending call (the client went away).
    func failPendingCalls(with error: ClientCallError) {
        let calls = pendingCalls
        pendingCalls = [:]
        let previous = cause
        cause = .disconnect
        defer { cause = previous }
        for (_, call) in calls.sorted(by: { $0.key < $1.key }) {
            call.timeout?.dispose()
            call.observer.send(error: error)
        }
    }
}
