extension Signal {
    /// Forwards every event (values and termination) through `scheduler.schedule`, in order.
    ///
    /// The scheduler should be serial (every scheduler in this module is), or order is lost.
    /// Events still waiting on the scheduler are dropped when the result is disposed.
    @inlinable
    public func observe(on scheduler: Scheduler) -> Signal<Value, Error> {
        Signal { observer, lifetime in
            let pending = PendingActions()
            lifetime += pending
            lifetime += self.observe { event in
                pending.schedule(on: scheduler) { observer.send(event) }
            }
        }
    }
}

extension SignalProducer {
    /// Forwards every event of each start through `scheduler`; see `Signal.observe(on:)`.
    @inlinable
    public func observe(on scheduler: Scheduler) -> SignalProducer<Value, Error> {
        lift { $0.observe(on: scheduler) }
    }

    /// Runs the start handler (the work itself) on `scheduler` instead of the thread that calls
    /// `start`. Events are sent wherever the work sends them; add `observe(on:)` to move them.
    /// Disposing before the scheduler gets to it cancels the start.
    @inlinable
    public func start(on scheduler: Scheduler) -> SignalProducer<Value, Error> {
        SignalProducer { observer, lifetime in
            lifetime += scheduler.schedule {
                self.startWithSignal { signal, interrupter in
                    lifetime += interrupter
                    lifetime += signal.observe(observer)
                }
            }
        }
    }
}
