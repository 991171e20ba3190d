import Synchronization

/// The half of a signal core that does not depend on the signal's types: the observer list,
/// the delivery state and the lifetime.
///
/// It is a non-generic base class so that removing an observer runs fully compiled code.
/// Disposal arrives through the `Disposable` existential, and a protocol witness of a generic
/// class is never specialized: written generically, each disposal would look up generic
/// metadata at run time and cost more than subscribing.
///
/// `mutex` guards every `var` here and in the generic `Signal.Core` built on it, and the core
/// state declared in `Lifetime` (`phase`, `delivery`, `wrapper`, which fill padding
/// there); it is never held while user code (an observer) runs.
///
/// The core is its own lifetime (the signal's, which ends when it terminates) rather than
/// owning a separate `Lifetime` object: nearly every operator's signal has one, and a separate
/// object would be one more heap block per operator. A pipe's core, which needs no lifetime,
/// is larger for it. The lifetime's lock is its own, distinct from `mutex`. Through
/// `SubscriptionBase` a core can also be a subscription: an operator's core observes its
/// source itself (`Signal.Operator`).
@usableFromInline
class SignalCoreBase: SubscriptionBase, @unchecked Sendable {
    /// Current observers, in subscription order. Each is a `Signal<Value, Error>.Subscription`
    /// of the subclass's types, or an operator core or inlet (see `Signal.Core.hand`). The
    /// list also holds `spare`, in the word a second observer uses until it is needed.
    @usableFromInline
    @exclusivity(unchecked) final var observers = ObserverList()

    /// The rarely needed state (`Signal.Core.Backlog`), created on first use: most cores
    /// never queue an event, never lose an observer during a delivery and never end while
    /// one is under way, and a core's size is paid by every operator of every graph.
    @inline(__always)
    @inlinable
    final var spare: Spare? { observers.spare }

    /// The part of a core's rarely needed state that does not depend on its types.
    @usableFromInline
    class Spare {
        /// Subscriptions removed while a delivery was under way. The deliverer may hold them
        /// without a reference count (see `Signal.Recipients`), so they are kept alive here
        /// until the delivery ends.
        @usableFromInline
        final var retired = ContiguousArray<SubscriptionBase>()
        /// The two observers that were inline when this spare state was made during a
        /// delivery: that delivery may be addressed to them (`Signal.Recipients.two`) and
        /// reads them here once the list no longer holds them as a pair (see
        /// `deliveryPair()`). Without a reference count: `retired` holds them until that
        /// delivery ends, and no later delivery reads this (the list never holds a pair
        /// again once the core has a spare state).
        @usableFromInline
        final var frozenPair: (first: Unmanaged<SubscriptionBase>, second: Unmanaged<SubscriptionBase>)?

        @inlinable
        init() {}
    }

    /// A core that observes nothing itself (an operator's core observes its source once
    /// attached by `Signal.Core.attach(operator:replayingTermination:)`).
    @inlinable
    override init() {
        super.init()
    }

    /// Whether some thread is delivering this core's events (draining its queue, or fed by
    /// the source of a single-source operator). Acquiring: a remover that finds a fed delivery
    /// ended may drop what that delivery held without a reference count.
    @inline(__always)
    @inlinable
    final var isDelivering: Bool { delivery.load(ordering: .acquiring) != .idle }

    /// The lifetime of the signal: ends when it terminates (already ended if it has), and
    /// then disposes what the generator attached to it.
    @inlinable
    final var lifetime: Lifetime { self }

    /// Removes `subscription`. With no observers left and no wrapper that could gain new
    /// ones, the signal can never be observed again: it is interrupted to free upstream work.
    @inlinable
    final func remove(_ subscription: SubscriptionBase) {
        let orphaned: Bool = mutex.withLock {
            // An ending core drops every observer once its terminating event is delivered
            // (`finishTermination`). A subscription disposed before that is already inactive,
            // so no delivery reaches it, and leaving it in the list until then spares making
            // the spare state to retire it in: an allocation and a run-time generic metadata
            // lookup, for each operator of a graph as it ends.
            guard phase == .alive else { return false }
            freezePairIfDelivering()
            // The deliverer may be holding it without a reference: keep it alive until the
            // delivery ends.
            if let removed = observers.remove(subscription), deliveryMayHoldRemoved() { ensuredSpare.retired.append(removed) }
            return observers.isEmpty && wrapper == .released
        }
        if orphaned { interrupt() }
    }

    /// With `mutex` held, as an observer is removed: whether a delivery under way may still
    /// hold it without a reference count (see `Signal.Recipients`), so that it must be kept
    /// until the delivery ends. A fed delivery, which ends without the lock, is told to take
    /// it then; if it has just ended instead, nothing holds the observer any more.
    @inlinable
    final func deliveryMayHoldRemoved() -> Bool {
        switch delivery.load(ordering: .acquiring) {
        case .idle:
            return false
        case .draining, .fedRetiring:
            return true
        case .fed:
            return delivery.compareExchange(expected: .fed, desired: .fedRetiring, ordering: .acquiringAndReleasing).exchanged
        }
    }

    /// The public `Signal` object went away.
    @inlinable
    final func signalDidDeinitialize() {
        let orphaned: Bool = mutex.withLock {
            if wrapper == .held { wrapper = .released }
            return wrapper == .released && observers.isEmpty && phase == .alive
        }
        if orphaned { interrupt() }
    }

