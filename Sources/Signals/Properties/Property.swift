/// A read-only property: a current value and its changes.
///
/// Created from a mutable property (a read-only view), from a constant, or from an initial
/// value and a signal or producer of later values. Derived properties (`map`,
/// `combineLatest`, `skipRepeats`) keep their sources alive.
public final class Property<Value>: PropertyProtocol, @unchecked Sendable {
    /// Latest value plus observers, as for `MutableProperty`.
    @usableFromInline
    let core: Signal<Value, Never>.Core
    /// Keeps whatever this property was derived from alive. One source is held without an
    /// array: `map`, the common case, would otherwise allocate one per derived property.
    @usableFromInline
    let sources: Sources
    /// The subscription that feeds the core; disposed on deinit.
    @usableFromInline
    let feed: Disposable?

    /// Every change; completes when the property is deinitialized or its source completes.
    public let signal: Signal<Value, Never>

    /// A property that always has `value`.
    @inlinable
    public init(value: Value) {
        core = Signal<Value, Never>.PropertyCore(value)
        signal = Signal(core: core)
        sources = .none
        feed = nil
        core.send(.completed)
    }

    /// A read-only view of `property`, keeping it alive.
    @inlinable
    public convenience init<P: PropertyProtocol>(capturing property: P) where P.Value == Value {
        self.init(producer: property.producer, currentValue: { property.value }, retaining: [property])
    }

    /// A read-only view of `property`, keeping it alive.
    @inlinable
    public convenience init<P: PropertyProtocol>(_ property: P) where P.Value == Value {
        self.init(capturing: property)
    }

    /// A property that starts with `initial` and then takes every value of `values`.
    @inlinable
    public convenience init(initial: Value, then values: Signal<Value, Never>) {
        self.init(initial: initial, then: SignalProducer(values))
    }

    /// A property that starts with `initial` and then takes every value `values` sends when
    /// started (synchronous values included).
    @inlinable
    public convenience init(initial: Value, then values: SignalProducer<Value, Never>) {
        self.init(producer: SignalProducer { observer, lifetime in
            observer.send(value: initial)
            lifetime += values.start(observer)
        }, currentValue: { initial }, retaining: [])
    }

    /// A property fed by `producer`, a producer of its sources' current values and then their
    /// changes (every producer this module passes here sends the current value first).
    ///
    /// The initial value is normally the last value `producer` sends synchronously when
    /// started. It sends none when a source is delivering at that moment, because this
    /// property is being derived from inside one of the source's observers: the source then
    /// queues its current value behind the delivery under way. In that case `currentValue`
    /// computes the initial value from the sources directly, and the queued replay, which
    /// would only repeat it, is skipped.
    @inlinable
    init(producer: SignalProducer<Value, Never>, currentValue: () -> Value, retaining sources: [AnyObject]) {
        let relay = Relay()
        feed = producer.start { event in relay.receive(event) }
        let initial: Value
        if let synchronous = relay.takeInitial() {
            initial = synchronous
        } else {
            relay.skipNextValue()
            initial = currentValue()
        }
        core = Signal<Value, Never>.PropertyCore(initial)
        signal = Signal(core: core)
        self.sources = sources.count == 1 ? .one(sources[0]) : .many(sources)
        relay.attach(core)
    }

    /// A property whose value is `transform` of `source`'s, built straight on the source's
    /// core: one subscription and one closure, where the producer path (`map` on the source's
    /// producer, a relay, a second core behind `lift`) makes many more allocations.
    ///
    /// The source's value is read with its version and the subscription replays the value only
    /// if it changed in between, so no change is missed and `transform` runs once per value.
    @inlinable
    init<Source>(mapping source: Signal<Source, Never>.Core, owner: AnyObject, _ transform: @escaping (Source) -> Value) {
        let (current, version) = source.currentValueAndVersion
        let core = Signal<Value, Never>.PropertyCore(transform(current))
        self.core = core
        signal = Signal(core: core)
        sources = .one(owner)
        feed = source.observe(action: { event in core.send(event.map(transform)) }, sendingLatestIfChangedSince: version)
    }

    /// What a property keeps alive.
    @usableFromInline
    enum Sources {
        case none
        case one(AnyObject)
        case many([AnyObject])
    }

    deinit {
        // Complete first: disposing the feed interrupts it, and that interruption would
        // otherwise reach our own observers before the completion a property owes them. Sent
        // on the core directly: an input `Observer` held for this would cost an object.
        core.send(.completed)
        feed?.dispose()
    }

    /// The current value.
    @inlinable
    public var value: Value { core.currentValue }

    /// The current value, then every change; completes when the property is deinitialized.
    ///
    /// The producer holds the property's core, not the property: a started producer must not
    /// keep its property alive, or a producer nobody disposes would form a cycle through the
    /// property's own observers and leak the whole chain (a fuzzer found exactly that). Keep
    /// a derived property in a stored property for as long as you use it, as view models do.
    @inlinable
    public var producer: SignalProducer<Value, Never> {
        SignalProducer { [core] observer, lifetime in
            lifetime += core.observe(observer, sendingLatest: true)
        }
    }

    /// Holds the events a feeding producer sends before the core exists, then forwards.
    @usableFromInline
    final class Relay: @unchecked Sendable {
        @inlinable
        init() {}

        /// Guards every field.
        @usableFromInline
        let lock = Lock()
        @usableFromInline
        var pending: Signal<Value, Never>.Event?
        @usableFromInline
        var core: Signal<Value, Never>.Core?
        @usableFromInline
        var latestSynchronousValue: Value?
        /// Set when the initial value was computed instead of replayed: the replay, when it
        /// arrives, is dropped.
        @usableFromInline
        var skipsNextValue = false

        @inlinable
        func receive(_ event: Signal<Value, Never>.Event) {
            let target: Signal<Value, Never>.Core? = lock.withLock {
                if core == nil {
                    if case let .value(value) = event { latestSynchronousValue = value } else { pending = event }
                    return nil
                }
                if skipsNextValue, case .value = event {
                    skipsNextValue = false
                    return nil
                }
                return core
            }
            target?.send(event)
        }

        @inlinable
        func takeInitial() -> Value? {
            lock.withLock { latestSynchronousValue }
        }

        @inlinable
        func skipNextValue() {
            lock.withLock { skipsNextValue = true }
        }

        @inlinable
        func attach(_ core: Signal<Value, Never>.Core) {
            let early: Signal<Value, Never>.Event? = lock.withLock {
                self.core = core
                return pending
            }
            // The source ended synchronously: the property keeps its value and completes.
            if let early { core.send(early) }
        }
    }
}
