import FoundationEssentials
import Signals

/// A deterministic stand-in for a payment processor: answers after `latency` on the scheduler,
/// succeeding unless configured to fail.
public final class SimulatedPaymentService: PaymentService {
    private let scheduler: DateScheduler
    private let latency: TimeInterval
    private let failure: ServiceError?

    /// A processor on `scheduler` answering after `latency` seconds; with `failure` set, every
    /// payment fails with it.
    public init(scheduler: DateScheduler, latency: TimeInterval = 0.2, failure: ServiceError? = nil) {
        self.scheduler = scheduler
        self.latency = latency
        self.failure = failure
    }

    public func process(token: String, for product: Product) -> SignalProducer<Void, ServiceError> {
        SignalProducer { [scheduler, latency, failure] observer, lifetime in
            lifetime += scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(latency)) {
                if let failure {
                    observer.send(error: failure)
                } else {
                    observer.send(value: ())
                    observer.sendCompleted()
                }
            }
        }
    }
}
