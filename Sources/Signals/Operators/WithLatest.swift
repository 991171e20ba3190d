extension Signal {
    /// Pairs every value of this signal with the latest value of `samplee`. Values sent before
    /// `samplee` has sent anything are dropped.
    ///
    /// Termination follows this signal only: `samplee` completing or being interrupted changes
    /// nothing, and its last value keeps being paired.
    @inlinable
    public func withLatest<U>(from samplee: Signal<U, Never>) -> Signal<(Value, U), Error> {
        Signal<(Value, U), Error> { observer, lifetime in
            let latest = StateBox<U?>(nil)
            lifetime += samplee.observeValues { value in latest.modify { $0 = value } }
            lifetime += self.observe { event in
                switch event {
                case let .value(value):
                    if let sampled = latest.value { observer.send(value: (value, sampled)) }
                case let .failed(error): observer.send(error: error)
                case .completed: observer.sendCompleted()
                case .interrupted: observer.sendInterrupted()
                }
            }
        }
    }

    /// Starts `samplee` and pairs every value of this signal with its latest value; see
    /// `withLatest(from:)`. `samplee` is interrupted when the result terminates.
    @inlinable
    public func withLatest<U>(from samplee: SignalProducer<U, Never>) -> Signal<(Value, U), Error> {
        Signal<(Value, U), Error> { observer, lifetime in
            samplee.startWithSignal { signal, interrupter in
                lifetime += interrupter
                lifetime += self.withLatest(from: signal).observeForwarding(observer)
            }
        }
    }
}

extension SignalProducer {
    /// Pairs every value of this producer with the latest value of `samplee`.
    @inlinable
    public func withLatest<U>(from samplee: Signal<U, Never>) -> SignalProducer<(Value, U), Error> {
        lift { $0.withLatest(from: samplee) }
    }

    /// Pairs every value of this producer with the latest value of `samplee`, which is started
    /// first on every start so that its synchronous values are in place before ours.
    @inlinable
    public func withLatest<U>(from samplee: SignalProducer<U, Never>) -> SignalProducer<(Value, U), Error> {
        lift(with: samplee) { signal, samplee in signal.withLatest(from: samplee) }
    }
}
