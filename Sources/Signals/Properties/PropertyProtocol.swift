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
        BindingTarget(lifetime: lifetime) { [weak self] value in self?.value = value }
    }
}
