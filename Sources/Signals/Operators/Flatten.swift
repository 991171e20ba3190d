/// How `flatten` and `flatMap` combine the inner streams that an outer stream sends.
///
/// With every strategy, as in ReactiveSwift:
/// - the result completes once the outer stream has completed and every inner stream it sent
///   (running or still queued) has completed;
/// - a failure of the outer stream or of any inner stream fails the result at once;
/// - interruption of the outer stream interrupts the result;
/// - an interrupted inner stream counts as completed and does not interrupt the result;
/// - terminating or disposing the result interrupts every running inner stream and drops the
///   queued ones.
public enum FlattenStrategy: Hashable, Sendable {
    /// Starts every inner stream as it arrives and forwards all their values as they come.
    case merge
    /// Runs one inner stream at a time: later ones wait, in arrival order, and each starts
    /// when the previous one has completed.
    case concat
    /// Forwards only the newest inner stream: when another one arrives, the running one is
    /// interrupted (disposed) and its interruption is not forwarded. "Only the last request
    /// counts."
    case latest
    /// Runs up to `limit` inner streams at once; the others wait in arrival order. `merge` is
    /// an unlimited `concurrent`, `concat` is `concurrent(limit: 1)`. `limit` must not be 0.
    case concurrent(limit: UInt)

    /// The concurrency limit, or nil for `latest`.
    @inlinable
    var limit: UInt? {
        switch self {
        case .merge: return .max
        case .concat: return 1
        case let .concurrent(limit):
            precondition(limit > 0, "FlattenStrategy.concurrent(limit:) needs a limit of at least 1")
            return limit
        case .latest: return nil
        }
    }
}

// MARK: - Signal

extension Signal where Value: SignalProducerConvertible, Error == Value.Error {
    /// Flattens the inner streams (producers, signals, properties) this signal sends into one
    /// signal of their values, according to `strategy`; see `FlattenStrategy` for termination.
    @inlinable
    public func flatten(_ strategy: FlattenStrategy) -> Signal<Value.Value, Error> {
        flatten(strategy, inner: { $0.producer }, outerError: { $0 }, innerError: { $0 })
    }
}

extension Signal where Value: SignalProducerConvertible, Error == Never {
    /// Flattens inner streams that can fail, sent by a signal that cannot: the result fails
    /// with the inner streams' error.
    @inlinable
    public func flatten(_ strategy: FlattenStrategy) -> Signal<Value.Value, Value.Error> {
        flatten(strategy, inner: { $0.producer }, outerError: absurd, innerError: { $0 })
    }
}

extension Signal where Value: SignalProducerConvertible, Error == Never, Value.Error == Never {
    /// Flattens inner streams that cannot fail, sent by a signal that cannot fail.
    @inlinable
    public func flatten(_ strategy: FlattenStrategy) -> Signal<Value.Value, Never> {
        flatten(strategy, inner: { $0.producer }, outerError: absurd, innerError: absurd)
    }
}

extension Signal where Value: SignalProducerConvertible, Value.Error == Never {
    /// Flattens inner streams that cannot fail: the result fails only when this signal does.
    @inlinable
    public func flatten(_ strategy: FlattenStrategy) -> Signal<Value.Value, Error> {
        flatten(strategy, inner: { $0.producer }, outerError: { $0 }, innerError: absurd)
    }
}

extension Signal {
    /// The one implementation behind every `flatten` overload (and so every `flatMap`): the
    /// overloads differ only in how the outer and inner errors become the result's error.
    @inlinable
    func flatten<U, InnerError, F>(
        _ strategy: FlattenStrategy,
        inner: @escaping (Value) -> SignalProducer<U, InnerError>,
        outerError: @escaping (Error) -> F,
        innerError: @escaping (InnerError) -> F
    ) -> Signal<U, F> {
        let limit = strategy.limit
        return Signal<U, F> { observer, lifetime in
            let flattener: any InnerStreamsFlattener<U, InnerError, F> = if let limit {
                ConcurrentFlattener(limit: limit, observer: observer, lifetime: lifetime, innerError: innerError)
            } else {
                LatestFlattener(observer: observer, lifetime: lifetime, innerError: innerError)
            }
            lifetime += self.observe { event in
                switch event {
                case let .value(value):
                    flattener.receive(inner(value))
                case let .failed(error):
                    if flattener.terminate() { observer.send(error: outerError(error)) }
                case .completed:
                    flattener.outerDidComplete()
                case .interrupted:
                    if flattener.terminate() { observer.sendInterrupted() }
                }
            }
        }
    }
}

// MARK: - SignalProducer

extension SignalProducer where Value: SignalProducerConvertible, Error == Value.Error {
    /// Flattens the inner streams this producer sends; see `Signal.flatten(_:)`.
    @inlinable
    public func flatten(_ strategy: FlattenStrategy) -> SignalProducer<Value.Value, Error> {
        lift { $0.flatten(strategy, inner: { $0.producer }, outerError: { $0 }, innerError: { $0 }) }
    }
}

extension SignalProducer where Value: SignalProducerConvertible, Error == Never {
    /// Flattens inner streams that can fail, sent by a producer that cannot.
    @inlinable
    public func flatten(_ strategy: FlattenStrategy) -> SignalProducer<Value.Value, Value.Error> {
        lift { $0.flatten(strategy, inner: { $0.producer }, outerError: absurd, innerError: { $0 }) }
    }
}

extension SignalProducer where Value: SignalProducerConvertible, Error == Never, Value.Error == Never {
    /// Flattens inner streams that cannot fail, sent by a producer that cannot fail.
    @inlinable
    public func flatten(_ strategy: FlattenStrategy) -> SignalProducer<Value.Value, Never> {
        lift { $0.flatten(strategy, inner: { $0.producer }, outerError: absurd, innerError: absurd) }
    }
}

extension SignalProducer where Value: SignalProducerConvertible, Value.Error == Never {
    /// Flattens inner streams that cannot fail: the result fails only when this producer does.
    @inlinable
    public func flatten(_ strategy: FlattenStrategy) -> SignalProducer<Value.Value, Error> {
        lift { $0.flatten(strategy, inner: { $0.producer }, outerError: { $0 }, innerError: absurd) }
    }
}

/// The per-subscription state machine behind `flatten`, one per strategy family. The outer
/// signal's observer calls it (serially: the outer signal delivers one event at a time); inner
/// streams call back into it from whatever thread they send on.
@usableFromInline
protocol InnerStreamsFlattener<Value, InnerError, Failure>: AnyObject {
    /// The type of the inner streams' values, which the result forwards.
    associatedtype Value
    /// The inner streams' error.
    associatedtype InnerError: Swift.Error
    /// The result's error.
    associatedtype Failure: Swift.Error

    /// The outer stream sent an inner stream.
    func receive(_ producer: SignalProducer<Value, InnerError>)
    /// The outer stream completed: complete the result once the inner streams are done.
    func outerDidComplete()
    /// Marks the result terminated (no more inner streams start); true for the first caller
    /// only, who then sends the terminating event.
    func terminate() -> Bool
}

/// Turns an impossible error into any type (the error side of a stream that cannot fail). The
/// body is empty because a `Never` argument can never be passed.
@inlinable
func absurd<T>(_ never: Never) -> T {}
