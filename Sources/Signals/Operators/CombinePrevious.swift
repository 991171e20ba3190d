extension Signal {
    /// Sends each value paired with the one before it, as `(previous, current)`. The first
    /// value only seeds the pairing and is not sent on its own.
    @inlinable
    public func combinePrevious() -> Signal<(Value, Value), Error> {
        combinePrevious(seed: nil)
    }

    /// Sends each value paired with the one before it; the first value is paired with
    /// `initial`.
    @inlinable
    public func combinePrevious(_ initial: Value) -> Signal<(Value, Value), Error> {
        combinePrevious(seed: initial)
    }

    @inlinable
    func combinePrevious(seed: Value?) -> Signal<(Value, Value), Error> {
        Signal<(Value, Value), Error> { observer, lifetime in
            let previous = StateBox<Value?>(seed)
            lifetime += self.observe { event in
                switch event {
                case let .value(value):
                    let last: Value? = previous.modify { previous in
                        defer { previous = value }
                        return previous
                    }
                    if let last { observer.send(value: (last, value)) }
                case let .failed(error): observer.send(error: error)
                case .completed: observer.sendCompleted()
                case .interrupted: observer.sendInterrupted()
                }
            }
        }
    }
}

extension SignalProducer {
    /// Sends each value paired with the one before it; see `Signal.combinePrevious()`.
    @inlinable
    public func combinePrevious() -> SignalProducer<(Value, Value), Error> {
        lift { $0.combinePrevious() }
    }

    /// Sends each value paired with the one before it, the first with `initial`.
    @inlinable
    public func combinePrevious(_ initial: Value) -> SignalProducer<(Value, Value), Error> {
        lift { $0.combinePrevious(initial) }
    }
}
