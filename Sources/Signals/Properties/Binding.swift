precedencegroup BindingPrecedence {
    associativity: right
    higherThan: AssignmentPrecedence
}

infix operator <~ : BindingPrecedence

/// Something whose values can be bound to a target with `<~`.
public protocol BindingSource {
    /// The type of the values.
    associatedtype Value
    /// The values, as a producer started by the binding.
    var producer: SignalProducer<Value, Never> { get }
}

// `producer` comes from `SignalProducerConvertible` (the values sent after the binding starts,
// for a signal; the producer itself, for a producer).
extension Signal: BindingSource where Error == Never {}

extension SignalProducer: BindingSource where Error == Never {}

/// Something that values can be bound into with `<~`.
public protocol BindingTargetProvider {
    /// The type of the values accepted.
    associatedtype Value
    /// The target: what to do with a value, and how long bindings may last.
    var bindingTarget: BindingTarget<Value> { get }
}

/// The receiving end of a binding: an action, and the lifetime that ends every binding to it.
public struct BindingTarget<Value>: BindingTargetProvider {
    /// Bindings end when this lifetime ends.
    public let lifetime: Lifetime
    /// Applies one value.
    public let action: (Value) -> Void

    /// A target that applies values with `action` while `lifetime` lasts.
    @inlinable
    public init(lifetime: Lifetime, action: @escaping (Value) -> Void) {
        self.lifetime = lifetime
        self.action = action
    }

    /// This target.
    @inlinable
    public var bindingTarget: BindingTarget<Value> { self }
}

/// Binds the values of `source` to `target` until either ends. Returns a disposable that
/// ends the binding early.
@discardableResult
@inlinable
public func <~ <Target: BindingTargetProvider, Source: BindingSource>(
    target: Target,
    source: Source
) -> Disposable? where Target.Value == Source.Value {
    let bindingTarget = target.bindingTarget
    return bind(until: bindingTarget.lifetime) { source.producer.startWithValues(bindingTarget.action) }
}

/// Binds the values of a signal to `target` until either ends; see the general `<~`.
///
/// The signal is observed directly rather than through its `producer`: the same values (those
/// sent after the binding starts) without the producer's own signal in between, and fewer
/// heap blocks per binding.
@discardableResult
@inlinable
public func <~ <Target: BindingTargetProvider>(
    target: Target,
    source: Signal<Target.Value, Never>
) -> Disposable? {
    let bindingTarget = target.bindingTarget
    return bind(until: bindingTarget.lifetime) { source.observeValues(bindingTarget.action) }
}

/// Binds the values of a signal to a mutable property until either ends; see the general `<~`.
///
/// The general form for a signal observes with a closure around the target's action, two
/// closures and a context; here the subscription's one closure captures only the property's
/// core (see `MutableProperty.bindingTarget`): one heap block per binding rather than the
/// general form's four.
@discardableResult
@inlinable
public func <~ <Value>(target: MutableProperty<Value>, source: Signal<Value, Never>) -> Disposable? {
    let core = target.core
    return bind(until: core.lifetime) {
        source.observe { [core] event in
            if case .value = event { core.send(event) }
        }
    }
}

/// The end of every `<~`: starts the binding with `subscribe` unless `lifetime` has ended,
/// ends it with the lifetime, and returns what ends it early.
@inlinable
func bind(until lifetime: Lifetime, _ subscribe: () -> Disposable?) -> Disposable? {
    guard !lifetime.hasEnded, let disposable = subscribe() else { return nil }
    let handle = lifetime += disposable
    return AnyDisposable {
        disposable.dispose()
        handle?.dispose()
    }
}
