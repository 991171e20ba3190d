extension Signal {
    /// Forwards events until `lifetime` ends, then completes. If `lifetime` has already
    /// ended, the result completes at once (so observers added later see `interrupted`, as
    /// for any signal that has ended).
    @inlinable
    public func take(during lifetime: Lifetime) -> Signal<Value, Error> {
        Signal { observer, signalLifetime in
            // The registration is dropped when the result ends, so a long-lived `lifetime`
            // does not keep this signal's input (and so the signal) alive.
            signalLifetime += lifetime.observeEnded { observer.sendCompleted() }
            if signalLifetime.hasEnded { return }
            signalLifetime += self.observe(observer)
        }
    }
}

extension SignalProducer {
    /// Forwards events until `lifetime` ends, then completes and interrupts the work. If
    /// `lifetime` has already ended, completes without starting the work.
    @inlinable
    public func take(during lifetime: Lifetime) -> SignalProducer<Value, Error> {
        // Not `lift`: a lifted signal that completes while being created would reach the
        // observer as `interrupted` (observing an ended signal), and the work would start anyway.
        SignalProducer { observer, producerLifetime in
            producerLifetime += lifetime.observeEnded { observer.sendCompleted() }
            if producerLifetime.hasEnded { return }
            self.startWithSignal { signal, interrupter in
                producerLifetime += interrupter
                producerLifetime += signal.observe(observer)
            }
        }
    }
}
