extension Signal {
    /// Forwards the values of every signal as they come. Fails or is interrupted as soon as any
    /// source is; completes when all sources have completed.
    @inlinable
    public static func merge<S: Sequence>(_ signals: S) -> Signal<Value, Error> where S.Element == Signal<Value, Error> {
        let sources = Array(signals)
        guard !sources.isEmpty else {
            return Signal.relaying { observer, _ in observer.sendCompleted() }
        }
        let merging = Merging(sources: sources.count)
        // In order: the first source is observed by the merge itself, the others by inlets.
        sources[0].core.attach(operator: merging, replayingTermination: false)
        for source in sources.dropFirst() {
            source.attach(Inlet { [merging] event in merging.forward(&Signal.event(at: event).pointee) }, keptBy: merging)
        }
        return Signal(core: merging)
    }

    /// `merge`: a core that observes the first source itself (as an `Operator`: an inlet
    /// fewer per merge) and that the other sources' inlets send to.
    @usableFromInline
    final class Merging: Operator<Value, Error>, @unchecked Sendable {
        /// When the merge ends; guarded by `lock` (the lifetime's).
        @usableFromInline
        @exclusivity(unchecked) var end: SourcesEnd

        @inlinable
        init(sources: Int) {
            end = SourcesEnd(sources: Int32(clamping: sources))
            super.init { node, event in unsafeDowncast(node, to: Merging.self).forward(&Signal.event(at: event).pointee) }
        }

        /// One source's event: values go through; the first failure or interruption ends the
        /// merge, and completion does once every source has completed.
        @inlinable
        final func forward(_ event: inout Event) {
            switch event {
            case .value:
                send(event)
            case .failed, .interrupted:
                if decide(completing: false) { send(event) }
            case .completed:
                if decide(completing: true) { send(event) }
            }
        }

        /// Whether this terminating event ends the merge (see `SourcesEnd`).
        @inlinable
        final func decide(completing: Bool) -> Bool {
            lock.withLock { end.decide(completing: completing) }
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
