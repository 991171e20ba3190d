/// Something that can be started as a `SignalProducer`: a producer, a signal, a property.
///
/// `flatten` and `flatMap` accept any of these as inner streams, as in ReactiveSwift, so one
/// set of overloads covers producers of producers, signals of signals and signals of properties.
public protocol SignalProducerConvertible {
    /// The type of the values.
    associatedtype Value
    /// The type of the error.
    associatedtype Error: Swift.Error

    /// The stream as a producer.
    var producer: SignalProducer<Value, Error> { get }
}

// `Signal` and `SignalProducer` already have a `producer` where `Error == Never` (from
// `BindingSource`); these unconstrained ones return the same thing, and Swift prefers the more
// constrained declaration, so existing call sites are unaffected.

extension SignalProducer: SignalProducerConvertible {
    /// This producer.
    @inlinable
    public var producer: SignalProducer<Value, Error> { self }
}

extension Signal: SignalProducerConvertible {
    /// A producer that forwards the events this signal sends after each start. A signal is hot:
    /// interrupting the producer stops the forwarding, not the signal.
    @inlinable
    public var producer: SignalProducer<Value, Error> { SignalProducer(self) }
}

extension Property: SignalProducerConvertible {}

extension MutableProperty: SignalProducerConvertible {}
