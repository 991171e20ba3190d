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
    /// A single-source operator (`map`, `mapConst`, `filter`, `take(first:)`, `skip(first:)`)
    /// is *fed* instead (`feed(_:)`, `CoreDelivery.fed`): its source's deliverer, which
    /// already hands it one event at a time and queues every reentrant send upstream, delivers
    /// its events too, and ends each such delivery with a store rather than a second locked
    /// section, which halves the atomic read-modify-writes per hop, the bulk of a chain's
    /// per-event cost. Nothing else sends on such an operator but its interruption when it has
    /// lost its last observer, which `interrupt()` carries out at once when it finds a fed
    /// delivery under way.
    ///
    /// ## Locking
    /// `mutex` (in `SignalCoreBase`, with the observer list) guards every `var` of both
    /// classes. It is never held while user code (an observer) runs.
    ///
    /// ## Subclasses
    /// An operator's core may also be its subscription to its source (`Signal.Operator`), a
    /// property's keeps its latest value (`PropertyCore`), and the operators with several
    /// sources add their state (`Merging`, `Sampling`, `CombiningLatest`). Every member here is
    /// `final`, so the hot paths stay direct calls.
    @usableFromInline
    class Core: SignalCoreBase, @unchecked Sendable {
        /// Events waiting for the deliverer, the terminating event once sent, and the
        /// subscriptions retired during a delivery: the core's `spare` state, created the
        /// first time any is needed (most cores never need it).
        @inline(__always)
        @inlinable
        final var backlog: Backlog? {
            // Every spare state of a `Core` is a `Backlog` (see `makeSpare`).
            guard let spare else { return nil }
            return unsafeDowncast(spare, to: Backlog.self)
        }

        /// The latest value sent: always there for a property's core (a `PropertyCore`, which
        /// stores it), nil for every other. Not stored here, where a value such as a tuple of
        /// optional strings would make every operator on such values larger for nothing.
        @inline(__always)
        @inlinable
        final var latest: Value? {
            keepsLatest ? unsafeDowncast(self, to: PropertyCore.self).value : nil
        }

        /// How many values a property core has taken (see `PropertyCore.version`); 0 for
        /// every other core.
        @inline(__always)
        @inlinable
        final var valueVersion: UInt32 {
            keepsLatest ? unsafeDowncast(self, to: PropertyCore.self).version : 0
        }

        /// The rarely needed state of a core; guarded by the core's `mutex`.
        @usableFromInline
        final class Backlog: Spare {
            /// Events waiting for the deliverer, each with the observers it is addressed to.
            @usableFromInline
            var queue: [(event: Event, recipients: Recipients)] = []
            /// Index of the next event to deliver in `queue` (avoids O(n) removeFirst).
            @usableFromInline
            var head = 0
            /// The terminating event if it is a failure (its error is of this core's type; a
            /// `completed` or `interrupted` is kept in `phase` alone): replayed to operator
            /// plumbing that attaches after an operator ended during its own construction (see
            /// `observe(_:replayingTermination:)`, `Signal.Core.terminalEvent`).
            @usableFromInline
            var terminalEvent: Event?

            @inlinable
            override init() {}

            /// Forgets the delivered events; keeps a small buffer for the next burst.
            @inlinable
            func reset() {
                queue.removeAll(keepingCapacity: queue.capacity <= 8)
                head = 0
            }
        }

        /// A `Backlog`, the spare state of a core of this type. Runs unspecialized (an
        /// override in a generic class), once per core at most.
        @usableFromInline
        override func makeSpare() -> Spare { Backlog() }

        /// With the lock held: the backlog, created on first use.
        @inlinable
        final var ensuredBacklog: Backlog {
            unsafeDowncast(ensuredSpare, to: Backlog.self)
        }

        /// With the lock held: queues `event` for `recipients` behind the delivery under way.
        @inlinable
        final func enqueue(_ event: Event, for recipients: Recipients) {
            ensuredBacklog.queue.append((event, recipients))
        }

        // MARK: Sending

        /// `send(_:)` for an event an operator reads in place (see `SubscriptionBase.receive`):
        /// passed on without a copy.
        @inline(__always)
        @inlinable
        final func send(inPlace event: inout Event) {
            send(event)
        }

        /// Sends `event` to every current observer (or queues it behind the delivery under way).
        @inline(__always)
        @inlinable
        final func send(_ event: Event) {
            if let recipients = mutex.withLock({ admit(event) }) {
                deliver(event, to: recipients)
            }
        }

        /// Sends `event` from a single-source operator's `forward`, which its source's deliverer
        /// calls one event at a time (a *fed* delivery, see `CoreDelivery`): delivered at once,
        /// ended by a store rather than by taking the lock again to find the queue empty, since
        /// nothing can be queued behind it. Only `Mapping`, `MappingToConstant`, `Filtering`,
        /// `TakingFirst` and `SkippingFirst` call it: an operator with another source, or one
        /// that sends from anywhere but `forward`, must use `send(_:)`.
        @inline(__always)
        @inlinable
        final func feed(_ event: Event) {
            var released: ContiguousArray<SubscriptionBase>?
            guard let recipients = mutex.withLock({ admitFed(event, releasing: &released) }) else { return }
            released = nil // outside the lock: a subscription's release may run any deinit
            recipients.send(event)
            if event.isTerminating {
                finishTermination()
                return
            }
            // Racing a removal that marks the delivery `fedRetiring` just after this load costs
            // nothing but promptness: the next fed delivery releases what it retired.
            if delivery.load(ordering: .relaxed) == .fedRetiring {
                endFedDeliveryReleasingRetired()
            } else {
                delivery.store(.idle, ordering: .releasing)
            }
        }

        /// Ends a fed delivery during which observers were removed, and releases them (outside
        /// the lock).
        @inline(never)
        @inlinable
        final func endFedDeliveryReleasingRetired() {
            let released = mutex.withLock {
                defer { delivery.store(.idle, ordering: .releasing) }
                return takeRetired()
            }
            withExtendedLifetime(released) {}
        }

        /// With the lock held: `admit(_:)` for a fed delivery. A fed delivery ends without the
        /// lock, so what an observer's removal retired during an earlier one is handed back
        /// here, by the next (or released when the core ends), to be dropped outside. (Taken
        /// before the recipients are read, which is cheaper per event than taking it after
        /// them through `admit(_:)`.)
        @inline(__always)
        @inlinable
        final func admitFed(_ event: Event, releasing released: inout ContiguousArray<SubscriptionBase>?) -> Recipients? {
            guard phase == .alive else { return nil }
            record(event)
            // Relaxed: a fed operator's deliveries are serialized by its source (under the
            // source's lock when they change threads), so the last one has ended.
            guard delivery.load(ordering: .relaxed) == .idle else {
                // An interruption is being delivered (see `admit(_:)`).
                enqueue(event, for: recipients())
                return nil
            }
            // `extra` is the spare state, or a second observer (then `takeRetired` finds no
            // spare state): one word tested for nil on the usual path.
            if observers.extra != nil { released = takeRetired() }
            delivery.store(.fed, ordering: .relaxed)
            return recipients()
        }

        /// With the lock held: the subscriptions retired since the last delivery ended.
        @inline(never)
        @inlinable
        final func takeRetired() -> ContiguousArray<SubscriptionBase>? {
            guard let spare, !spare.retired.isEmpty else { return nil }
            defer { spare.retired = [] }
            return spare.retired
        }

        /// With the lock held: records `event` and either queues it behind the delivery under
        /// way (returning nil) or makes the caller the (draining) deliverer (returning the
        /// recipients).
        @inline(__always)
        @inlinable
        final func admit(_ event: Event) -> Recipients? {
            guard phase == .alive else { return nil }
            record(event)
            if isDelivering {
                // Never behind a fed delivery, which drains no queue: a fed operator's source
                // feeds it one event at a time, and its interruption, the only other send,
                // does not queue (see `interrupt()`). (A fed operator drains only that
                // interruption, which ends it: `phase` has turned this event away above.)
                assert(!delivery.load(ordering: .relaxed).isFed, "an event sent on a fed operator from outside its source")
                enqueue(event, for: recipients())
                return nil
            }
            delivery.store(.draining, ordering: .relaxed)
            return recipients()
        }

        /// With the lock held: the current observers as recipients of an event. Valid without
        /// a reference count while `isDelivering` holds (see `Recipients`).
        @inline(__always)
        @inlinable
        final func recipients() -> Recipients {
            switch observers.storage {
            case let .one(single): .one(Unmanaged.passUnretained(single))
            case .two: .two(Unmanaged.passUnretained(self))
            case let .many(buffer): .all(buffer)
            case .none: .nobody
            }
        }

        /// With the lock held: what sending `event` changes in the core's state.
        @inline(__always)
        @inlinable
        final func record(_ event: Event) {
            if case let .value(value) = event {
                if keepsLatest {
                    let property = unsafeDowncast(self, to: PropertyCore.self)
                    property.value = value
                    property.version &+= 1
                }
            } else {
                recordTermination(event)
            }
        }

        /// With the lock held: the core starts terminating with `event`.
        @inline(never)
        @inlinable
        final func recordTermination(_ event: Event) {
            switch event {
            case .completed: phase = .terminating(.completed)
            case .interrupted: phase = .terminating(.interrupted)
            case .failed, .value:
                // A failure's error is kept in the spare state (see `CorePhase`).
                phase = .terminating(.failed)
                ensuredBacklog.terminalEvent = event
            }
        }

        /// With the lock held: the event the core terminated with, nil while alive.
        @inlinable
        final var terminalEvent: Event? {
            switch phase.terminalKind {
            case nil: nil
            case .completed: .completed
            case .interrupted: .interrupted
            case .failed: backlog?.terminalEvent
            }
        }

        /// With the lock held: admits `event` for an operator that decides its events under
        /// this core's `mutex` (`CombiningLatest`), so that deciding and admitting take one
        /// locked section and events are delivered in decision order. Returns the delivery the
        /// caller must make once the lock is released (`Handoff.deliver()`, which keeps
        /// observers out of the lock) when it became the deliverer; nil when the event was
        /// queued behind the delivery under way (or dropped because the signal ended).
        @inline(__always)
        @inlinable
        final func admitHandingOff(_ event: consuming Event) -> Handoff? {
            guard let recipients = admit(event) else { return nil }
            // Moved into the handoff, not copied (see `deliver`).
            return Handoff(core: Unmanaged.passUnretained(self), event: event, recipients: recipients)
        }

        /// With the lock held: the next queued event, or nil after ending the delivery (the
        /// caller stops being the deliverer). When the delivery ends, the subscriptions retired
        /// during it are handed back in `released`, to be dropped outside the lock.
        @inline(__always)
        @inlinable
        final func dequeue(_ released: inout ContiguousArray<SubscriptionBase>?) -> (Event, Recipients)? {
            guard let backlog else {
                delivery.store(.idle, ordering: .releasing)
                return nil
            }
            guard backlog.head < backlog.queue.count else {
                if backlog.head != 0 { backlog.reset() }
                if !backlog.retired.isEmpty {
                    released = backlog.retired
                    backlog.retired = []
                }
                delivery.store(.idle, ordering: .releasing)
                return nil
            }
            defer { backlog.head += 1 }
            return backlog.queue[backlog.head]
        }

        /// Delivers `event`, then everything queued meanwhile, until the queue is empty.
        @inline(__always)
        @inlinable
        final func deliver(_ first: Event, to firstRecipients: Recipients) {
            // The first event is sent as borrowed rather than copied into a loop variable: a
            // copy of a value with several references (a tuple of strings) goes through its
            // type's value witness on every hop.
            firstRecipients.send(first)
            if first.isTerminating {
                finishTermination()
                return
            }
            var released: ContiguousArray<SubscriptionBase>?
            while let (event, recipients) = mutex.withLock({ dequeue(&released) }) {
                recipients.send(event)
                if event.isTerminating {
                    finishTermination()
                    return
                }
            }
        }

        /// After the terminating event went out: drop observers and end the generator's lifetime.
        @inlinable
        final func finishTermination() {
            let (dropped, wasRetired): (ContiguousArray<SubscriptionBase>, ContiguousArray<SubscriptionBase>) = mutex.withLock {
                phase = phase.terminated
                delivery.store(.idle, ordering: .releasing)
                guard let backlog else { return (observers.removeAll(), []) }
                backlog.queue = []
                backlog.head = 0
                defer { backlog.retired = [] }
                return (observers.removeAll(), backlog.retired)
            }
            withExtendedLifetime(wasRetired) {
                finishTermination(dropping: dropped)
            }
        }

        /// Outside the lock, once the core is `terminated`: deactivates its former observers,
        /// stops observing its source and ends its lifetime.
        @inlinable
        final func finishTermination(dropping dropped: ContiguousArray<SubscriptionBase>) {
            for subscription in dropped { subscription.deactivate() }
            // An operator core stops observing its source (no other core observes anything).
            if receivesInPlace { dispose() }
            end()
        }

        // MARK: Observing

        /// Adds `observer`. For a property core with `sendingLatest`, the current value is
        /// delivered to this observer first, through the queue, so it can never be overtaken
        /// by a later value or duplicate one sent before.
        @usableFromInline
        enum ObserveOutcome { case added, addedDeliverNow(Value), terminated(Value?, Event?) }

        /// `replayingTermination`: an ended signal sends its own terminating event instead of
        /// `interrupted`. Operator plumbing (`lift`) uses it, because an operator may end while
        /// it is being built (`take(first: 0)`) and its `completed` must reach the producer's
        /// observer, not turn into an interruption.
        @inlinable
        final func observe(_ observer: Observer, sendingLatest: Bool = false, replayingTermination: Bool = false) -> Disposable? {
            attach(Subscription(.observer(observer), core: self), sendingLatest: sendingLatest, replayingTermination: replayingTermination)
        }

        /// Adds an observer that is just a closure: no `Observer` object in between, which
        /// saves an allocation and a call on every event for every operator.
        @inlinable
        final func observe(action: @escaping (Event) -> Void) -> Disposable? {
            attach(Subscription(.action(action), core: self), sendingLatest: false, replayingTermination: false)
        }

        /// For a property derived from this property core: observes with `action`, first
        /// sending the current value only if it changed since `version` (read with
        /// `currentValueAndVersion`), so the derived property neither misses a change nor
        /// repeats the value it started from.
        @inlinable
        final func observe(action: @escaping (Event) -> Void, sendingLatestIfChangedSince version: UInt32) -> Disposable? {
            attach(Subscription(.action(action), core: self), sendingLatest: true, unlessVersion: version, replayingTermination: true)
        }

        /// The current value of a property core and its version (see `valueVersion`).
        @inlinable
        final var currentValueAndVersion: (Value, UInt32) {
            let (value, version) = mutex.withLock { (latest, valueVersion) }
            guard let value else { preconditionFailure("currentValueAndVersion read on a signal core that keeps no value") }
            return (value, version)
        }

        /// Adds an operator core as an observer: it is its own subscription (see
        /// `Signal.Operator`). With `replayingTermination`, as in `observe`.
        @inlinable
        final func attach(operator node: SubscriptionBase, replayingTermination: Bool) {
            node.observing(self)
            _ = attach(node, sendingLatest: false, replayingTermination: replayingTermination)
        }

        /// Hands `event` to one of this core's subscriptions: an ordinary one by a direct,
        /// specialized call (it is a `Subscription` of this core's types), an operator core
        /// through `receive(_:)`, by the address of the borrowed event (no copy; see there).
        @inline(__always)
        @inlinable
        static func hand(_ event: Event, to subscription: SubscriptionBase) {
            if subscription.receivesInPlace {
                withUnsafePointer(to: event) { subscription.receive(UnsafeMutableRawPointer(mutating: $0)) }
            } else {
                unsafeDowncast(subscription, to: Subscription.self).send(event)
            }
        }

        @inlinable
        final func attach(
            _ subscription: SubscriptionBase,
            sendingLatest requested: Bool,
            unlessVersion version: UInt32? = nil,
            replayingTermination: Bool
        ) -> Disposable? {
            let outcome: ObserveOutcome = mutex.withLock {
                let sendingLatest = requested && valueVersion != version
                guard phase == .alive else {
                    return .terminated(sendingLatest ? latest : nil, replayingTermination ? terminalEvent : nil)
                }
                freezePairIfDelivering()
                observers.append(subscription)
                guard sendingLatest, let value = latest else { return .added }
                if isDelivering {
                    enqueue(.value(value), for: .one(Unmanaged.passUnretained(subscription)))
                    return .added
                }
                delivery.store(.draining, ordering: .relaxed)
                return .addedDeliverNow(value)
            }
            switch outcome {
            case .added:
                return subscription
            case let .addedDeliverNow(value):
                deliver(.value(value), to: .one(Unmanaged.passUnretained(subscription)))
                return subscription
            case let .terminated(value, terminal):
                // Observing an ended signal: ReactiveSwift's answer is a lone `interrupted`.
                // A property that has ended still has a value, and its producer completes.
                if let value {
                    Core.hand(.value(value), to: subscription)
                    Core.hand(.completed, to: subscription)
                } else {
                    Core.hand(terminal ?? .interrupted, to: subscription)
                }
                return nil
            }
        }

        /// Sends `interrupted`. A fed operator (see `feed(_:)`) is interrupted only when it has
        /// no observer left and no wrapper (`SignalCoreBase.remove`, `signalDidDeinitialize`),
        /// possibly by one of its observers during the fed delivery or from another thread
        /// meanwhile: there is nobody to deliver to, and no queue the fed delivery would drain,
        /// so it ends at once, keeping what it retired until it is released (the fed deliverer
        /// may still hold those subscriptions without a reference count).
        @inlinable
        final override func interrupt() {
            // Either the recipients of a delivery to make, or the observers of a core ended at once.
            let (recipients, ended): (Recipients?, ContiguousArray<SubscriptionBase>?) = mutex.withLock {
                guard phase == .alive else { return (nil, nil) }
                guard delivery.load(ordering: .relaxed).isFed else { return (admit(.interrupted), nil) }
                record(.interrupted)
                phase = phase.terminated
                return (nil, observers.removeAll())
            }
            if let recipients {
                deliver(.interrupted, to: recipients)
            } else if let ended {
                finishTermination(dropping: ended)
            }
        }

        /// The last reference to the input observer went away: nobody can send any more.
        @inlinable
        final func inputDidDeinitialize() {
            send(.interrupted)
        }

        // MARK: Property support

        /// The current value of a property core.
        @inlinable
        final var currentValue: Value {
            guard let value = mutex.withLock({ latest }) else {
                preconditionFailure("currentValue read on a signal core that keeps no value")
            }
            return value
        }

        /// Applies `body` to the current value of a property core and sends the result, both
        /// under the lock, so concurrent modifications are never lost or reordered.
        @inlinable
        final func modify<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
            let (result, value, recipients): (Result, Value, Recipients?) = try mutex.withLock {
                guard var value = latest else {
                    preconditionFailure("modify called on a signal core that keeps no value")
                }
                let result = try body(&value)
                return (result, value, admit(.value(value)))
            }
            if let recipients { deliver(.value(value), to: recipients) }
            return result
        }

    }

    /// The core of a property: a signal core that keeps the latest value (see `Core.latest`).
    @usableFromInline
    final class PropertyCore: Core, @unchecked Sendable {
        /// Guarded by `mutex`, like every `var` of a core.
        @usableFromInline
        @exclusivity(unchecked) var value: Value
        /// Counts the values taken, so a derived property can tell whether its source
        /// changed between reading its value and subscribing (see `Property(mapping:)`).
        /// Guarded by `mutex`.
        @usableFromInline
        @exclusivity(unchecked) var version: UInt32 = 0

        @inlinable
        init(_ initial: Value) {
            value = initial
            super.init()
            keepsLatest = true
        }
    }

    /// A delivery decided under a core's lock, to be made once that lock is released (see
    /// `Core.admitHandingOff`). Holds its core without a reference count: the caller is the
    /// core's own method, run by a source's delivery, which keeps the core alive until it
    /// calls `deliver()`.
    @usableFromInline
    struct Handoff {
        @usableFromInline
        let core: Unmanaged<Core>
        @usableFromInline
        let event: Event
        @usableFromInline
        let recipients: Recipients

        @inlinable
        init(core: Unmanaged<Core>, event: Event, recipients: Recipients) {
            self.core = core
            self.event = event
            self.recipients = recipients
        }

        /// Delivers the event, then whatever was queued behind it.
        @inline(__always)
        @inlinable
        func deliver() {
            core._withUnsafeGuaranteedRef { $0.deliver(event, to: recipients) }
        }
    }

    /// The observers an event is addressed to: the core's observers when it was sent.
    ///
    /// One or two observers, the usual cases inside a graph, are held without a reference
    /// count: two atomic operations fewer per observer and hop. That is safe because a core
    /// only hands out recipients to its deliverer, and while a delivery is under way every
    /// subscription removed from the core is kept alive in its spare state's `retired` until
    /// it ends (and an inline pair that the list gives up meanwhile as well: see
    /// `SignalCoreBase.ensuredSpare`). Observers in a buffer (three or more, or two once the
    /// core has a spare state: see `ObserverList`) travel as the core's `ObserverBuffer`
    /// itself, which keeps them alive and which the core copies rather than changes while it
    /// is shared.
    @usableFromInline
    enum Recipients {
        case nobody
        case one(Unmanaged<SubscriptionBase>)
        /// The two observers the core (this payload) holds inline, read when this delivery to
        /// them begins (`SignalCoreBase.deliveryPair()`), held as `one` is. The core rather
        /// than the pair: two references would make this enum two words, and every hop of a
        /// chain of single observers slower.
        case two(Unmanaged<SignalCoreBase>)
        case all(ObserverBuffer)

        /// Hands `event` to each subscription still active (see `Core.hand(_:to:)`).
        @inline(__always)
        @inlinable
        func send(_ event: Event) {
            switch self {
            case let .one(subscription):
                subscription._withUnsafeGuaranteedRef { if $0.isActive { Core.hand(event, to: $0) } }
            case let .two(core):
                guard let pair = core._withUnsafeGuaranteedRef({ $0.deliveryPair() }) else { return }
                pair.first._withUnsafeGuaranteedRef { if $0.isActive { Core.hand(event, to: $0) } }
                pair.second._withUnsafeGuaranteedRef { if $0.isActive { Core.hand(event, to: $0) } }
            case let .all(subscriptions):
                subscriptions.forEach { if $0.isActive { Core.hand(event, to: $0) } }
            case .nobody:
                break
            }
        }
    }
}
