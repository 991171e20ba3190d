extension Signal {
    /// Runs side effects for the events of this signal, then forwards each event unchanged.
    ///
    /// For every event, in this order (ReactiveSwift's): `event`, then the closure for its
    /// kind (`value`, `failed`, `completed` or `interrupted`), then `terminated` if the event
    /// is terminating; only then is the event forwarded. `disposed` runs when the result's
    /// lifetime ends: after a terminating event has been delivered, or when the result is
    /// interrupted because nobody observes it any more.
    @inlinable
    public func on(
        event: ((Event) -> Void)? = nil,
        failed: ((Error) -> Void)? = nil,
        completed: (() -> Void)? = nil,
        interrupted: (() -> Void)? = nil,
        terminated: (() -> Void)? = nil,
        disposed: (() -> Void)? = nil,
        value: ((Value) -> Void)? = nil
    ) -> Signal<Value, Error> {
        Signal { observer, lifetime in
            if let disposed { lifetime.observeEnded(disposed) }
            lifetime += self.observe { received in
                event?(received)
                switch received {
                case let .value(payload): value?(payload)
                case let .failed(error): failed?(error)
                case .completed: completed?()
                case .interrupted: interrupted?()
                }
                if received.isTerminating { terminated?() }
                observer.send(received)
            }
        }
    }
}

extension SignalProducer {
    /// Runs side effects for the events of every start; see `Signal.on(...)` for the order.
    ///
    /// `starting` runs before the work starts and `started` after the start call has returned:
    /// for work that sends synchronously, that is after its events (ReactiveSwift's behaviour).
    @inlinable
    public func on(
        starting: (() -> Void)? = nil,
        started: (() -> Void)? = nil,
        event: ((Signal<Value, Error>.Event) -> Void)? = nil,
        failed: ((Error) -> Void)? = nil,
        completed: (() -> Void)? = nil,
        interrupted: (() -> Void)? = nil,
        terminated: (() -> Void)? = nil,
        disposed: (() -> Void)? = nil,
        value: ((Value) -> Void)? = nil
    ) -> SignalProducer<Value, Error> {
        SignalProducer { observer, lifetime in
            starting?()
            defer { started?() }
            self.startWithSignal { signal, interrupter in
                lifetime += interrupter
                lifetime += signal.on(
                    event: event,
                    failed: failed,
                    completed: completed,
                    interrupted: interrupted,
                    terminated: terminated,
                    disposed: disposed,
                    value: value
                ).observeForwarding(observer)
            }
        }
    }
}
