extension Signal {
    /// Transforms every value.
    @inlinable
    public func map<U>(_ transform: @escaping (Value) -> U) -> Signal<U, Error> {
        attaching(Mapping(transform))
    }

    /// Maps every value to the value at `keyPath`.
    @inlinable
    public func map<U>(_ keyPath: KeyPath<Value, U>) -> Signal<U, Error> {
        map { $0[keyPath: keyPath] }
    }

    /// Maps every value to the same constant.
    @inlinable
    public func mapConst<U>(_ value: U) -> Signal<U, Error> {
        // Not `map { _ in value }`: the operator holds the constant itself, rather than a
        // closure object per use holding it.
        attaching(MappingToConstant(value))
    }

    /// Forwards only the values for which `isIncluded` returns true.
    @inlinable
    public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Signal<Value, Error> {
        attaching(Filtering(isIncluded))
    }

    /// Transforms every value, dropping those for which `transform` returns nil.
    @inlinable
    public func compactMap<U>(_ transform: @escaping (Value) -> U?) -> Signal<U, Error> {
        Signal<U, Error>.relaying { observer, lifetime in
            lifetime += self.observe { event in
                switch event {
                case let .value(value):
                    if let mapped = transform(value) { observer.send(value: mapped) }
                case let .failed(error): observer.send(error: error)
                case .completed: observer.sendCompleted()
                case .interrupted: observer.sendInterrupted()
                }
            }
        }
    }

    /// Replaces every value with `()`: the signal says *that* something happened, not what
    /// (Kickstarter's `ignoreValues`), and forwards termination as it is.
    @inlinable
    public func ignoreValues() -> Signal<Void, Error> {
        map { _ in () }
    }
}

extension Signal {
    /// `map(_:)`.
    @usableFromInline
    final class Mapping<Output>: Operator<Output, Error>, @unchecked Sendable {
        @usableFromInline
        let transform: (Value) -> Output

        @inlinable
        init(_ transform: @escaping (Value) -> Output) {
            self.transform = transform
            super.init { node, event in unsafeDowncast(node, to: Mapping.self).forward(&Signal.event(at: event).pointee) }
        }

        @inlinable
        final func forward(_ event: inout Signal<Value, Error>.Event) {
            feed(event.map(transform))
        }
    }

    /// `mapConst(_:)`.
    @usableFromInline
    final class MappingToConstant<Output>: Operator<Output, Error>, @unchecked Sendable {
        @usableFromInline
        let constant: Output

        @inlinable
        init(_ constant: Output) {
            self.constant = constant
            super.init { node, event in unsafeDowncast(node, to: MappingToConstant.self).forward(&Signal.event(at: event).pointee) }
        }

        @inlinable
        final func forward(_ event: inout Signal<Value, Error>.Event) {
            feed(event.map { _ in constant })
        }
    }

    /// `filter(_:)`.
    @usableFromInline
    final class Filtering: Operator<Value, Error>, @unchecked Sendable {
        @usableFromInline
        let isIncluded: (Value) -> Bool

        @inlinable
        init(_ isIncluded: @escaping (Value) -> Bool) {
            self.isIncluded = isIncluded
            super.init { node, event in unsafeDowncast(node, to: Filtering.self).forward(&Signal.event(at: event).pointee) }
        }

        @inlinable
        final func forward(_ event: inout Signal<Value, Error>.Event) {
            if case let .value(value) = event, !isIncluded(value) { return }
            feed(event)
        }
    }
}

extension Signal where Value: OptionalProtocol {
    /// Drops nil values and unwraps the others.
    @inlinable
    public func skipNil() -> Signal<Value.Wrapped, Error> {
        compactMap { $0.optional }
    }
}

/// Lets operators constrain a signal's values to optionals (`skipNil`).
public protocol OptionalProtocol {
    /// The type of the wrapped value.
    associatedtype Wrapped
    /// The value as a real `Optional`.
    var optional: Wrapped? { get }
}

extension Optional: OptionalProtocol {
    /// The value itself.
    @inlinable
    public var optional: Wrapped? { self }
}

extension SignalProducer {
    /// Transforms every value; see `Signal.map(_:)`.
    @inlinable
    public func map<U>(_ transform: @escaping (Value) -> U) -> SignalProducer<U, Error> {
        lift { $0.map(transform) }
    }

    /// Maps every value to the value at `keyPath`.
    @inlinable
    public func map<U>(_ keyPath: KeyPath<Value, U>) -> SignalProducer<U, Error> {
        lift { $0.map(keyPath) }
    }

    /// Maps every value to the same constant.
    @inlinable
    public func mapConst<U>(_ value: U) -> SignalProducer<U, Error> {
        lift { $0.mapConst(value) }
    }

    /// Forwards only the values for which `isIncluded` returns true.
    @inlinable
    public func filter(_ isIncluded: @escaping (Value) -> Bool) -> SignalProducer<Value, Error> {
        lift { $0.filter(isIncluded) }
    }

    /// Transforms every value, dropping those for which `transform` returns nil.
    @inlinable
    public func compactMap<U>(_ transform: @escaping (Value) -> U?) -> SignalProducer<U, Error> {
        lift { $0.compactMap(transform) }
    }

    /// Replaces every value with `()` (see `Signal.ignoreValues()`).
    @inlinable
    public func ignoreValues() -> SignalProducer<Void, Error> {
        lift { $0.ignoreValues() }
    }
}

extension SignalProducer where Value: OptionalProtocol {
    /// Drops nil values and unwraps the others.
    @inlinable
    public func skipNil() -> SignalProducer<Value.Wrapped, Error> {
        lift { $0.skipNil() }
    }
}
