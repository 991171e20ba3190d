extension Signal {
    /// Combines the latest values of every signal: sends a tuple whenever any of them sends,
    /// once each has sent at least one value (nothing is sent before that).
    ///
    /// Fails or is interrupted as soon as any source is; completes when all sources complete.
    /// Works for any number of sources (ReactiveSwift stops at ten).
    public static func combineLatest<each S>(
        _ first: Signal<Value, Error>,
        _ rest: repeat Signal<each S, Error>
    ) -> Signal<(Value, repeat each S), Error> {
        Signal<(Value, repeat each S), Error> { observer, lifetime in
            var count = 1
            for _ in repeat each rest { count += 1 }
            let state = CombineState(sources: count)
            let firstSlot = Slot<Value>()
            let slots = (repeat Slot<each S>())
            let latest: () -> (Value, repeat each S) = { (firstSlot.unwrapped, repeat (each slots).unwrapped) }

            func attach<T>(_ signal: Signal<T, Error>, _ slot: Slot<T>) {
                lifetime += signal.observe { event in
                    state.receive(event, into: slot, combining: latest, on: observer)
                }
            }
            attach(first, firstSlot)
            repeat attach(each rest, each slots)
        }
    }

    /// Combines the latest values of every signal of a sequence into an array, in the order of
    /// the sequence. An empty sequence completes at once.
    public static func combineLatest<S: Sequence>(_ signals: S) -> Signal<[Value], Error>
    where S.Element == Signal<Value, Error> {
        let sources = Array(signals)
        return Signal<[Value], Error> { observer, lifetime in
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

    /// Combines this signal's latest value with `other`'s.
    public func combineLatest<U>(with other: Signal<U, Error>) -> Signal<(Value, U), Error> {
        Signal.combineLatest(self, other)
    }
}

extension SignalProducer {
    /// Starts every producer and combines their latest values; see `Signal.combineLatest`.
    /// All producers are wired together before any of them starts, so synchronous first
    /// values are combined too.
    public static func combineLatest<each S>(
        _ first: SignalProducer<Value, Error>,
        _ rest: repeat SignalProducer<each S, Error>
    ) -> SignalProducer<(Value, repeat each S), Error> {
        SignalProducer<(Value, repeat each S), Error> { observer, lifetime in
            let head = first.prepare()
            let prepared = (repeat (each rest).prepare())
            func attach(_ interrupter: Disposable) { lifetime += interrupter }
            attach(head.interrupter)
            repeat attach((each prepared).interrupter)
            lifetime += Signal.combineLatest(head.signal, repeat (each prepared).signal).observeForwarding(observer)
            head.start()
            repeat (each prepared).start()
        }
    }

    /// Starts every producer of a sequence and combines their latest values into arrays.
    public static func combineLatest<S: Sequence>(_ producers: S) -> SignalProducer<[Value], Error>
    where S.Element == SignalProducer<Value, Error> {
        let sources = Array(producers)
        return SignalProducer<[Value], Error> { observer, lifetime in
            SignalProducer.startWithSignals(sources, lifetime: lifetime) { signals in
                lifetime += Signal.combineLatest(signals).observeForwarding(observer)
            }
        }
    }

    /// Combines this producer's latest value with `other`'s.
    public func combineLatest<U>(with other: SignalProducer<U, Error>) -> SignalProducer<(Value, U), Error> {
        SignalProducer.combineLatest(self, other)
    }
}

/// Bookkeeping shared by the sources of one combining subscription (`combineLatest`, `zip`).
final class CombineState: @unchecked Sendable {
    /// Guards every `var` here and the slots of the same subscription.
    let lock = Lock()
    let sources: Int
    var withValue = 0
    var completed = 0
    var isTerminated = false

    init(sources: Int) {
        self.sources = sources
    }

    /// Marks the subscription terminated; true for the first caller only.
    func terminate() -> Bool {
        lock.withLock {
            defer { isTerminated = true }
            return !isTerminated
        }
    }

    /// One source's event: stores a value and, once every source has one, sends the
    /// combination; ends the combination per `end`. Decided and queued under the lock,
    /// delivered after it, so sources on different threads never overtake each other.
    func receive<T, Output, Failure>(
        _ event: Signal<T, Failure>.Event,
        into slot: Slot<T>,
        combining latest: () -> Output,
        on observer: Signal<Output, Failure>.Observer
    ) {
        let mustDeliver: Bool = lock.withLock {
            switch event {
            case let .value(value):
                guard !isTerminated else { return false }
                if !slot.hasValue { withValue += 1 }
                slot.store(value)
                guard withValue == sources else { return false }
                return observer.enqueue(.value(latest()))
            case let .failed(error): return end(.failed(error), on: observer)
            case .completed: return end(.completed, on: observer)
            case .interrupted: return end(.interrupted, on: observer)
            }
        }
        if mustDeliver { observer.deliverQueued() }
    }

    /// With `lock` held: applies a source's terminating event (the first failure or
    /// interruption ends the combination; completion does once every source has completed)
    /// and queues what the combination sends. Returns `Observer.enqueue`'s answer.
    func end<Output, Failure>(_ event: Signal<Output, Failure>.Event, on observer: Signal<Output, Failure>.Observer) -> Bool {
        guard !isTerminated else { return false }
        if case .completed = event {
            completed += 1
            guard completed == sources else { return false }
        }
        isTerminated = true
        return observer.enqueue(event)
    }

    /// Counts one completed source; true when that was the last one.
    func completeOne() -> Bool {
        lock.withLock {
            guard !isTerminated else { return false }
            completed += 1
            if completed == sources {
                isTerminated = true
                return true
            }
            return false
        }
    }
}

/// The latest value of one source; guarded by its `CombineState`'s lock.
final class Slot<T>: @unchecked Sendable {
    private(set) var hasValue = false
    private var value: T?

    func store(_ newValue: T) {
        value = newValue
        hasValue = true
    }

    /// Only read once every slot has a value.
    var unwrapped: T {
        guard let value else { preconditionFailure("combine slot read before it received a value") }
        return value
    }
}
