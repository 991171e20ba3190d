import Signals
import SignalsTesting

extension SignalProducer {
    /// This producer, with the events of each start also sent to `recorder` — including the
    /// `interrupted` that disposing the start causes, which shows an inner stream was stopped.
    func recording(into recorder: TestObserver<Value, Error>) -> SignalProducer {
        SignalProducer { observer, lifetime in
            self.startWithSignal { signal, interrupter in
                lifetime += interrupter
                signal.observe(recorder.observer)
                lifetime += signal.observe(observer)
            }
        }
    }
}
