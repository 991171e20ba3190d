extension Signal where Value == Bool {
    /// Sends the negation of every value.
    @inlinable
    public func negate() -> Signal<Bool, Error> {
        map { !$0 }
    }

    /// Sends whether both this signal's latest value and `other`'s are true, whenever either
    /// sends once both have sent (`combineLatest` semantics, termination included).
    @inlinable
    public func and(_ other: Signal<Bool, Error>) -> Signal<Bool, Error> {
        Signal.all([self, other])
    }

    /// Sends whether this signal's latest value or `other`'s is true, whenever either sends
    /// once both have sent (`combineLatest` semantics).
    @inlinable
    public func or(_ other: Signal<Bool, Error>) -> Signal<Bool, Error> {
        Signal.any([self, other])
    }

    /// Sends whether the latest values of all signals are true, with `combineLatest`
    /// semantics. An empty sequence gives a signal that has already ended.
    @inlinable
    public static func all<S: Sequence>(_ booleans: S) -> Signal<Bool, Error> where S.Element == Signal<Bool, Error> {
        combineLatest(booleans).map { $0.allSatisfy { $0 } }
    }

    /// Sends whether the latest values of all signals are true.
    @inlinable
    public static func all(_ booleans: Signal<Bool, Error>...) -> Signal<Bool, Error> {
        all(booleans)
    }

    /// Sends whether the latest value of any signal is true, with `combineLatest` semantics.
    /// An empty sequence gives a signal that has already ended.
    @inlinable
    public static func any<S: Sequence>(_ booleans: S) -> Signal<Bool, Error> where S.Element == Signal<Bool, Error> {
        combineLatest(booleans).map { $0.contains(true) }
    }

    /// Sends whether the latest value of any signal is true.
    @inlinable
    public static func any(_ booleans: Signal<Bool, Error>...) -> Signal<Bool, Error> {
        any(booleans)
    }
}

extension SignalProducer where Value == Bool {
    /// Sends the negation of every value.
    @inlinable
    public func negate() -> SignalProducer<Bool, Error> {
        map { !$0 }
    }

    /// Starts both producers and sends whether both latest values are true.
    @inlinable
    public func and(_ other: SignalProducer<Bool, Error>) -> SignalProducer<Bool, Error> {
        SignalProducer.all([self, other])
    }

    /// Starts both producers and sends whether either latest value is true.
    @inlinable
    public func or(_ other: SignalProducer<Bool, Error>) -> SignalProducer<Bool, Error> {
        SignalProducer.any([self, other])
    }

    /// Starts every producer and sends whether all latest values are true. An empty sequence
    /// sends `true` (nothing is false) and completes, as in ReactiveSwift.
    @inlinable
    public static func all<S: Sequence>(_ booleans: S) -> SignalProducer<Bool, Error>
    where S.Element == SignalProducer<Bool, Error> {
        let sources = Array(booleans)
        guard !sources.isEmpty else { return SignalProducer(value: true) }
        return combineLatest(sources).map { $0.allSatisfy { $0 } }
    }

    /// Starts every producer and sends whether all latest values are true.
    @inlinable
    public static func all(_ booleans: SignalProducer<Bool, Error>...) -> SignalProducer<Bool, Error> {
        all(booleans)
    }

    /// Starts every producer and sends whether any latest value is true. An empty sequence
    /// sends `false` (nothing is true) and completes, as in ReactiveSwift.
    @inlinable
    public static func any<S: Sequence>(_ booleans: S) -> SignalProducer<Bool, Error>
    where S.Element == SignalProducer<Bool, Error> {
        let sources = Array(booleans)
        guard !sources.isEmpty else { return SignalProducer(value: false) }
        return combineLatest(sources).map { $0.contains(true) }
    }

    /// Starts every producer and sends whether any latest value is true.
    @inlinable
    public static func any(_ booleans: SignalProducer<Bool, Error>...) -> SignalProducer<Bool, Error> {
        any(booleans)
    }
}
