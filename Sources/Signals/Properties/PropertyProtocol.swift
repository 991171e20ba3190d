/// A current value that changes over time and can be observed.
///
/// `signal` sends changes only; `producer` sends the current value first (synchronously, on
/// start), then every change.
public protocol PropertyProtocol: AnyObject, BindingSource {
    /// The current value.
    var value: Value { get }
    /// Every change of the value, from now on; completes when the property is deinitialized.
    var signal: Signal<Value, Never> { get }
    /// The current value, then every change.
    var producer: SignalProducer<Value, Never> { get }
}

/// A property whose value can be set.
public protocol MutablePropertyProtocol: PropertyProtocol, BindingTargetProvider {
    /// The current value; setting it sends the new value to observers.
    var value: Value { get set }
    /// Ends when the property is deinitialized.
    var lifetime: Lifetime { get }
}

extension MutablePropertyProtocol {
    /// Sets the value from bindings, for as long as the property lives.
    @inlinable
    public var bindingTarget: BindingTarget<Value> {
        // Held through an immutable weak reference rather than a `[weak self]` capture, whose
        // box the runtime checks for exclusive access on every value (see `WeakReference`).
        BindingTarget(lifetime: lifetime) { [property = WeakReference(self)] value in property.object?.value = value }
    }
}

/// A weak reference that cannot be reassigned.
///
/// A closure that captures `[weak x]` reads `x` from a mutable box, and the runtime checks
/// every such read for exclusive access (a `swift_beginAccess` call); a captured
/// `WeakReference` is stored in the closure's context just the same, but immutable, so
/// reading it needs no check.
@usableFromInline
struct WeakReference<Object: AnyObject> {
    @usableFromInline
    weak let object: Object?

    @inlinable
    init(_ object: Object) {
        self.object = object
    }
}
