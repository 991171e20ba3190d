import FoundationEssentials

extension Signal {
    /// Delays values and completion by `interval` seconds, delivering them on `scheduler`.
    ///
    /// As in ReactiveSwift, failure and interruption are not delayed: they are scheduled on
    /// `scheduler` at once, so they overtake values still waiting, which are then dropped.
    @inlinable
    public func delay(_ interval: TimeInterval, on scheduler: DateScheduler) -> Signal<Value, Error> {
        precondition(interval >= 0, "delay needs an interval of at least 0 seconds")
        return Signal { observer, lifetime in
            let pending = PendingActions()
            lifetime += pending
            lifetime += self.observe { event in
                switch event {
                case .value, .completed:
                    let date = scheduler.currentDate.addingTimeInterval(interval)
                    pending.schedule(on: scheduler, after: date) { observer.send(event) }
                case .failed, .interrupted:
                    pending.schedule(on: scheduler) { observer.send(event) }
                }
            }
        }
    }
}

extension SignalProducer {
    /// Delays values and completion of each start; see `Signal.delay(_:on:)`.
    @inlinable
    public func delay(_ interval: TimeInterval, on scheduler: DateScheduler) -> SignalProducer<Value, Error> {
        lift { $0.delay(interval, on: scheduler) }
    }
}
