import Synchronization

extension Signal {
    /// The state and delivery machinery behind a `Signal`.
    ///
    /// ## Delivery, reentrancy and threads
    /// Events are delivered one at a time ("serialized"). The thread that finds the core idle
    /// becomes the *deliverer*: it delivers its event and then drains the queue. A send that
    /// arrives while a delivery is under way — from an observer of this very signal
    /// (reentrancy) or from another thread — is appended to the queue together with a snapshot
    /// of the observers at that moment, and the deliverer hands it out after the current event,
    /// in order. Consequences, all deliberate and tested:
    /// - no deadlock and no trap on reentrant sends (ReactiveSwift deadlocks here);
    /// - every observer sees events in the order they were sent;
    /// - an observer receives exactly the events sent after it was added and before it was
    ///   removed (the snapshot, plus an `isActive` check at delivery time);
    /// - a send from a second thread may return before its event has been delivered, because
    ///   the first thread delivers it. Code that needs "delivered before I continue" must
    ///   send from one serial context, which is how view models are driven.
    ///
    /// ## Locking
    /// `mutex` guards every `var` below. It is never held while user code (an observer) runs.
    final class Core: @unchecked Sendable {
        /// Guards all mutable state of the core; held only for bookkeeping, never across a callout.
        private let mutex = Lock()

        private enum Phase: UInt8 { case alive, terminating, terminated }

        @exclusivity(unchecked) private var phase = Phase.alive
        /// Current observers, in subscription order.
        @exclusivity(unchecked) private var observers = ContiguousArray<Subscription>()
        /// Events waiting for the deliverer, each with the observers it is addressed to.
        @exclusivity(unchecked) private var queue = [(event: Event, recipients: ContiguousArray<Subscription>)]()
        /// Index of the next event to deliver in `queue` (avoids O(n) removeFirst).
        @exclusivity(unchecked) private var queueHead = 0
        /// True while some thread is delivering; it owns the queue until it finds it empty.
        @exclusivity(unchecked) private var isDelivering = false
        /// False once the public `Signal` wrapper has been deinitialized.
        @exclusivity(unchecked) private var hasWrapper = true
        /// The terminating event, once sent: replayed to operator plumbing that attaches after
        /// an operator ended during its own construction (see `observe(_:replayingTermination:)`).
        @exclusivity(unchecked) private var terminalEvent: Event?
        /// The latest value sent, kept only by property cores (`keepsLatest`).
        @exclusivity(unchecked) private var latest: Value?
        private let keepsLatest: Bool

        /// Ends when the signal terminates: disposes what the generator attached to it.
        /// Created on first use: pipes and properties rarely need one, and every small graph
        /// pays for each object.
        @exclusivity(unchecked) private var storedLifetime: Lifetime?

        init(keepingLatest initial: Value? = nil) {
            self.keepsLatest = initial != nil
            self.latest = initial
        }

        /// The lifetime of the signal: ends when it terminates (already ended if it has).
        var lifetime: Lifetime {
            mutex.withLock {
                if let storedLifetime { return storedLifetime }
                guard phase != .terminated else { return Lifetime.empty }
                let created = Lifetime()
                storedLifetime = created
                return created
            }
        }

        // MARK: Sending

        /// Sends `event` to every current observer (or queues it behind the delivery under way).
        func send(_ event: Event) {
            if let recipients = mutex.withLock({ admit(event) }) {
                deliver(event, to: recipients)
            }
        }

        /// With the lock held: records `event` and either queues it behind the delivery under
        /// way (returning nil) or makes the caller the deliverer (returning the recipients).
        private func admit(_ event: Event) -> ContiguousArray<Subscription>? {
            guard phase == .alive else { return nil }
            record(event)
            if isDelivering {
                queue.append((event, observers))
                return nil
            }
            isDelivering = true
            return observers
        }

        /// With the lock held: what sending `event` changes in the core's state.
        private func record(_ event: Event) {
            if keepsLatest, case let .value(value) = event { latest = value }
            if event.isTerminating {
                phase = .terminating
                terminalEvent = event
            }
        }

        /// Queues `event` without delivering it, for callers that decide events under a lock of
        /// their own: enqueuing in decision order keeps that order, and delivering later (in
        /// `deliverQueued()`, with their lock released) keeps observers out of their lock.
        /// Returns true when the caller became the deliverer and must call `deliverQueued()`.
        func enqueue(_ event: Event) -> Bool {
            mutex.withLock {
                guard phase == .alive else { return false }
                record(event)
                queue.append((event, observers))
                guard !isDelivering else { return false }
                isDelivering = true
                return true
            }
        }

        /// Delivers what `enqueue` queued; only the caller that `enqueue` made the deliverer.
        func deliverQueued() {
            if let (event, recipients) = mutex.withLock({ dequeue() }) { deliver(event, to: recipients) }
        }

        /// With the lock held: the next queued event, or nil after ending the delivery (the
        /// caller stops being the deliverer).
        private func dequeue() -> (Event, ContiguousArray<Subscription>)? {
            guard queueHead < queue.count else {
                queue = []
                queueHead = 0
                isDelivering = false
                return nil
            }
            defer { queueHead += 1 }
            return queue[queueHead]
        }

        /// Delivers `event`, then everything queued meanwhile, until the queue is empty.
        private func deliver(_ first: Event, to firstRecipients: ContiguousArray<Subscription>) {
            var event = first
            var recipients = firstRecipients
            while true {
                for subscription in recipients where subscription.isActive {
                    subscription.send(event)
                }
                if event.isTerminating {
                    finishTermination()
                    return
                }
                guard let next = mutex.withLock({ dequeue() }) else { return }
                (event, recipients) = next
            }
        }

