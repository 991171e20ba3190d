import FoundationEssentials

extension Signal {
    /// Fails with `error` unless this signal terminates within `interval` seconds of being
    /// observed (of the start, for a producer). Events are forwarded as they come; the timeout
    /// is scheduled on `scheduler` and cancelled when the result terminates.
    @inlinable
    public func timeout(
        after interval: TimeInterval,
        raising error: Error,
        on scheduler: DateScheduler
    ) -> Signal<Value, Error> {
        precondition(interval >= 0, "timeout needs an interval of at least 0 seconds")
        return Signal { observer, lifetime in
            let date = scheduler.currentDate.addingTimeInterval(interval)
            lifetime += scheduler.schedule(after: date) { observer.send(error: error) }
            lifetime += self.observe(observer)
        }
    }
}

extension Signal where Error == Never {
    /// Fails with `error`, of any error type, unless this signal (which cannot fail by itself)
    /// terminates within `interval` seconds of being observed.
    @inlinable
    public func timeout<F>(
        after interval: TimeInterval,
        raising error: F,
        on scheduler: DateScheduler
    ) -> Signal<Value, F> {
        precondition(interval >= 0, "timeout needs an interval of at least 0 seconds")
        return Signal<Value, F> { observer, lifetime in
            let date = scheduler.currentDate.addingTimeInterval(interval)
            lifetime += scheduler.schedule(after: date) { observer.send(error: error) }
            lifetime += self.observe { event in
                switch event {
                case let .value(value): observer.send(value: value)
                case .completed: observer.sendCompleted()
                case .interrupted: observer.sendInterrupted()
                }
            }
        }
    }
}

extension SignalProducer {
    /// Fails with `error` unless the start terminates within `interval` seconds; see
    /// `Signal.timeout(after:raising:on:)`.
    @inlinable
    public func timeout(
        after interval: TimeInterval,
        raising error: Error,
        on scheduler: DateScheduler
    ) -> SignalProducer<Value, Error> {
        lift { $0.timeout(after: interval, raising: error, on: scheduler) }
    }
}

extension SignalProducer where Error == Never {
    /// Fails with `error`, of any error type, unless the start terminates within `interval`
    /// seconds.
    @inlinable
    public func timeout<F>(
        after interval: TimeInterval,
        raising error: F,
        on scheduler: DateScheduler
    ) -> SignalProducer<Value, F> {
        lift { $0.timeout(after: interval, raising: error, on: scheduler) }
    }
}
