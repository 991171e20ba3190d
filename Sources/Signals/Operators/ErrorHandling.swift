extension Signal {
    /// Transforms the error of a failure; values and other events pass through.
    @inlinable
    public func mapError<F>(_ transform: @escaping (Error) -> F) -> Signal<Value, F> {
        Signal<Value, F> { observer, lifetime in
            lifetime += self.observe { event in observer.send(event.mapError(transform)) }
        }
    }

    /// On failure, starts the producer `transform` returns for the error and forwards its
    /// events instead; values, completion and interruption before that pass through. The
    /// recovery producer is interrupted if the result is interrupted or loses its observers.
    @inlinable
    public func flatMapError<F>(_ transform: @escaping (Error) -> SignalProducer<Value, F>) -> Signal<Value, F> {
        Signal<Value, F> { observer, lifetime in
            lifetime += self.observe { event in
                switch event {
                case let .value(value): observer.send(value: value)
                case let .failed(error):
                    transform(error).startWithSignal { recovery, interrupter in
                        lifetime += interrupter
                        lifetime += recovery.observeForwarding(observer)
                    }
                case .completed: observer.sendCompleted()
                case .interrupted: observer.sendInterrupted()
                }
            }
        }
    }
}

extension Signal where Error == Never {
    /// The same signal with an error type it can now be combined with; it still never fails.
    /// Call as `promoteError(MyError.self)` or let the type be inferred: `promoteError()`.
    @inlinable
    public func promoteError<F>(_: F.Type = F.self) -> Signal<Value, F> {
        Signal<Value, F> { observer, lifetime in
            lifetime += self.observe { event in
                switch event {
                case let .value(value): observer.send(value: value)
                case .completed: observer.sendCompleted()
                case .interrupted: observer.sendInterrupted()
                }
            }
        }
    }
}

extension SignalProducer {
    /// Transforms the error of a failure; see `Signal.mapError(_:)`.
    @inlinable
    public func mapError<F>(_ transform: @escaping (Error) -> F) -> SignalProducer<Value, F> {
        lift { $0.mapError(transform) }
    }

    /// On failure, continues with the producer `transform` returns for the error; see
    /// `Signal.flatMapError(_:)`.
    @inlinable
    public func flatMapError<F>(
        _ transform: @escaping (Error) -> SignalProducer<Value, F>
    ) -> SignalProducer<Value, F> {
        lift { $0.flatMapError(transform) }
    }
}

extension SignalProducer where Error == Never {
    /// The same producer with another error type; it still never fails.
    @inlinable
    public func promoteError<F>(_: F.Type = F.self) -> SignalProducer<Value, F> {
        lift { $0.promoteError(F.self) }
    }
}
