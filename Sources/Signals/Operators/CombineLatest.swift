extension Signal {
    /// Combines the latest values of every signal of a sequence into an array, in the order of
    /// the sequence. An empty sequence completes at once.
    @inlinable
    public static func combineLatest<S: Sequence>(_ signals: S) -> Signal<[Value], Error>
    where S.Element == Signal<Value, Error> {
        let sources = Array(signals)
        return Signal<[Value], Error>.relaying { observer, lifetime in
            guard !sources.isEmpty else { return observer.sendCompleted() }
            let state = CombineState(sources: sources.count)
            let slots = sources.map { _ in Slot<Value>() }
            for (signal, slot) in Swift.zip(sources, slots) {
                lifetime += signal.observe { event in
                    state.receive(event, into: slot, combining: { slots.map(\.unwrapped) }, on: observer)
                }
            }
        }
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

/// Bookkeeping shared by the sources of one combining subscription (`combineLatest`, `zip`).
@usableFromInline
final class CombineState: @unchecked Sendable {
    /// Guards every `var` here and the slots of the same subscription.
    @usableFromInline
    let lock = Lock()
    @usableFromInline
    let sources: Int
    @usableFromInline
    @exclusivity(unchecked) var withValue = 0
    @usableFromInline
    @exclusivity(unchecked) var completed = 0
    @usableFromInline
    @exclusivity(unchecked) var isTerminated = false

    @inlinable
    init(sources: Int) {
        self.sources = sources
    }

    /// One source's event: stores a value and, once every source has one, sends the
    /// combination; ends the combination per `end`. Decided and queued under the lock,
    /// delivered after it, so sources on different threads never overtake each other.
    @inlinable
    func receive<T, Output, Failure>(
        _ event: Signal<T, Failure>.Event,
        into slot: Slot<T>,
        combining latest: () -> Output,
        on observer: Signal<Output, Failure>.Relay
    ) {
        let handoff: Signal<Output, Failure>.Handoff? = lock.withLock {
            switch event {
            case let .value(value):
                guard !isTerminated else { return nil }
                if !slot.hasValue { withValue += 1 }
                slot.store(value)
                guard withValue == sources else { return nil }
                return observer.admitForLater(.value(latest()))
            case let .failed(error): return end(.failed(error), on: observer)
            case .completed: return end(.completed, on: observer)
            case .interrupted: return end(.interrupted, on: observer)
            }
        }
        handoff?.deliver()
    }

    /// With `lock` held: applies a source's terminating event (the first failure or
    /// interruption ends the combination; completion does once every source has completed)
    /// and admits what the combination sends. Returns `Relay.admitForLater`'s answer.
    @inlinable
    func end<Output, Failure>(
        _ event: Signal<Output, Failure>.Event,
        on observer: Signal<Output, Failure>.Relay
    ) -> Signal<Output, Failure>.Handoff? {
        guard !isTerminated else { return nil }
        if case .completed = event {
            completed += 1
            guard completed == sources else { return nil }
        }
        isTerminated = true
        return observer.admitForLater(event)
    }
}

/// The latest value of one source; guarded by its `CombineState`'s lock.
@usableFromInline
final class Slot<T>: @unchecked Sendable {
    @inlinable
    init() {}

    @usableFromInline
    @exclusivity(unchecked) var hasValue = false
    @usableFromInline
    @exclusivity(unchecked) var value: T?

    @inlinable
    func store(_ newValue: T) {
        value = newValue
        hasValue = true
    }

    /// Only read once every slot has a value.
    @inlinable
    var unwrapped: T {
        guard let value else { preconditionFailure("combine slot read before it received a value") }
        return value
    }
}

/// The engine of the fixed-arity `combineLatest` cores (`CombiningLatest2` to
/// `CombiningLatest10`, generated): a signal core that its sources' inlets send to, which
/// counts the sources that have a value and those that have completed. The generated
/// subclass stores each source's latest value. One object per combination, plus one inlet
/// per source: no separate state box, slots or closure contexts (BENCHMARKS.md, issue 18).
///
/// Its state is guarded by `lock` (the lifetime's, free while the core runs no lifetime
/// work): sources on different threads decide in lock order, and each decision is admitted
/// to the core under the lock and delivered after it (see `Core.admitForLater`), so they are
/// also delivered in that order and no observer runs under the lock.
@usableFromInline
class CombiningLatest<Output, Failure: Swift.Error>: Signal<Output, Failure>.Core, @unchecked Sendable {
    @usableFromInline
    let sources: Int32
    /// Sources that have sent a value; guarded by `lock`.
    @usableFromInline
    @exclusivity(unchecked) final var withValue: Int32 = 0
    /// When the combination ends; guarded by `lock`.
    @usableFromInline
    @exclusivity(unchecked) final var end: SourcesEnd

    @inlinable
    init(sources: Int32) {
        self.sources = sources
        end = SourcesEnd(sources: sources)
        super.init()
    }

    /// One source's event. A value is stored by `storing` (which returns whether the source
    /// had none before) and, once every source has one, `combined` is sent; the first failure
    /// or interruption ends the combination, completion does once every source completed.
    @inline(__always)
    @inlinable
    final func receive<T>(_ event: inout Signal<T, Failure>.Event, storing: (T) -> Bool, combined: () -> Output) {
        let handoff: Signal<Output, Failure>.Handoff? = lock.withLock {
            switch event {
            case let .value(value):
                guard !end.isDecided else { return nil }
                if storing(value) { withValue += 1 }
                guard withValue == sources else { return nil }
                return admitForLater(.value(combined()))
            case let .failed(error):
                return end.decide(completing: false) ? admitForLater(.failed(error)) : nil
            case .completed:
                return end.decide(completing: true) ? admitForLater(.completed) : nil
            case .interrupted:
                return end.decide(completing: false) ? admitForLater(.interrupted) : nil
            }
        }
        handoff?.deliver()
    }

    /// A source's latest value, once the combination knows every source has one.
    @inlinable
    static func unwrapped<T>(_ value: T?) -> T {
        guard let value else { preconditionFailure("combineLatest read a source before it sent a value") }
        return value
    }
}
