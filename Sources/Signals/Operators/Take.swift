extension Signal {
    /// Forwards the first `count` values, then completes. `take(first: 0)` completes at once.
    @inlinable
    public func take(first count: Int) -> Signal<Value, Error> {
        precondition(count >= 0, "take(first:) needs a count of at least 0")
        guard count > 0 else {
            return Signal.relaying { observer, _ in observer.sendCompleted() }
        }
        return attaching(TakingFirst(count))
    }

    /// `take(first:)` with a count of at least 1.
    @usableFromInline
    final class TakingFirst: Operator<Value, Error>, @unchecked Sendable {
        @usableFromInline
        let count: Int
        /// Values received so far; touched only by `forward`, which the source calls one event at a time.
        @usableFromInline
        var taken = 0

        @inlinable
        init(_ count: Int) {
            self.count = count
            super.init { node, event in unsafeDowncast(node, to: TakingFirst.self).forward(&Signal.event(at: event).pointee) }
        }

        @inlinable
        final func forward(_ event: inout Signal<Value, Error>.Event) {
            guard case let .value(value) = event else { return feed(event) }
            guard taken < count else { return }
            taken += 1
            feed(.value(value))
            if taken == count { feed(.completed) }
        }
    }

    /// Forwards values until `trigger` sends a value or completes, then completes.
    @inlinable
    public func take(until trigger: Signal<(), Never>) -> Signal<Value, Error> {
        // An operator that forwards this signal's events as they are, and an inlet from the
        // trigger that ends it: nothing else to store. The trigger is observed first: when
        // both hang off one upstream signal, its observers run in subscription order, so a
        // value that triggers the end is not forwarded.
        let node = Operator<Value, Error> { node, event in
            unsafeDowncast(node, to: Operator<Value, Error>.self).send(inPlace: &Signal.event(at: event).pointee)
        }
        trigger.attach(Inlet { [node] event in
            switch Signal<(), Never>.event(at: event).pointee {
            case .value, .completed: node.send(.completed)
            case .failed, .interrupted: break
            }
        }, keptBy: node)
        return attaching(node)
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
