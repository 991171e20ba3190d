// Kickstarter's operators (ios-oss ReactiveExtensions), where `takeWhen` is
// `other.withLatest(from: self).map { $0.1 }`: the trigger drives both the values and the end.

extension Signal {
    /// On every value of `trigger`, sends this signal's latest value. Ticks before this signal's
    /// first value are dropped; the same value is sent again on every tick until a new one
    /// arrives. Unlike `sample(on:)`, the trigger may carry any value.
    ///
    /// Termination follows `trigger`, as in Kickstarter: its completion or interruption ends
    /// the result. This signal completing or being interrupted does not — its last value keeps
    /// being sent on each tick — but its failure fails the result, whose error type it shares.
    @inlinable
    public func takeWhen<U>(_ trigger: Signal<U, Never>) -> Signal<Value, Error> {
        takePairWhen(trigger).map { $0.0 }
    }

    /// On every value of `trigger`, sends this signal's latest value paired with the trigger's;
    /// see `takeWhen(_:)`.
    @inlinable
    public func takePairWhen<U>(_ trigger: Signal<U, Never>) -> Signal<(Value, U), Error> {
        Signal<(Value, U), Error> { observer, lifetime in
            let latest = StateBox<Value?>(nil)
            lifetime += self.observe { event in
                switch event {
                case let .value(value): latest.modify { $0 = value }
                case let .failed(error): observer.send(error: error)
                case .completed, .interrupted: break
                }
            }
            lifetime += trigger.observe { event in
                switch event {
                case let .value(tick):
                    if let value = latest.value { observer.send(value: (value, tick)) }
                case .completed: observer.sendCompleted()
                case .interrupted: observer.sendInterrupted()
                }
            }
        }
    }
}

extension SignalProducer {
    /// On every value of `trigger`, sends this producer's latest value; see `Signal.takeWhen(_:)`.
    @inlinable
    public func takeWhen<U>(_ trigger: Signal<U, Never>) -> SignalProducer<Value, Error> {
        lift { $0.takeWhen(trigger) }
    }

    /// On every value of `trigger`, sends this producer's latest value with the trigger's.
    @inlinable
    public func takePairWhen<U>(_ trigger: Signal<U, Never>) -> SignalProducer<(Value, U), Error> {
        lift { $0.takePairWhen(trigger) }
    }
}
