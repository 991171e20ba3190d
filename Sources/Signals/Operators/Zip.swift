extension Signal {
    /// Pairs the values of every signal of a sequence by index into arrays, in the order of
    /// the sequence; see `zip(_:_:)`. An empty sequence completes at once, as `combineLatest`
    /// does here (ReactiveSwift would never send anything).
    @inlinable
    public static func zip<S: Sequence>(_ signals: S) -> Signal<[Value], Error>
    where S.Element == Signal<Value, Error> {
        let sources = Array(signals)
        return Signal<[Value], Error> { observer, lifetime in
            guard !sources.isEmpty else { return observer.sendCompleted() }
            let queues = sources.map { _ in ZipQueue<Value>() }
            let zipper = Zipper<[Value], Error>(queues: queues, sendingTo: observer) {
                queues.map { $0.removeFirst() }
            }
            for (signal, queue) in Swift.zip(sources, queues) {
                lifetime += zipper.attach(signal, queue)
            }
        }
    }
}

extension SignalProducer {
    /// Starts every producer of a sequence and pairs their values by index into arrays. An
    /// empty sequence completes at once.
    @inlinable
    public static func zip<S: Sequence>(_ producers: S) -> SignalProducer<[Value], Error>
    where S.Element == SignalProducer<Value, Error> {
        let sources = Array(producers)
        return SignalProducer<[Value], Error> { observer, lifetime in
            // Observing a signal that already ended yields `interrupted`, so the empty case
            // completes here rather than through an already-completed `Signal.zip([])`.
            guard !sources.isEmpty else { return observer.sendCompleted() }
            SignalProducer.startWithSignals(sources, lifetime: lifetime) { signals in
                lifetime += Signal.zip(signals).observeForwarding(observer)
            }
        }
    }
}

/// The shared state of one zip subscription: the sources' buffers (each a `ZipQueue`), when a
/// tuple is ready, and when the zip is done. Termination bookkeeping reuses `CombineState`,
/// whose lock also guards every queue and the outbox.
///
/// ## Why an outbox
/// Sources may deliver on different threads. A tuple is formed under the lock but must be sent
/// after it is released; meanwhile another source may complete and find its buffer empty, and
/// its `completed` would overtake the tuple, which the ended signal would then drop (ReactiveSwift
/// guards the same race with `hasConcurrentlyCompleted`). So every decision is appended to the
/// outbox under the lock, and one thread at a time sends the outbox in order, without the lock.
/// A send that arrives while another thread (or an observer reentrantly) is sending is left for
/// that sender, as `Signal.Core` does.
@usableFromInline
final class Zipper<Output, Error: Swift.Error>: @unchecked Sendable {
    @usableFromInline
    typealias Event = Signal<Output, Error>.Event

    @usableFromInline
    let state: CombineState
    @usableFromInline
    let queues: [any ZipQueueProtocol]
    /// Takes the first value out of every queue; called under the lock, only when none is empty.
    @usableFromInline
    let dequeue: () -> Output
    @usableFromInline
    let observer: Signal<Output, Error>.Observer
    /// Events decided but not yet sent, in decision order. Guarded by `state.lock`.
    @usableFromInline
    var outbox: [Event] = []
    /// True while a thread is sending the outbox; it sends until it finds the outbox empty.
    /// Guarded by `state.lock`.
    @usableFromInline
    var isSending = false

    @inlinable
    init(
        queues: [any ZipQueueProtocol],
        sendingTo observer: Signal<Output, Error>.Observer,
        dequeue: @escaping () -> Output
    ) {
        self.state = CombineState()
        self.queues = queues
        self.observer = observer
        self.dequeue = dequeue
    }

    /// Observes one source, buffering its values in `queue`.
    @inlinable
    func attach<T>(_ signal: Signal<T, Error>, _ queue: ZipQueue<T>) -> Disposable? {
        signal.observe { event in
            switch event {
            case let .value(value): self.decide { self.receive(value, into: queue) }
            case .completed: self.decide { self.complete(queue) }
            case let .failed(error): self.decide { self.terminate(with: .failed(error)) }
            case .interrupted: self.decide { self.terminate(with: .interrupted) }
            }
        }
    }

    /// Runs `rule` under the lock, queues the events it decides behind those decided earlier,
    /// and sends the outbox unless another thread already is.
    @inlinable
    func decide(_ rule: () -> [Event]) {
        var batch: [Event] = state.lock.withLock {
            outbox += rule()
            guard !isSending, !outbox.isEmpty else { return [] }
            isSending = true
            defer { outbox = [] }
            return outbox
        }
        while !batch.isEmpty {
            for event in batch { observer.send(event) }
            batch = state.lock.withLock {
                guard !outbox.isEmpty else {
                    isSending = false
                    return []
                }
                defer { outbox = [] }
                return outbox
            }
        }
    }

    /// Under the lock: stores `value`, then takes out a tuple if every queue has one. A completed
    /// source whose buffer is now empty can never contribute again, so the zip is then done.
    @inlinable
    func receive<T>(_ value: T, into queue: ZipQueue<T>) -> [Event] {
        guard !state.isTerminated else { return [] }
        queue.append(value)
        guard queues.allSatisfy({ !$0.isEmpty }) else { return [] }
        let output = dequeue()
        guard queues.contains(where: { $0.isCompleted && $0.isEmpty }) else { return [.value(output)] }
        state.isTerminated = true
        return [.value(output), .completed]
    }

    /// Under the lock: marks `queue`'s source completed; the zip is done if its buffer is empty.
    @inlinable
    func complete(_ queue: any ZipQueueProtocol) -> [Event] {
        guard !state.isTerminated else { return [] }
        queue.isCompleted = true
        guard queue.isEmpty else { return [] }
        state.isTerminated = true
        return [.completed]
    }

    /// Under the lock: ends the zip with `event` (a failure or an interruption) if not yet ended.
    @inlinable
    func terminate(with event: Event) -> [Event] {
        guard !state.isTerminated else { return [] }
        state.isTerminated = true
        return [event]
    }
}

/// What `Zipper` needs to know about a source's buffer, whatever its value type.
@usableFromInline
protocol ZipQueueProtocol: AnyObject {
    var isEmpty: Bool { get }
    var isCompleted: Bool { get set }
}

/// The values one zip source has sent that have not been paired yet, first in first out.
/// Guarded by its `Zipper`'s lock.
@usableFromInline
final class ZipQueue<T>: ZipQueueProtocol, @unchecked Sendable {
    @inlinable
    init() {}

    /// Slots before `head` are already dequeued (nil, so their values are released at once).
    @usableFromInline
    var items: [T?] = []
    @usableFromInline
    var head = 0
    @usableFromInline
    var isCompleted = false

    @usableFromInline
    var isEmpty: Bool { head == items.count }

    @inlinable
    func append(_ item: T) {
        items.append(item)
    }

    /// Only called when the queue is not empty.
    @inlinable
    func removeFirst() -> T {
        guard head < items.count, let item = items[head] else {
            preconditionFailure("zip dequeued from an empty buffer")
        }
        items[head] = nil
        head += 1
        // Reclaim the dequeued prefix once it is at least half the storage: amortized O(1).
        if head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        return item
    }
}
