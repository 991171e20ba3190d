extension Signal {
    /// Sends the running accumulation of every value: `initial` combined with the first value,
    /// that result with the second, and so on. `initial` itself is never sent.
    @inlinable
    public func scan<U>(_ initial: U, _ next: @escaping (U, Value) -> U) -> Signal<U, Error> {
        scan(into: initial) { accumulator, value in accumulator = next(accumulator, value) }
    }

    /// Sends the running accumulation of every value, mutating the accumulator in place.
    @inlinable
    public func scan<U>(into initial: U, _ next: @escaping (inout U, Value) -> Void) -> Signal<U, Error> {
        Signal<U, Error> { observer, lifetime in
            let accumulator = ScanAccumulator(initial)
            lifetime += self.observe { event in
                switch event {
                case let .value(value):
                    observer.send(value: accumulator.update { next(&$0, value) })
                case let .failed(error): observer.send(error: error)
                case .completed: observer.sendCompleted()
                case .interrupted: observer.sendInterrupted()
                }
            }
        }
    }

    /// Accumulates every value like `scan`, but sends only the final result, when this signal
    /// completes; then completes. With no values, the result is `initial`. A failure or an
    /// interruption is forwarded without a result.
    @inlinable
    public func reduce<U>(_ initial: U, _ next: @escaping (U, Value) -> U) -> Signal<U, Error> {
        reduce(into: initial) { accumulator, value in accumulator = next(accumulator, value) }
    }

    /// Accumulates every value in place and sends the final result on completion; see
    /// `reduce(_:_:)`.
    @inlinable
    public func reduce<U>(into initial: U, _ next: @escaping (inout U, Value) -> Void) -> Signal<U, Error> {
        Signal<U, Error> { observer, lifetime in
            let accumulator = ScanAccumulator(initial)
            lifetime += self.observe { event in
                switch event {
                case let .value(value):
                    _ = accumulator.update { next(&$0, value) }
                case let .failed(error): observer.send(error: error)
                case .completed:
                    observer.send(value: accumulator.current)
                    observer.sendCompleted()
                case .interrupted: observer.sendInterrupted()
                }
            }
        }
    }
}

extension SignalProducer {
    /// Sends the running accumulation of every value; see `Signal.scan(_:_:)`.
    @inlinable
    public func scan<U>(_ initial: U, _ next: @escaping (U, Value) -> U) -> SignalProducer<U, Error> {
        lift { $0.scan(initial, next) }
    }

    /// Sends the running accumulation of every value, mutating the accumulator in place.
    @inlinable
    public func scan<U>(into initial: U, _ next: @escaping (inout U, Value) -> Void) -> SignalProducer<U, Error> {
        lift { $0.scan(into: initial, next) }
    }

    /// Sends the final accumulation when the producer completes; see `Signal.reduce(_:_:)`.
    @inlinable
    public func reduce<U>(_ initial: U, _ next: @escaping (U, Value) -> U) -> SignalProducer<U, Error> {
        lift { $0.reduce(initial, next) }
    }

    /// Sends the final in-place accumulation when the producer completes.
    @inlinable
    public func reduce<U>(into initial: U, _ next: @escaping (inout U, Value) -> Void) -> SignalProducer<U, Error> {
        lift { $0.reduce(into: initial, next) }
    }
}

/// The accumulator of one `scan` or `reduce` subscription.
///
/// The user's closure must not run under the lock (see `StateBox`), yet an `inout` accumulator
/// should be mutated without a copy. So `update` moves the value out of the box, runs the
/// closure on the only reference, and moves it back. That is safe because a signal delivers
/// one event at a time (see `Signal.Core`): no second `update` can start meanwhile.
@usableFromInline
final class ScanAccumulator<U>: @unchecked Sendable {
    @usableFromInline
    let box: StateBox<U?>

    @inlinable
    init(_ initial: U) {
        box = StateBox(initial)
    }

    /// Applies `body` to the accumulator and returns the new value.
    @inlinable
    func update(_ body: (inout U) -> Void) -> U {
        let taken: U? = box.modify { stored in
            defer { stored = nil }
            return stored
        }
        guard var value = taken else {
            preconditionFailure("scan/reduce accumulator updated concurrently: upstream delivery must be serialized")
        }
        body(&value)
        box.modify { $0 = value }
        return value
    }

    /// The accumulated value.
    @inlinable
    var current: U {
        guard let value = box.value else {
            preconditionFailure("scan/reduce accumulator read during an update")
        }
        return value
    }
}