        /// After the terminating event went out: drop observers and end the generator's lifetime.
        private func finishTermination() {
            let dropped: ContiguousArray<Subscription> = mutex.withLock {
                phase = .terminated
                isDelivering = false
                queue = []
                queueHead = 0
                defer { observers = [] }
                return observers
            }
            for subscription in dropped { subscription.deactivate() }
            mutex.withLock { storedLifetime }?.end()
        }

        // MARK: Observing

        /// Adds `observer`. For a property core with `sendingLatest`, the current value is
        /// delivered to this observer first, through the queue, so it can never be overtaken
        /// by a later value or duplicate one sent before.
        private enum ObserveOutcome { case added, addedDeliverNow(Value), terminated(Value?, Event?) }

        /// `replayingTermination`: an ended signal sends its own terminating event instead of
        /// `interrupted`. Operator plumbing (`lift`) uses it, because an operator may end while
        /// it is being built (`take(first: 0)`) and its `completed` must reach the producer's
        /// observer, not turn into an interruption.
        func observe(_ observer: Observer, sendingLatest: Bool = false, replayingTermination: Bool = false) -> Disposable? {
            attach(Subscription(.observer(observer), core: self), sendingLatest: sendingLatest, replayingTermination: replayingTermination)
        }

        /// Adds an observer that is just a closure: no `Observer` object in between, which
        /// saves an allocation and a call on every event for every operator.
        func observe(action: @escaping (Event) -> Void) -> Disposable? {
            attach(Subscription(.action(action), core: self), sendingLatest: false, replayingTermination: false)
        }

        private func attach(_ subscription: Subscription, sendingLatest: Bool, replayingTermination: Bool) -> Disposable? {
            let outcome: ObserveOutcome = mutex.withLock {
                guard phase == .alive else {
                    return .terminated(sendingLatest ? latest : nil, replayingTermination ? terminalEvent : nil)
                }
                observers.append(subscription)
                guard sendingLatest, let value = latest else { return .added }
                if isDelivering {
                    queue.append((.value(value), [subscription]))
                    return .added
                }
                isDelivering = true
                return .addedDeliverNow(value)
            }
            switch outcome {
            case .added:
                return subscription
            case let .addedDeliverNow(value):
                deliver(.value(value), to: [subscription])
                return subscription
            case let .terminated(value, terminal):
                // Observing an ended signal: ReactiveSwift's answer is a lone `interrupted`.
                // A property that has ended still has a value, and its producer completes.
                if let value {
                    subscription.send(.value(value))
                    subscription.send(.completed)
                } else {
                    subscription.send(terminal ?? .interrupted)
                }
                return nil
            }
        }

        /// Removes `subscription`. With no observers left and no wrapper that could gain new
        /// ones, the signal can never be observed again: it is interrupted to free upstream work.
        func remove(_ subscription: Subscription) {
            let orphaned: Bool = mutex.withLock {
                if let index = observers.firstIndex(where: { $0 === subscription }) {
                    observers.remove(at: index)
                }
                return observers.isEmpty && !hasWrapper && phase == .alive
            }
            if orphaned { send(.interrupted) }
        }

        /// The public `Signal` object went away.
        func signalDidDeinitialize() {
            let orphaned: Bool = mutex.withLock {
                hasWrapper = false
                return observers.isEmpty && phase == .alive
            }
            if orphaned { send(.interrupted) }
        }

        /// The last reference to the input observer went away: nobody can send any more.
        func inputDidDeinitialize() {
            send(.interrupted)
        }

        // MARK: Property support

        /// The current value of a property core.
        var currentValue: Value {
            guard let value = mutex.withLock({ latest }) else {
                preconditionFailure("currentValue read on a signal core that keeps no value")
            }
            return value
        }

        /// Applies `body` to the current value of a property core and sends the result, both
        /// under the lock, so concurrent modifications are never lost or reordered.
        func modify<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
            let (result, value, recipients): (Result, Value, ContiguousArray<Subscription>?) = try mutex.withLock {
                guard var value = latest else {
                    preconditionFailure("modify called on a signal core that keeps no value")
                }
                let result = try body(&value)
                return (result, value, admit(.value(value)))
            }
            if let recipients { deliver(.value(value), to: recipients) }
            return result
        }

        /// How many observers are attached (for tests of cleanup).
        var observerCount: Int {
            mutex.withLock { observers.count }
        }

        /// Whether the signal has terminated or is delivering its terminating event.
        var hasTerminated: Bool {
            mutex.withLock { phase != .alive }
        }
    }

    /// One observer's registration with a core; disposing it stops delivery to that observer.
    final class Subscription: Disposable, @unchecked Sendable {
        /// Where events go: an `Observer`, or directly a closure.
        enum Target {
            case observer(Observer)
            case action((Event) -> Void)
        }

        private let target: Target
        /// Read by the deliverer without the core's lock, hence atomic.
        private let active = Atomic<Bool>(true)
        /// Guards `core`.
        private let lock = Lock()
        /// Strong until disposal, so a held disposable can always remove its observer.
        @exclusivity(unchecked) private var core: Core?

        init(_ target: Target, core: Core) {
            self.target = target
            self.core = core
        }

        @inline(__always)
        func send(_ event: Event) {
            switch target {
            case let .observer(observer): observer.send(event)
            case let .action(action): action(event)
            }
        }

        var isActive: Bool { active.load(ordering: .acquiring) }

        var isDisposed: Bool { !isActive }

        func dispose() {
            guard active.exchange(false, ordering: .acquiringAndReleasing) else { return }
            let owner: Core? = lock.withLock {
                defer { core = nil }
                return core
            }
            owner?.remove(self)
        }

        /// Called by the core after termination: no more events, and no cycle back to it.
        func deactivate() {
            active.store(false, ordering: .releasing)
            lock.withLock { core = nil }
        }
    }
}
