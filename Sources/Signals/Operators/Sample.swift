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
        Signal<U, Error>.relaying { observer, lifetime in
            let latest = StateBox<Value?>(nil)
            let completions = CombineState(sources: 2)
            lifetime += self.observe { event in
                switch event {
                case let .value(value): latest.modify { $0 = value }
                case let .failed(error): if completions.terminate() { observer.send(error: error) }
                case .interrupted: if completions.terminate() { observer.sendInterrupted() }
                case .completed: if completions.completeOne() { observer.sendCompleted() }
                }
            }
            lifetime += sampler.observe { event in
                switch event {
                case let .value(tick):
                    if let value = latest.value { observer.send(value: combine(value, tick)) }
                case .completed: if completions.completeOne() { observer.sendCompleted() }
                case .interrupted: if completions.terminate() { observer.sendInterrupted() }
                }
            }
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
