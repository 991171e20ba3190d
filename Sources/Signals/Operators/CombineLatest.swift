extension Signal {
    /// Combines the latest values of every signal of a sequence into an array, in the order of
    /// the sequence. An empty sequence completes at once.
    @inlinable
    public static func combineLatest<S: Sequence>(_ signals: S) -> Signal<[Value], Error>
    where S.Element == Signal<Value, Error> {
        let sources = Array(signals)
        guard !sources.isEmpty else {
            return Signal<[Value], Error>.relaying { observer, _ in observer.sendCompleted() }
        }
        let node = CombiningLatestArray<Value, Error>(sources: sources.count)
        // In order: the first source is observed by the core itself, the others by inlets.
        sources[0].core.attach(operator: node, replayingTermination: false)
        for (index, source) in sources.enumerated().dropFirst() {
            source.attach(Inlet { [node] in node.receive(&Signal.event(at: $0).pointee, at: index) }, keptBy: node)
        }
        return Signal<[Value], Error>(core: node)
    }
}

extension SignalProducer {
    /// Starts every producer of a sequence and combines their latest values into arrays.
    @inlinable
    public static func combineLatest<S: Sequence>(_ producers: S) -> SignalProducer<[Value], Error>
    where S.Element == SignalProducer<Value, Error> {
        let sources = Array(producers)
        return SignalProducer<[Value], Error> { observer, lifetime in
            SignalProducer.startWithSignals(sources, lifetime: lifetime) { signals in
                lifetime += Signal.combineLatest(signals).observeForwarding(observer)
            }
        }
    }
}

/// The termination bookkeeping of a `zip` (see `Zipper`), with the lock that guards it and
/// the zip's queues.
@usableFromInline
final class CombineState: @unchecked Sendable {
    /// Guards `isTerminated` and the zip's state.
    @usableFromInline
    let lock = Lock()
    @usableFromInline
    @exclusivity(unchecked) var isTerminated = false

    @inlinable
    init() {}
}

/// The engine of the `combineLatest` cores (`CombiningLatest2` to `CombiningLatest10`,
/// generated, and `CombiningLatestArray`): a signal core that observes its first source itself
/// (an `Operator` of that source, whose type is `First`) and that the other sources' inlets
/// send to, which counts the sources that have a value and those that have completed. The
/// generated subclass stores each source's latest value. One object per combination, plus one
/// inlet per source after the first: no separate state box, slots or closure contexts.
///
/// Its state is guarded by the core's `mutex`: sources on different threads decide in lock
/// order, and each decision is admitted to the core in the same locked section and delivered
/// after it (see `Core.admitHandingOff`), so they are also delivered in that order and no
/// observer runs under the lock. One locked section per event for deciding and admitting:
/// deciding under the lifetime's `lock` with the admission nested under `mutex` would take
/// one compare-exchange more.
@usableFromInline
class CombiningLatest<First, Output, Failure: Swift.Error>: Signal<First, Failure>.Operator<Output, Failure>, @unchecked Sendable {
    @usableFromInline
    let sources: Int32
    /// Sources that have sent a value; guarded by `mutex`.
    @usableFromInline
    @exclusivity(unchecked) final var withValue: Int32 = 0
    /// When the combination ends; guarded by `mutex`.
    @usableFromInline
    @exclusivity(unchecked) final var end: SourcesEnd

    /// `receiver` hands the first source's events to the subclass (see `Signal.Operator`).
    @inlinable
    init(sources: Int32, receiver: @escaping (SubscriptionBase, UnsafeMutableRawPointer) -> Void) {
        self.sources = sources
        end = SourcesEnd(sources: sources)
        super.init(receiver: receiver)
    }

    /// One source's event. A value is stored by `storing` (which returns whether the source
    /// had none before) and, once every source has one, `combined` is sent; the first failure
    /// or interruption ends the combination, completion does once every source completed.
    @inline(__always)
    @inlinable
    final func receive<T>(_ event: inout Signal<T, Failure>.Event, storing: (T) -> Bool, combined: () -> Output) {
        let decided: Signal<Output, Failure>.Handoff? = mutex.withLock {
            switch event {
            case let .value(value):
                guard !end.isDecided else { return nil }
                if storing(value) { withValue += 1 }
                guard withValue == sources else { return nil }
                return admitHandingOff(.value(combined()))
            case let .failed(error):
                return end.decide(completing: false) ? admitHandingOff(.failed(error)) : nil
            case .completed:
                return end.decide(completing: true) ? admitHandingOff(.completed) : nil
            case .interrupted:
                return end.decide(completing: false) ? admitHandingOff(.interrupted) : nil
            }
        }
        // Unwrapped by moving it out: `decided?.deliver()` would copy the handoff (its event,
        // a tuple of the sources' values) through its generic value witness before delivering,
        // and destroy the copy after.
        guard let handoff = consume decided else { return }
        handoff.deliver()
    }

    /// A source's latest value, once the combination knows every source has one.
    @inlinable
    static func unwrapped<T>(_ value: T?) -> T {
        guard let value else { preconditionFailure("combineLatest read a source before it sent a value") }
        return value
    }
}

/// The core of `combineLatest` of a sequence of signals: the latest value of each source in
/// an array, guarded by `mutex` (see `CombiningLatest`).
@usableFromInline
final class CombiningLatestArray<Value, Failure: Swift.Error>: CombiningLatest<Value, [Value], Failure>, @unchecked Sendable {
    @usableFromInline
    @exclusivity(unchecked) var latestValues: [Value?]

    @inlinable
    init(sources: Int) {
        latestValues = Array(repeating: nil, count: sources)
        super.init(sources: Int32(clamping: sources)) { node, event in
            unsafeDowncast(node, to: CombiningLatestArray.self).receive(&Signal<Value, Failure>.event(at: event).pointee, at: 0)
        }
    }

    @inlinable
    final func receive(_ event: inout Signal<Value, Failure>.Event, at index: Int) {
        receive(&event, storing: { value in
            defer { latestValues[index] = value }
            return latestValues[index] == nil
        }, combined: { latestValues.map(Self.unwrapped) })
    }
}
