/// `flatten` with `merge`, `concat` or `concurrent(limit:)`: runs up to `limit` inner streams at
/// once and queues the rest in arrival order.
///
/// ## Starting inner streams without recursion
/// An inner stream that completes synchronously while it is being started (such as
/// `SignalProducer(value:)`) frees its slot before `start` returns. Starting the next one from
/// inside that completion would nest one stack frame per queued stream, so instead only one
/// caller at a time runs the start loop (`isDraining`); a completion that finds the loop
/// running just frees its slot, and the loop picks the next stream up when the current start
/// returns. The check "anything left to start?" and clearing `isDraining` happen under one
/// lock, so a slot freed on another thread is never missed; it is filled once the start in
/// progress returns (ReactiveSwift would fill it on the freeing thread at once).
///
/// ## Locking
/// `state` guards every mutable field; it is never held while sending or starting, so inner
/// streams may send synchronously and observers may feed the outer signal reentrantly.
@usableFromInline
final class ConcurrentFlattener<Value, InnerError: Swift.Error, Failure: Swift.Error>:
    InnerStreamsFlattener, @unchecked Sendable
{
    @usableFromInline
    struct State {
        /// Inner streams waiting for a slot, oldest first, from `head` on.
        @usableFromInline
        var queue: [SignalProducer<Value, InnerError>] = []
        /// Index of the oldest waiting stream (avoids O(n) removeFirst).
        @usableFromInline
        var head = 0
        /// How many inner streams have been started and not yet terminated.
        @usableFromInline
        var active: UInt = 0
        @usableFromInline
        var isOuterCompleted = false
        /// Set once the result's termination is decided (or its lifetime ended).
        @usableFromInline
        var isTerminated = false
        /// True while some caller runs the start loop in `drain()`.
        @usableFromInline
        var isDraining = false

        /// Nothing is running, nothing waits, and nothing more will arrive.
        @usableFromInline
        var isFinished: Bool { isOuterCompleted && active == 0 && head == queue.count }

        /// Takes the oldest waiting stream if a slot is free, counting it as active.
        @inlinable
        mutating func dequeue(limit: UInt) -> SignalProducer<Value, InnerError>? {
            guard !isTerminated, active < limit, head < queue.count else { return nil }
            let producer = queue[head]
            head += 1
            active += 1
            if head == queue.count {
                queue.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 64, head * 2 >= queue.count {
                queue.removeFirst(head)
                head = 0
            }
            return producer
        }

        @inlinable
        mutating func markTerminated() {
            isTerminated = true
            queue = []
            head = 0
        }
    }

    @usableFromInline
    let state = StateBox(State())
    @usableFromInline
    let limit: UInt
    @usableFromInline
    let observer: Signal<Value, Failure>.Observer
    /// The result's lifetime: inner interrupters are attached to it, so ending it (the result
    /// terminated or was disposed) interrupts every running inner stream.
    @usableFromInline
    let lifetime: Lifetime
    @usableFromInline
    let innerError: (InnerError) -> Failure

    @inlinable
    init(
        limit: UInt,
        observer: Signal<Value, Failure>.Observer,
        lifetime: Lifetime,
        innerError: @escaping (InnerError) -> Failure
    ) {
        self.limit = limit
        self.observer = observer
        self.lifetime = lifetime
        self.innerError = innerError
        // Registered before any inner interrupter, so it runs first when the lifetime ends: the
        // queued streams are released at once, and the inner streams interrupted by that ending
        // neither start queued ones nor try to complete the result.
        lifetime.observeEnded { [state] in state.modify { $0.markTerminated() } }
    }

    @inlinable
    func receive(_ producer: SignalProducer<Value, InnerError>) {
        let accepted: Bool = state.modify { state in
            guard !state.isTerminated else { return false }
            state.queue.append(producer)
            return true
        }
        if accepted { drain() }
    }

    @inlinable
    func outerDidComplete() {
        let completes: Bool = state.modify { state in
            state.isOuterCompleted = true
            guard !state.isTerminated, state.isFinished else { return false }
            state.markTerminated()
            return true
        }
        if completes { observer.sendCompleted() }
    }

    @inlinable
    func terminate() -> Bool {
        state.modify { state in
            defer { state.markTerminated() }
            return !state.isTerminated
        }
    }

    /// Starts waiting streams while slots are free, unless another caller already does.
    @inlinable
    func drain() {
        let claimed: Bool = state.modify { state in
            guard !state.isDraining else { return false }
            state.isDraining = true
            return true
        }
        guard claimed else { return }
        while let producer = state.modify({ state -> SignalProducer<Value, InnerError>? in
            if let next = state.dequeue(limit: limit) { return next }
            state.isDraining = false
            return nil
        }) {
            start(producer)
        }
    }

    @inlinable
    func start(_ producer: SignalProducer<Value, InnerError>) {
        producer.startWithSignal { signal, interrupter in
            // If the lifetime has ended, this disposes the interrupter at once: the stream is
            // not started and its signal reports `interrupted` to the observer below.
            let registration = lifetime += interrupter
            signal.observe { [self] event in
                switch event {
                case let .value(value):
                    observer.send(value: value)
                case let .failed(error):
                    if terminate() { observer.send(error: innerError(error)) }
                case .completed, .interrupted:
                    // Forget the interrupter so the lifetime does not grow with every stream.
                    registration?.dispose()
                    innerDidFinish()
                }
            }
        }
    }

    /// An inner stream completed or was interrupted (ReactiveSwift treats both alike).
    @inlinable
    func innerDidFinish() {
        let completes: Bool = state.modify { state in
            state.active -= 1
            guard !state.isTerminated, state.isFinished else { return false }
            state.markTerminated()
            return true
        }
        if completes {
            observer.sendCompleted()
        } else {
            drain()
        }
    }
}
