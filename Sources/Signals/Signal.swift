/// A hot stream of events over time: observers see what is sent while they observe.
///
/// Names and semantics follow ReactiveSwift. A signal stays alive while it has observers or
/// while this object is retained; once neither holds (or once nobody can send on it any more,
/// see `Observer`), it is interrupted and the resources of its generator are released.
///
/// Delivery is serialized and reentrancy-safe: see `Signal.Core` for the exact rules.
public final class Signal<Value, Error: Swift.Error>: @unchecked Sendable {
    @usableFromInline
    let core: Core

    /// Creates a signal and runs `generator` once with its input observer and a lifetime that
    /// ends when the signal terminates. Attach what the signal depends on to that lifetime.
    @inlinable
    public init(_ generator: (_ observer: Observer, _ lifetime: Lifetime) -> Void) {
        core = Core()
        generator(Observer(input: core), core.lifetime)
    }

    @inlinable
    init(core: Core) {
        self.core = core
    }

    /// For the library's own operators: like `init(_:)`, but the generator sends through a
    /// `Relay` on the core rather than through an input `Observer` object.
    ///
    /// The observer object exists for its deinitialization: a signal whose inputs are all
    /// gone is interrupted. An operator's closures only let go of its relay when each source
    /// has terminated (and the operator with it, having forwarded or decided its own end) or
    /// when the operator's own lifetime ended, so for them that rule never fires; without the
    /// object, every operator in a graph is one heap block smaller. `RelayedOperatorTests`
    /// checks each relayed operator's end and release.
    ///
    /// A static function rather than an initializer: a second initializer taking a closure
    /// would make every `Signal { observer, lifetime in … }` ambiguous.
    @inlinable
    static func relaying(_ generator: (_ observer: Relay, _ lifetime: Lifetime) -> Void) -> Signal {
        let core = Core()
        generator(Relay(core), core.lifetime)
        return Signal(core: core)
    }

    /// Sends on a signal's core: the `Observer` API for the library's own operators (see
    /// `relaying(_:)`), without an object of its own.
    @usableFromInline
    struct Relay: @unchecked Sendable {
        @usableFromInline
        let core: Core

        @inlinable
        init(_ core: Core) {
            self.core = core
        }

        @inline(__always)
        @inlinable
        func send(_ event: Event) { core.send(event) }

        @inlinable
        func send(value: Value) { core.send(.value(value)) }

        @inlinable
        func send(error: Error) { core.send(.failed(error)) }

        @inlinable
        func sendCompleted() { core.send(.completed) }

        @inlinable
        func sendInterrupted() { core.send(.interrupted) }
    }

    deinit {
        core.signalDidDeinitialize()
    }

    /// A signal and the observer that sends on it. `disposable`, if given, is disposed when
    /// the signal terminates.
    @inlinable
    public static func pipe(disposable: Disposable? = nil) -> (output: Signal, input: Observer) {
        let core = Core()
        if let disposable { core.lifetime += disposable }
        return (Signal(core: core), Observer(input: core))
    }

    /// A signal that never sends any event.
    @inlinable
    public static var never: Signal {
        Signal { observer, lifetime in
            // Keep the input alive for as long as the signal, so it is never interrupted.
            lifetime.observeEnded { _ = observer }
        }
    }

    /// A signal that completes immediately (observers added later see `interrupted`, as for
    /// any signal that has ended).
    @inlinable
    public static var empty: Signal {
        Signal { observer, _ in observer.sendCompleted() }
    }

    /// Adds an observer. Returns a disposable that removes it, or nil if the signal has
    /// already ended (the observer then receives `interrupted` at once).
    @discardableResult
    @inlinable
    public func observe(_ observer: Observer) -> Disposable? {
        core.observe(observer)
    }

    /// Observes for operator plumbing: if this signal already ended (an operator that ends
    /// while being built), the observer gets the real terminating event, not `interrupted`.
    @inlinable
    func observeForwarding(_ observer: Observer) -> Disposable? {
        core.observe(observer, replayingTermination: true)
    }

    /// Observes every event with a closure.
    @discardableResult
    @inlinable
    public func observe(_ action: @escaping (Event) -> Void) -> Disposable? {
        core.observe(action: action)
    }

    /// Observes values only.
    @discardableResult
    @inlinable
    public func observeValues(_ action: @escaping (Value) -> Void) -> Disposable? {
        observe { event in
            if case let .value(value) = event { action(value) }
        }
    }

    /// Observes a failure.
    @discardableResult
    @inlinable
    public func observeFailed(_ action: @escaping (Error) -> Void) -> Disposable? {
        observe { event in
            if case let .failed(error) = event { action(error) }
        }
    }

    /// Observes completion.
    @discardableResult
    @inlinable
    public func observeCompleted(_ action: @escaping () -> Void) -> Disposable? {
        observe { event in
            if case .completed = event { action() }
        }
    }

    /// Observes interruption.
    @discardableResult
    @inlinable
    public func observeInterrupted(_ action: @escaping () -> Void) -> Disposable? {
        observe { event in
            if case .interrupted = event { action() }
        }
    }

    /// Observes values and failure as `Result`s.
    @discardableResult
    @inlinable
    public func observeResult(_ action: @escaping (Result<Value, Error>) -> Void) -> Disposable? {
        observe { event in
            switch event {
            case let .value(value): action(.success(value))
            case let .failed(error): action(.failure(error))
            case .completed, .interrupted: break
            }
        }
    }
}

extension Signal where Error == Never {
    /// Observes every event of a signal that cannot fail.
    @discardableResult
    @inlinable
    public func observeValues(_ action: @escaping (Value) -> Void) -> Disposable? {
        observe { event in
            if case let .value(value) = event { action(value) }
        }
    }
}
