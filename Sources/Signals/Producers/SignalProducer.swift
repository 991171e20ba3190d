/// A cold, restartable description of work that sends events when started.
///
/// Each `start` runs the start handler anew and gives its events to a fresh signal. Services
/// return producers: nothing happens until the view model starts one.
public struct SignalProducer<Value, Error: Swift.Error> {
    /// Runs the work for one start: sends on the observer; attaches cleanup to the lifetime,
    /// which ends when the produced signal terminates or the start is interrupted.
    @usableFromInline
    let startHandler: (Signal<Value, Error>.Observer, Lifetime) -> Void

    /// A producer that runs `startHandler` on every start.
    @inlinable
    public init(_ startHandler: @escaping (_ observer: Signal<Value, Error>.Observer, _ lifetime: Lifetime) -> Void) {
        self.startHandler = startHandler
    }

    /// A producer that forwards the events of `signal` sent after each start.
    @inlinable
    public init(_ signal: Signal<Value, Error>) {
        self.init { observer, lifetime in
            lifetime += signal.observe(observer)
        }
    }

    /// A producer that sends `value`, then completes.
    @inlinable
    public init(value: Value) {
        self.init { observer, _ in
            observer.send(value: value)
            observer.sendCompleted()
        }
    }

    /// A producer that fails with `error`.
    @inlinable
    public init(error: Error) {
        self.init { observer, _ in observer.send(error: error) }
    }

    /// A producer that sends the success value and completes, or fails.
    @inlinable
    public init(result: Result<Value, Error>) {
        switch result {
        case let .success(value): self.init(value: value)
        case let .failure(error): self.init(error: error)
        }
    }

    /// A producer that sends every value of `values` in order, then completes. Stops early when
    /// interrupted.
    @inlinable
    public init<S: Sequence>(_ values: S) where S.Element == Value {
        self.init { observer, lifetime in
            for value in values {
                if lifetime.hasEnded { return }
                observer.send(value: value)
            }
            observer.sendCompleted()
        }
    }

    /// A producer that sends every value of `values` in order, then completes.
    @inlinable
    public init<S: Sequence>(values: S) where S.Element == Value {
        self.init(values)
    }

    /// A producer that sends the given values in order, then completes.
    @inlinable
    public init(values first: Value, _ second: Value, _ tail: Value...) {
        self.init([first, second] + tail)
    }

    /// A producer that completes at once.
    @inlinable
    public static var empty: SignalProducer {
        SignalProducer { observer, _ in observer.sendCompleted() }
    }

    /// A producer that never sends any event.
    @inlinable
    public static var never: SignalProducer {
        SignalProducer { observer, lifetime in
            lifetime.observeEnded { _ = observer }
        }
    }

    /// Starts the producer, hands the resulting signal to `setup` before any event is sent, and
    /// returns what `setup` returns. `interruptHandle` interrupts this start when disposed; if
    /// `setup` disposes it, the work is not started at all.
    @inlinable
    public func startWithSignal<Result>(
        _ setup: (_ signal: Signal<Value, Error>, _ interruptHandle: Disposable) -> Result
    ) -> Result {
        let prepared = prepare()
        let result = setup(prepared.signal, prepared.interrupter)
        prepared.start()
        return result
    }

    /// Creates the signal of one start without starting the work yet, so several producers can
    /// be wired together before any of them sends. `start` does nothing if `interrupter` was
    /// disposed meanwhile.
    @inlinable
    func prepare() -> (signal: Signal<Value, Error>, interrupter: Disposable, start: () -> Void) {
        let (signal, input) = Signal<Value, Error>.pipe()
        let interrupter = AnyDisposable { input.sendInterrupted() }
        // When the signal ends for any reason, release the interrupter's hold on the input.
        let lifetime = signal.core.lifetime
        lifetime += interrupter
        let handler = startHandler
        return (signal, interrupter, {
            if !interrupter.isDisposed { handler(input, lifetime) }
        })
    }

    /// Starts the producer with an observer. Returns a disposable that interrupts it.
    @discardableResult
    @inlinable
    public func start(_ observer: Signal<Value, Error>.Observer = .init()) -> Disposable {
        startWithSignal { signal, interrupter in
            signal.observe(observer)
            return interrupter
        }
    }

    /// Starts the producer, observing every event with a closure.
    @discardableResult
    @inlinable
    public func start(_ action: @escaping (Signal<Value, Error>.Event) -> Void) -> Disposable {
        start(Signal<Value, Error>.Observer(action))
    }

    /// Starts the producer, observing values and failure as `Result`s.
    @discardableResult
    @inlinable
    public func startWithResult(_ action: @escaping (Result<Value, Error>) -> Void) -> Disposable {
        start { event in
            switch event {
            case let .value(value): action(.success(value))
            case let .failed(error): action(.failure(error))
            case .completed, .interrupted: break
            }
        }
    }

    /// Starts the producer, observing completion.
    @discardableResult
    @inlinable
    public func startWithCompleted(_ action: @escaping () -> Void) -> Disposable {
        start(Signal<Value, Error>.Observer(completed: action))
    }

    /// Starts the producer, observing failure.
    @discardableResult
    @inlinable
    public func startWithFailed(_ action: @escaping (Error) -> Void) -> Disposable {
        start(Signal<Value, Error>.Observer(failed: action))
    }

    /// Starts the producer, observing interruption.
    @discardableResult
    @inlinable
    public func startWithInterrupted(_ action: @escaping () -> Void) -> Disposable {
        start(Signal<Value, Error>.Observer(interrupted: action))
    }

    /// Applies a signal operator to every start of this producer.
    @inlinable
    public func lift<U, F>(
        _ transform: @escaping (Signal<Value, Error>) -> Signal<U, F>
    ) -> SignalProducer<U, F> {
        SignalProducer<U, F> { observer, lifetime in
            self.startWithSignal { signal, interrupter in
                lifetime += interrupter
                lifetime += transform(signal).observeForwarding(observer)
            }
        }
    }

    /// Applies a binary signal operator to every start: both producers are started (`other`
    /// first, so a trigger is in place before this producer's first value) and their signals
    /// combined.
    @inlinable
    public func lift<U, F, V, G>(
        with other: SignalProducer<U, F>,
        _ transform: @escaping (Signal<Value, Error>, Signal<U, F>) -> Signal<V, G>
    ) -> SignalProducer<V, G> {
        SignalProducer<V, G> { observer, lifetime in
            self.startWithSignal { signal, interrupter in
                lifetime += interrupter
                other.startWithSignal { otherSignal, otherInterrupter in
                    lifetime += otherInterrupter
                    lifetime += transform(signal, otherSignal).observeForwarding(observer)
                }
            }
        }
    }
}

extension SignalProducer where Error == Never {
    /// Starts the producer, observing its values.
    @discardableResult
    @inlinable
    public func startWithValues(_ action: @escaping (Value) -> Void) -> Disposable {
        start(Signal<Value, Never>.Observer(value: action))
    }
}

extension SignalProducer {
    /// Starts every producer of `producers` and hands their signals to `setup` before any of
    /// them sends an event; their interrupters are attached to `lifetime`.
    @inlinable
    static func startWithSignals<S: Sequence>(
        _ producers: S,
        lifetime: Lifetime,
        _ setup: ([Signal<Value, Error>]) -> Void
    ) where S.Element == SignalProducer {
        let prepared = producers.map { $0.prepare() }
        for part in prepared { lifetime += part.interrupter }
        setup(prepared.map(\.signal))
        for part in prepared { part.start() }
    }
}
