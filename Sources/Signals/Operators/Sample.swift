extension Signal {
    /// On every value of `sampler`, forwards this signal's latest value together with the
    /// sampler's. Ticks before this signal's first value are dropped; the same latest value is
    /// re-sent on every tick, even after this signal completed. As in ReactiveSwift, completes
    /// when both have completed; fails or is interrupted when either does.
    @inlinable
    public func sample<T>(with sampler: Signal<T, Never>) -> Signal<(Value, T), Error> {
        sampled(by: sampler) { ($0, $1) }
    }

    /// On every tick of `sampler`, forwards this signal's latest value; see `sample(with:)`.
    @inlinable
    public func sample(on sampler: Signal<(), Never>) -> Signal<Value, Error> {
        // One operator rather than `sample(with:)` and a `map`: four heap blocks fewer.
        sampled(by: sampler) { value, _ in value }
    }

    /// `sample(with:)` and `sample(on:)`: what is sent on a tick is `combine(latest, tick)`.
    @inlinable
    func sampled<T, U>(by sampler: Signal<T, Never>, _ combine: @escaping (Value, T) -> U) -> Signal<U, Error> {
        let node = Sampling<T, U>(combine)
        core.attach(operator: node, replayingTermination: false)
        sampler.attach(Inlet { [node] in node.receiveTick(&Signal<T, Never>.event(at: $0).pointee) }, keptBy: node)
        return Signal<U, Error>(core: node)
    }

    /// The core of `sampled(by:_:)`: it observes this signal itself (as an `Operator`, an
    /// inlet fewer), and the sampler's inlet sends to it. Its state is guarded by `lock`
    /// (the lifetime's).
    @usableFromInline
    final class Sampling<T, U>: Operator<U, Error>, @unchecked Sendable {
        @usableFromInline
        let combine: (Value, T) -> U
        /// This signal's latest value.
        @usableFromInline
        @exclusivity(unchecked) var lastValue: Value?
        /// When the sampling ends (this signal and the sampler are its sources).
        @usableFromInline
        @exclusivity(unchecked) var end = SourcesEnd(sources: 2)

        @inlinable
        init(_ combine: @escaping (Value, T) -> U) {
            self.combine = combine
            super.init { node, event in unsafeDowncast(node, to: Sampling.self).receiveValue(&Signal.event(at: event).pointee) }
        }

        @inlinable
        final func receiveValue(_ event: inout Signal<Value, Error>.Event) {
            switch event {
            case let .value(value): lock.withLock { lastValue = value }
            case let .failed(error): if decide(completing: false) { send(.failed(error)) }
            case .interrupted: if decide(completing: false) { send(.interrupted) }
            case .completed: if decide(completing: true) { send(.completed) }
            }
        }

        @inlinable
        final func receiveTick(_ event: inout Signal<T, Never>.Event) {
            switch event {
            case let .value(tick):
                if let value = lock.withLock({ lastValue }) { send(.value(combine(value, tick))) }
            case .interrupted: if decide(completing: false) { send(.interrupted) }
            case .completed: if decide(completing: true) { send(.completed) }
            }
        }

        /// Whether this terminating event ends the sampling (see `SourcesEnd`).
        @inlinable
        final func decide(completing: Bool) -> Bool {
            lock.withLock { end.decide(completing: completing) }
        }
    }
}

extension SignalProducer {
    /// On every tick of `sampler`, forwards this producer's latest value.
    @inlinable
    public func sample(on sampler: Signal<(), Never>) -> SignalProducer<Value, Error> {
        lift { $0.sample(on: sampler) }
    }

    /// On every value of `sampler`, forwards this producer's latest value with the sampler's.
    @inlinable
    public func sample<T>(with sampler: Signal<T, Never>) -> SignalProducer<(Value, T), Error> {
        lift { $0.sample(with: sampler) }
    }
}
