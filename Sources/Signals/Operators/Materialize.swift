/// A type that is a signal event: lets operators constrain a signal's values to events
/// (`dematerialize`, `values()`, `errors()`), as ReactiveSwift's `EventProtocol` does.
public protocol EventProtocol {
    /// The type of the event's values.
    associatedtype Value
    /// The type of the event's failure.
    associatedtype Error: Swift.Error
    /// The event itself.
    var event: Signal<Value, Error>.Event { get }
}

extension Signal.Event: EventProtocol {
    /// The event itself.
    @inlinable
    public var event: Signal<Value, Error>.Event { self }
}

extension Signal {
    /// Turns every event, the terminating one included, into a value, so a failure can be
    /// handled as data. After sending a `completed` or `failed` event as a value the result
    /// completes; after sending `interrupted` as a value it is interrupted (ReactiveSwift's rule:
    /// the work was cancelled, it did not finish).
    @inlinable
    public func materialize() -> Signal<Event, Never> {
        Signal<Event, Never> { observer, lifetime in
            lifetime += self.observe { event in
                observer.send(value: event)
                switch event {
                case .value: break
                case .failed, .completed: observer.sendCompleted()
                case .interrupted: observer.sendInterrupted()
                }
            }
        }
    }

    /// Turns every value into `.success` and a failure into a `.failure` value followed by
    /// completion. Completion and interruption are forwarded as they are.
    @inlinable
    public func materializeResults() -> Signal<Result<Value, Error>, Never> {
        Signal<Result<Value, Error>, Never> { observer, lifetime in
            lifetime += self.observe { event in
                switch event {
                case let .value(value): observer.send(value: .success(value))
                case let .failed(error):
                    observer.send(value: .failure(error))
                    observer.sendCompleted()
                case .completed: observer.sendCompleted()
                case .interrupted: observer.sendInterrupted()
                }
            }
        }
    }
}

extension Signal where Value: EventProtocol, Error == Never {
    /// The inverse of `materialize()`: sends every event value as the event it describes, so a
    /// `.failed` value fails the result and a `.completed` value completes it.
    @inlinable
    public func dematerialize() -> Signal<Value.Value, Value.Error> {
        Signal<Value.Value, Value.Error> { observer, lifetime in
            lifetime += self.observe { event in
                switch event {
                case let .value(inner): observer.send(inner.event)
                case .completed: observer.sendCompleted()
                case .interrupted: observer.sendInterrupted()
                }
            }
        }
    }

    /// The payloads of the `.value` events; every other event value is dropped. Completes when
    /// this signal does. With `errors()`, splits a materialized result in two (Kickstarter).
    @inlinable
    public func values() -> Signal<Value.Value, Never> {
        compactMap { $0.event.value }
    }

    /// The errors of the `.failed` events; every other event value is dropped. Completes when
    /// this signal does.
    @inlinable
    public func errors() -> Signal<Value.Error, Never> {
        compactMap { $0.event.error }
    }
}

extension SignalProducer {
    /// Turns every event into a value; see `Signal.materialize()`.
    @inlinable
    public func materialize() -> SignalProducer<Signal<Value, Error>.Event, Never> {
        lift { $0.materialize() }
    }

    /// Turns values and a failure into `Result` values; see `Signal.materializeResults()`.
    @inlinable
    public func materializeResults() -> SignalProducer<Result<Value, Error>, Never> {
        lift { $0.materializeResults() }
    }
}

extension SignalProducer where Value: EventProtocol, Error == Never {
    /// Sends every event value as the event it describes; see `Signal.dematerialize()`.
    @inlinable
    public func dematerialize() -> SignalProducer<Value.Value, Value.Error> {
        lift { $0.dematerialize() }
    }

    /// The payloads of the `.value` events.
    @inlinable
    public func values() -> SignalProducer<Value.Value, Never> {
        lift { $0.values() }
    }

    /// The errors of the `.failed` events.
    @inlinable
    public func errors() -> SignalProducer<Value.Error, Never> {
        lift { $0.errors() }
    }
}
