/// A property whose value can be set, Kickstarter's bridge from input methods into signals.
///
/// Every set sends the value, even when it equals the previous one (no implicit
/// de-duplication; use `skipRepeats()` where that is wanted). Setting the property from inside
/// one of its own observers is allowed: the new value is delivered after the current one, to
/// every observer, in the order the property took its values, and the last value each
/// observer sees equals `value`.
public final class MutableProperty<Value>: MutablePropertyProtocol, @unchecked Sendable {
    /// Holds the current value and the observers; the value is updated under the same lock as
    /// the send is enqueued, which is what makes the ordering guarantees above hold.
    @usableFromInline
    let core: Signal<Value, Never>.Core

    /// Every change; completes when the property is deinitialized.
    ///
    /// A new wrapper of the property's one signal on each access, not a stored one: a
    /// property is one heap block smaller, and the signal ends with the property, not with a
    /// wrapper (see `CoreWrapper`).
    @inlinable
    public var signal: Signal<Value, Never> { Signal(core: core) }

    /// Ends when the property is deinitialized. It is the lifetime of the property's signal,
    /// which completes at that moment, so no object of its own is needed.
    @inlinable
    public var lifetime: Lifetime { core.lifetime }

    /// A property holding `initialValue`.
    @inlinable
    public init(_ initialValue: Value) {
        core = Signal<Value, Never>.PropertyCore(initialValue)
        core.wrapper = .ignored
    }

    deinit {
        // Sent on the core directly: an input `Observer` held only for this would cost every
        // property an object.
        core.send(.completed)
    }

    /// Sets the value from bindings, for as long as the property lives.
    ///
    /// The action captures the property's core, not the property (unlike the protocol's
    /// default, which holds the target weakly): setting the value is sending it on the core,
    /// the core ignores values once the property has ended, and the property's
    /// deinitialization ends the core's lifetime and with it every binding. So a binding
    /// keeps the property no more alive than a weak reference would, without a weak
    /// reference's side table and wrapper object.
    @inlinable
    public var bindingTarget: BindingTarget<Value> {
        BindingTarget(lifetime: core.lifetime) { [core] value in core.send(.value(value)) }
    }

    /// The current value. Setting it sends the new value to observers of `signal` and `producer`.
    @inlinable
    public var value: Value {
        get { core.currentValue }
        set { core.send(.value(newValue)) }
    }

    /// Changes the value in place, atomically with respect to other `modify` calls and sets,
    /// then sends the result. Returns what `action` returns. Do not access this property from
    /// inside `action` (the lock is held and it is not recursive).
    @discardableResult
    @inlinable
    public func modify<Result>(_ action: (inout Value) throws -> Result) rethrows -> Result {
        try core.modify(action)
    }

    /// Sets a new value and returns the old one, atomically.
    @discardableResult
    @inlinable
    public func swap(_ newValue: Value) -> Value {
        modify { value in
            defer { value = newValue }
            return value
        }
    }

    /// The current value, then every change.
    @inlinable
    public var producer: SignalProducer<Value, Never> {
        SignalProducer { [core] observer, lifetime in
            lifetime += core.observe(observer, sendingLatest: true)
        }
    }
}

extension MutableProperty where Value == Void {
    /// A property of `Void`, for inputs that only "ping": `MutableProperty()`.
    @inlinable
    public convenience init() {
        self.init(())
    }
}
