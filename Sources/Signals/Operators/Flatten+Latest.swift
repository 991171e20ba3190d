/// `flatten(.latest)`: forwards only the newest inner stream, interrupting the previous one.
///
/// Each inner stream gets a generation number; only the newest generation may send values,
/// fail the result, or count towards completion. So the `interrupted` that a replaced stream
/// reports (because we disposed it) is dropped instead of reaching the result, and a value it
/// sends on another thread after being replaced is dropped too.
///
/// ## Locking
/// `state` guards every mutable field; it is never held while sending, starting, or disposing.
@usableFromInline
final class LatestFlattener<Value, InnerError: Swift.Error, Failure: Swift.Error>:
    InnerStreamsFlattener, @unchecked Sendable
{
    @usableFromInline
    struct State {
        /// The generation of the newest inner stream.
        @usableFromInline
        var generation: UInt64 = 0
        /// Whether the newest inner stream is still running.
        @usableFromInline
        var isInnerActive = false
        @usableFromInline
        var isOuterCompleted = false
        /// Set once the result's termination is decided (or its lifetime ended).
        @usableFromInline
        var isTerminated = false

        /// Whether an event of generation `id` still counts.
        @inlinable
        func isCurrent(_ id: UInt64) -> Bool { generation == id && !isTerminated }
    }

    @usableFromInline
    let state = StateBox(State())
    /// The interrupter of the newest inner stream. Setting a new one disposes the previous one;
    /// it is attached to the result's lifetime, so ending that interrupts the newest stream.
    @usableFromInline
    let current = SerialDisposable()
    @usableFromInline
    let observer: Signal<Value, Failure>.Observer
    @usableFromInline
    let innerError: (InnerError) -> Failure

    @inlinable
    init(
        observer: Signal<Value, Failure>.Observer,
        lifetime: Lifetime,
        innerError: @escaping (InnerError) -> Failure
    ) {
        self.observer = observer
        self.innerError = innerError
        // Before `current`, so the interruption that ending the lifetime causes is stale.
        lifetime.observeEnded { [state] in state.modify { $0.isTerminated = true } }
        lifetime += current
    }

    @inlinable
    func receive(_ producer: SignalProducer<Value, InnerError>) {
        let id: UInt64? = state.modify { state in
            guard !state.isTerminated else { return nil }
            state.generation &+= 1
            state.isInnerActive = true
            return state.generation
        }
        guard let id else { return }
        producer.startWithSignal { signal, interrupter in
            // Interrupts the previous stream before this one starts; its events are stale now.
            current.inner = interrupter
            signal.observe { [self] event in handle(event, fromGeneration: id) }
        }
    }

    @inlinable
    func handle(_ event: Signal<Value, InnerError>.Event, fromGeneration id: UInt64) {
        switch event {
        case let .value(value):
            if state.modify({ $0.isCurrent(id) }) { observer.send(value: value) }
        case let .failed(error):
            let fails: Bool = state.modify { state in
                guard state.isCurrent(id) else { return false }
                state.isTerminated = true
                return true
            }
            if fails { observer.send(error: innerError(error)) }
        case .completed, .interrupted:
            // An interruption that reaches here was not caused by a replacement (that one is
            // stale): as in ReactiveSwift it counts as completion.
            let completes: Bool = state.modify { state in
                guard state.isCurrent(id) else { return false }
                state.isInnerActive = false
                guard state.isOuterCompleted else { return false }
                state.isTerminated = true
                return true
            }
            if completes { observer.sendCompleted() }
        }
    }

    @inlinable
    func outerDidComplete() {
        let completes: Bool = state.modify { state in
            state.isOuterCompleted = true
            guard !state.isTerminated, !state.isInnerActive else { return false }
            state.isTerminated = true
            return true
        }
        if completes { observer.sendCompleted() }
    }

    @inlinable
    func terminate() -> Bool {
        state.modify { state in
            defer { state.isTerminated = true }
            return !state.isTerminated
        }
    }
}