    /// With `mutex` held: the spare state, created on first use. Made during a delivery,
    /// while two observers are inline, it keeps that pair for the delivery (`frozenPair`,
    /// alive in `retired`), which may be addressed to them and read them later.
    @inlinable
    final var ensuredSpare: Spare {
        if let spare { return spare }
        let made = makeSpare()
        if let pair = observers.setSpare(made), deliveryMayHoldRemoved() {
            made.frozenPair = (Unmanaged.passUnretained(pair.first), Unmanaged.passUnretained(pair.second))
            made.retired.append(pair.first)
            made.retired.append(pair.second)
        }
        return made
    }

    /// With `mutex` held, before the observers change: a delivery under way may be addressed
    /// to the two observers held inline (`Signal.Recipients.two`), which it reads only when
    /// it reaches them; the spare state made here keeps that pair for it (see
    /// `ensuredSpare`).
    @inline(__always)
    @inlinable
    final func freezePairIfDelivering() {
        if case .two = observers.storage, isDelivering { _ = ensuredSpare }
    }

    /// The two observers a delivery addressed as `Signal.Recipients.two` is for: the inline
    /// pair, or the pair kept when the list changed during that delivery. Takes `mutex`; nil
    /// only if neither is there, which the list's rules exclude.
    @inlinable
    final func deliveryPair() -> (first: Unmanaged<SubscriptionBase>, second: Unmanaged<SubscriptionBase>)? {
        mutex.withLock {
            if case let .two(first) = observers.storage, let second = observers.second {
                return (Unmanaged.passUnretained(first), Unmanaged.passUnretained(second))
            }
            return spare?.frozenPair
        }
    }

    /// A new spare state of the subclass's kind; `Signal.Core` overrides it (its `Backlog`
    /// also holds events of its type). Called once per core at most.
    @usableFromInline
    func makeSpare() -> Spare { Spare() }

    /// Sends `interrupted`; `Signal.Core` overrides it (only the subclass knows its event type).
    @inlinable
    func interrupt() {}

    /// How many observers are attached (for tests of cleanup).
    @inlinable
    final var observerCount: Int {
        mutex.withLock { observers.count }
    }

    /// Whether the signal has terminated or is delivering its terminating event.
    @inlinable
    final var hasTerminated: Bool {
        mutex.withLock { phase != .alive }
    }
}

/// The life cycle of a signal core: terminating while its terminating event is delivered,
/// then terminated; each with the kind of that event. (A field of `Lifetime`, see there.)
///
/// The kind is kept here so that a core ending with `completed` or `interrupted` (every core
/// of a graph whose error is `Never`, as each instance of a view model is destroyed) records
/// its end without its spare state: making that state for the event would be an allocation
/// and a run-time generic metadata lookup per core (the spare is made by unspecialized code).
/// Only a failure, whose error is of the core's type, is kept in the spare state
/// (`Signal.Core.Backlog.terminalEvent`).
@usableFromInline
enum CorePhase: UInt8 {
    case alive
    case completing, interrupting, failing
    case completed, interrupted, failed

    /// Terminating with an event of this kind.
    @inlinable
    static func terminating(_ kind: TerminalKind) -> CorePhase {
        switch kind {
        case .completed: .completing
        case .interrupted: .interrupting
        case .failed: .failing
        }
    }

    /// The phase once the terminating event has been delivered: terminated, same kind.
    @inlinable
    var terminated: CorePhase {
        switch self {
        case .alive: .alive
        case .completing, .completed: .completed
        case .interrupting, .interrupted: .interrupted
        case .failing, .failed: .failed
        }
    }

    /// The kind of the terminating event, nil while alive.
    @inlinable
    var terminalKind: TerminalKind? {
        switch self {
        case .alive: nil
        case .completing, .completed: .completed
        case .interrupting, .interrupted: .interrupted
        case .failing, .failed: .failed
        }
    }

    /// The kinds of terminating event.
    @usableFromInline
    enum TerminalKind { case completed, interrupted, failed }
}

/// How a signal core's events are being delivered. (A field of `Lifetime`, see there.)
///
/// A *draining* deliverer owns the core's queue: it delivers its event, then whatever was
/// queued behind it, and ends the delivery under the lock when it finds the queue empty. A
/// *fed* delivery is an event that a single-source operator (`map`, `filter`, `take(first:)`,
/// `skip(first:)`) forwards while its source's deliverer calls it: the source already hands
/// over one event at a time, and nothing else sends on such an operator but an interruption
/// (see `Signal.Core.interrupt`), so no event can be queued behind a fed one, and the delivery
/// ends with a store instead of taking the lock again: one atomic read-modify-write per
/// operator hop instead of two. `fedRetiring` is a fed delivery during which an observer was
/// removed: its deliverer takes the lock at the end after all, to release the subscription
/// (see `SignalCoreBase.remove`).
@usableFromInline
enum CoreDelivery: UInt8, AtomicRepresentable {
    case idle, draining, fed, fedRetiring

    /// A fed delivery, whether or not it retired a subscription.
    @inlinable
    var isFed: Bool { self == .fed || self == .fedRetiring }
}

/// What the deinitialization of a core's `Signal` wrapper means. A signal whose wrapper is
/// `released` and that has no observer can never be observed again, and is interrupted. A
/// `MutableProperty`'s core is `ignored`: its wrappers are made on demand (storing one per
/// property would be a heap block each), and it ends when the property does. (A field of
/// `Lifetime`, see there.)
@usableFromInline
enum CoreWrapper: UInt8 { case held, released, ignored }
