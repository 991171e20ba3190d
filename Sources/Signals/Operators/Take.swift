extension Signal {
    /// Forwards the first `count` values, then completes. `take(first: 0)` completes at once.
    @inlinable
    public func take(first count: Int) -> Signal<Value, Error> {
        precondition(count >= 0, "take(first:) needs a count of at least 0")
        return Signal.relaying { observer, lifetime in
            guard count > 0 else { return observer.sendCompleted() }
            let taken = StateBox(0)
            lifetime += self.observe { event in
                guard case let .value(value) = event else { return observer.send(event) }
                let index: Int = taken.modify { taken in
                    taken += 1
                    return taken
                }
                guard index <= count else { return }
                observer.send(value: value)
                if index == count { observer.sendCompleted() }
            }
        }
    }

    /// Forwards values until `trigger` sends a value or completes, then completes.
    @inlinable
    public func take(until trigger: Signal<(), Never>) -> Signal<Value, Error> {
        Signal { observer, lifetime in
            lifetime += trigger.observe { event in
                switch event {
                case .value, .completed: observer.sendCompleted()
                case .failed, .interrupted: break
                }
            }
            lifetime += self.observe(observer)
        }
    }

    /// Forwards values while `predicate` holds; completes at the first value for which it fails
    /// (that value is not forwarded).
    @inlinable
    public func take(while predicate: @escaping (Value) -> Bool) -> Signal<Value, Error> {
        Signal.relaying { observer, lifetime in
            lifetime += self.observe { event in
                if case let .value(value) = event, !predicate(value) {
                    observer.sendCompleted()
                } else {
                    observer.send(event)
                }
            }
        }
    }
}

extension SignalProducer {
    /// Forwards the first `count` values, then completes (and interrupts the work).
    @inlinable
    public func take(first count: Int) -> SignalProducer<Value, Error> {
        lift { $0.take(first: count) }
    }

    /// Forwards values until `trigger` sends a value or completes.
    @inlinable
    public func take(until trigger: Signal<(), Never>) -> SignalProducer<Value, Error> {
        lift { $0.take(until: trigger) }
    }

    /// Forwards values until `trigger` sends a value or completes; `trigger` starts first.
    @inlinable
    public func take(until trigger: SignalProducer<(), Never>) -> SignalProducer<Value, Error> {
        lift(with: trigger) { signal, trigger in signal.take(until: trigger) }
    }

    /// Forwards values while `predicate` holds.
    @inlinable
    public func take(while predicate: @escaping (Value) -> Bool) -> SignalProducer<Value, Error> {
        lift { $0.take(while: predicate) }
    }
}
