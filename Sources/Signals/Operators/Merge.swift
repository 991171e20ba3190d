extension Signal {
    /// Forwards the values of every signal as they come. Fails or is interrupted as soon as any
    /// source is; completes when all sources have completed.
    @inlinable
    public static func merge<S: Sequence>(_ signals: S) -> Signal<Value, Error> where S.Element == Signal<Value, Error> {
        let sources = Array(signals)
        return Signal.relaying { observer, lifetime in
            guard !sources.isEmpty else { return observer.sendCompleted() }
            let state = CombineState(sources: sources.count)
            for signal in sources {
                lifetime += signal.observe { event in
                    switch event {
                    case .value:
                        observer.send(event)
                    case let .failed(error):
                        if state.terminate() { observer.send(error: error) }
                    case .completed:
                        if state.completeOne() { observer.sendCompleted() }
                    case .interrupted:
                        if state.terminate() { observer.sendInterrupted() }
                    }
                }
            }
        }
    }

    /// Forwards the values of every signal as they come; see `merge(_:)` for a sequence.
    @inlinable
    public static func merge(_ signals: Signal<Value, Error>...) -> Signal<Value, Error> {
        merge(signals)
    }

    /// Forwards this signal's values and `other`'s.
    @inlinable
    public func merge(with other: Signal<Value, Error>) -> Signal<Value, Error> {
        Signal.merge(self, other)
    }
}

extension SignalProducer {
    /// Starts every producer and forwards all their values; see `Signal.merge`.
    @inlinable
    public static func merge<S: Sequence>(_ producers: S) -> SignalProducer<Value, Error>
    where S.Element == SignalProducer<Value, Error> {
        let sources = Array(producers)
        return SignalProducer { observer, lifetime in
            SignalProducer.startWithSignals(sources, lifetime: lifetime) { signals in
                lifetime += Signal.merge(signals).observeForwarding(observer)
            }
        }
    }

    /// Starts every producer and forwards all their values.
    @inlinable
    public static func merge(_ producers: SignalProducer<Value, Error>...) -> SignalProducer<Value, Error> {
        merge(producers)
    }

    /// Forwards this producer's values and `other`'s.
    @inlinable
    public func merge(with other: SignalProducer<Value, Error>) -> SignalProducer<Value, Error> {
        SignalProducer.merge(self, other)
    }
}
