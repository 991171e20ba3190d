// `flatMap` is `map` then `flatten`; see `FlattenStrategy` for how inner streams combine and
// terminate. The overloads follow ReactiveSwift's error rules: inner and outer errors match;
// an inner stream that cannot fail keeps the outer error; an outer stream that cannot fail
// takes the inner error. Each comes twice: for producers (the common case, e.g. a service
// call) and for any `SignalProducerConvertible` (signals, properties).

extension Signal {
    /// Maps each value to a producer and flattens the producers according to `strategy`.
    /// `flatMap(.latest) { request($0) }` keeps only the newest request running.
    @inlinable
    public func flatMap<U>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping (Value) -> SignalProducer<U, Error>
    ) -> Signal<U, Error> {
        map(transform).flatten(strategy)
    }

    /// Maps each value to a signal (or another convertible stream) and flattens them.
    @inlinable
    public func flatMap<Inner: SignalProducerConvertible>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping (Value) -> Inner
    ) -> Signal<Inner.Value, Error> where Inner.Error == Error {
        flatMap(strategy) { transform($0).producer }
    }

    /// Maps each value to a producer that cannot fail and flattens them; the result fails only
    /// when this signal does.
    @inlinable
    public func flatMap<U>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping (Value) -> SignalProducer<U, Never>
    ) -> Signal<U, Error> {
        map(transform).flatten(strategy)
    }

    /// Maps each value to a stream that cannot fail and flattens them.
    @inlinable
    public func flatMap<Inner: SignalProducerConvertible>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping (Value) -> Inner
    ) -> Signal<Inner.Value, Error> where Inner.Error == Never {
        flatMap(strategy) { transform($0).producer }
    }
}

extension Signal where Error == Never {
    /// Maps each value of a signal that cannot fail to a producer that can, and flattens them;
    /// the result fails with the producers' error.
    @inlinable
    public func flatMap<U, F>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping (Value) -> SignalProducer<U, F>
    ) -> Signal<U, F> {
        map(transform).flatten(strategy)
    }

    /// Maps each value to a stream that can fail, and flattens them.
    @inlinable
    public func flatMap<Inner: SignalProducerConvertible>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping (Value) -> Inner
    ) -> Signal<Inner.Value, Inner.Error> {
        flatMap(strategy) { transform($0).producer }
    }

    /// Maps each value to a producer that cannot fail, and flattens them.
    @inlinable
    public func flatMap<U>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping (Value) -> SignalProducer<U, Never>
    ) -> Signal<U, Never> {
        map(transform).flatten(strategy)
    }

    /// Maps each value to a stream that cannot fail, and flattens them.
    @inlinable
    public func flatMap<Inner: SignalProducerConvertible>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping (Value) -> Inner
    ) -> Signal<Inner.Value, Never> where Inner.Error == Never {
        flatMap(strategy) { transform($0).producer }
    }
}

extension SignalProducer {
    /// Maps each value to a producer and flattens the producers according to `strategy`.
    @inlinable
    public func flatMap<U>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping (Value) -> SignalProducer<U, Error>
    ) -> SignalProducer<U, Error> {
        map(transform).flatten(strategy)
    }

    /// Maps each value to a signal (or another convertible stream) and flattens them.
    @inlinable
    public func flatMap<Inner: SignalProducerConvertible>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping (Value) -> Inner
    ) -> SignalProducer<Inner.Value, Error> where Inner.Error == Error {
        flatMap(strategy) { transform($0).producer }
    }

    /// Maps each value to a producer that cannot fail and flattens them; the result fails only
    /// when this producer does.
    @inlinable
    public func flatMap<U>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping (Value) -> SignalProducer<U, Never>
    ) -> SignalProducer<U, Error> {
        map(transform).flatten(strategy)
    }

    /// Maps each value to a stream that cannot fail and flattens them.
    @inlinable
    public func flatMap<Inner: SignalProducerConvertible>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping (Value) -> Inner
    ) -> SignalProducer<Inner.Value, Error> where Inner.Error == Never {
        flatMap(strategy) { transform($0).producer }
    }
}

extension SignalProducer where Error == Never {
    /// Maps each value of a producer that cannot fail to a producer that can, and flattens
    /// them; the result fails with the inner producers' error.
    @inlinable
    public func flatMap<U, F>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping (Value) -> SignalProducer<U, F>
    ) -> SignalProducer<U, F> {
        map(transform).flatten(strategy)
    }

    /// Maps each value to a stream that can fail, and flattens them.
    @inlinable
    public func flatMap<Inner: SignalProducerConvertible>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping (Value) -> Inner
    ) -> SignalProducer<Inner.Value, Inner.Error> {
        flatMap(strategy) { transform($0).producer }
    }

    /// Maps each value to a producer that cannot fail, and flattens them.
    @inlinable
    public func flatMap<U>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping (Value) -> SignalProducer<U, Never>
    ) -> SignalProducer<U, Never> {
        map(transform).flatten(strategy)
    }

    /// Maps each value to a stream that cannot fail, and flattens them.
    @inlinable
    public func flatMap<Inner: SignalProducerConvertible>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping (Value) -> Inner
    ) -> SignalProducer<Inner.Value, Never> where Inner.Error == Never {
        flatMap(strategy) { transform($0).producer }
    }
}
