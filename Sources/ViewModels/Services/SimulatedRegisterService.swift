import FoundationEssentials
import JSON
import Signals

/// A deterministic stand-in for a registration backend: answers after `latency` on the
/// scheduler with the configured outcome.
public final class SimulatedRegisterService: RegisterService {
    /// What the simulated backend answers.
    public enum Outcome: Equatable, Sendable {
        /// `{"token": …}`; nil means a token derived from the username (`token-<username>`).
        case token(String?)
        /// A response without a token: `{"status": "pending"}`.
        case noToken
        /// A failure with this reason.
        case failure(reason: String)
    }

    private let scheduler: DateScheduler
    private let latency: TimeInterval
    private let outcome: Outcome

    /// A backend on `scheduler` answering after `latency` seconds with `outcome`.
    public init(scheduler: DateScheduler, latency: TimeInterval = 0.3, outcome: Outcome = .token(nil)) {
        self.scheduler = scheduler
        self.latency = latency
        self.outcome = outcome
    }

    public func register(username: String, password: String) -> SignalProducer<JSONValue, ServiceError> {
        SignalProducer { [scheduler, latency, outcome] observer, lifetime in
            // Attached to the lifetime: an interrupted request (view model gone) never answers.
            lifetime += scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(latency)) {
                switch outcome {
                case let .token(token):
                    observer.send(value: ["token": .string(token ?? "token-\(username)")])
                    observer.sendCompleted()
                case .noToken:
                    observer.send(value: ["status": "pending"])
                    observer.sendCompleted()
                case let .failure(reason):
                    observer.send(error: ServiceError(.other, reason: reason))
                }
            }
        }
    }
}
