extension Signal {
    /// Forwards a value only when `isEquivalent` says it differs from the last forwarded one.
    @inlinable
    public func skipRepeats(_ isEquivalent: @escaping (Value, Value) -> Bool) -> Signal<Value, Error> {
        Signal { observer, lifetime in
            let state = StateBox<Value?>(nil)
            lifetime += self.observe { event in
                guard case let .value(value) = event else { return observer.send(event) }
                let isRepeat: Bool = state.modify { previous in
                    defer { previous = value }
                    guard let last = previous else { return false }
                    return isEquivalent(last, value)
                }
                if !isRepeat { observer.send(value: value) }
            }
        }
    }

    /// Like `skipRepeats(_:)`, treating `seed` as the value forwarded before the first one.
    @inlinable
    func skipRepeats(_ isEquivalent: @escaping (Value, Value) -> Bool, seed: Value) -> Signal<Value, Error> {
        Signal { observer, lifetime in
            let state = StateBox<Value>(seed)
            lifetime += self.observe { event in
                guard case let .value(value) = event else { return observer.send(event) }
                let isRepeat: Bool = state.modify { previous in
                    defer { previous = value }
                    return isEquivalent(previous, value)
                }
                if !isRepeat { observer.send(value: value) }
            }
        }
    }
}

extension Signal where Value: Equatable {
    /// Forwards a value only when it differs from the last forwarded one.
    @inlinable
    public func skipRepeats() -> Signal<Value, Error> {
        skipRepeats(==)
    }
}

extension SignalProducer {
    /// Forwards a value only when `isEquivalent` says it differs from the last forwarded one.
    @inlinable
    public func skipRepeats(_ isEquivalent: @escaping (Value, Value) -> Bool) -> SignalProducer<Value, Error> {
        lift { $0.skipRepeats(isEquivalent) }
    }
}

extension SignalProducer where Value: Equatable {
    /// Forwards a value only when it differs from the last forwarded one.
    @inlinable
    public func skipRepeats() -> SignalProducer<Value, Error> {
        lift { $0.skipRepeats() }
    }
}
