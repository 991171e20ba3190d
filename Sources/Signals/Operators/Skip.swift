extension Signal {
    /// Drops the first `count` values.
    @inlinable
    public func skip(first count: Int) -> Signal<Value, Error> {
        precondition(count >= 0, "skip(first:) needs a count of at least 0")
        guard count > 0 else { return self }
        return attaching(SkippingFirst(count))
    }

    /// `skip(first:)` with a count of at least 1.
    @usableFromInline
    final class SkippingFirst: Operator<Value, Error>, @unchecked Sendable {
        @usableFromInline
        let count: Int
        /// Values dropped so far; touched only by `forward`, which the source calls one event at a time.
        @usableFromInline
        var skipped = 0

        @inlinable
        init(_ count: Int) {
            self.count = count
            super.init { node, event in unsafeDowncast(node, to: SkippingFirst.self).forward(&Signal.event(at: event).pointee) }
        }

        @inlinable
        final func forward(_ event: inout Signal<Value, Error>.Event) {
            if case .value = event, skipped < count {
                skipped += 1
                return
            }
            feed(event)
        }
    }

    /// Drops values until `trigger` sends a value; completion of `trigger` changes nothing.
    @inlinable
    public func skip(until trigger: Signal<(), Never>) -> Signal<Value, Error> {
        Signal { observer, lifetime in
            let open = StateBox(false)
            let triggerDisposable = SerialDisposable()
            lifetime += triggerDisposable
            triggerDisposable.inner = trigger.observe { event in
                if case .value = event {
                    open.modify { $0 = true }
                    triggerDisposable.dispose()
                }
            }
            lifetime += self.observe { event in
                if case .value = event, !open.value { return }
                observer.send(event)
            }
        }
    }

    /// Drops values while `predicate` holds; forwards everything from the first value for
    /// which it fails.
    @inlinable
    public func skip(while predicate: @escaping (Value) -> Bool) -> Signal<Value, Error> {
        Signal.relaying { observer, lifetime in
            let skipping = StateBox(true)
            lifetime += self.observe { event in
                if case let .value(value) = event, skipping.value {
                    if predicate(value) { return }
                    skipping.modify { $0 = false }
                }
                observer.send(event)
            }
        }
    }
}

extension SignalProducer {
    /// Drops the first `count` values.
    @inlinable
    public func skip(first count: Int) -> SignalProducer<Value, Error> {
        lift { $0.skip(first: count) }
    }

    /// Drops values until `trigger` sends a value.
    @inlinable
    public func skip(until trigger: Signal<(), Never>) -> SignalProducer<Value, Error> {
        lift { $0.skip(until: trigger) }
    }

    /// Drops values while `predicate` holds.
    @inlinable
    public func skip(while predicate: @escaping (Value) -> Bool) -> SignalProducer<Value, Error> {
        lift { $0.skip(while: predicate) }
    }
}
