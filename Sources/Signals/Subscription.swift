import Synchronization

/// One observer's registration with a core; disposing it stops delivery to that observer.
///
/// The type-independent half (see `SignalCoreBase` for why it is not generic). Two kinds of
/// subclass receive events: the generic `Signal.Subscription` of an ordinary observer, and
/// the operators whose signal core is itself the subscription to their source
/// (`Signal.Operator`, through `receive(_:)`), so that an operator is one object rather than
/// a core, a subscription and a closure context.
///
/// It is a `Lifetime` because a core must be both (an operator core is the lifetime of its
/// signal and the subscription to its source) and Swift classes have one superclass: an
/// ordinary subscription carries the lifetime's few bytes unused. The lifetime's `lock` also
/// guards the observed core.
///
/// The observed core is stored by the subclasses that observe something (`Observing`, for
/// subscriptions and inlets, and `Signal.Operator`), not here: every signal core is a
/// `SubscriptionBase`, and a core that observes nothing (a property's, a pipe's) would carry
/// the field unused.
@usableFromInline
class SubscriptionBase: Lifetime, Disposable, @unchecked Sendable {
    // Whether it still delivers is `subscriptionIsActive`, stored in `Lifetime` (see there),
    // read by the deliverer without the core's lock, hence atomic.

    @inlinable
    override init() {
        super.init()
    }

    /// With `lock` held: replaces the observed core with `new` and returns the one it
    /// replaced. Nothing here, for a core that observes nothing.
    @usableFromInline
    func swapObserved(_ new: SignalCoreBase?) -> SignalCoreBase? { nil }

    /// An operator core or an inlet (`receivesInPlace`) receives one event of the observed signal, passed by
    /// address: the pointee is a `Signal<Value, Error>.Event` of the observed core's types,
    /// which `Signal.Operator` knows, borrowed from the caller for the call. The receiver
    /// reads it in place, as an `inout` argument (see `Signal.event(at:)`), and never
    /// modifies or moves it. Only a core's delivery calls it (see `Signal.Core.hand(_:to:)`).
    /// A `Signal.Subscription` is not called here but directly, by the core that knows its
    /// type.
    ///
    /// In place because every other way of reading an event through a pointer copies it (the
    /// compiler cannot know that nothing writes to it meanwhile), and a copy of an event with
    /// several references (a tuple of strings) goes through value witnesses.
    ///
    /// Called through the vtable, a method of a generic class runs in its unspecialized form,
    /// which copies events through value witnesses and looks up generic metadata: an override
    /// must only hand the event on, to a closure formed where the types are known.
    @usableFromInline
    func receive(_ event: UnsafeMutableRawPointer) {}

    @usableFromInline
    final var isActive: Bool { subscriptionIsActive.load(ordering: .acquiring) }

    @usableFromInline
    final var isDisposed: Bool { !isActive }

    /// Sets the observed core of a subscription made before it was attached (an operator core).
    @inlinable
    final func observing(_ observed: SignalCoreBase) {
        lock.withLock { _ = swapObserved(observed) }
    }

    @inlinable
    final func dispose() {
        guard subscriptionIsActive.exchange(false, ordering: .acquiringAndReleasing) else { return }
        let owner: SignalCoreBase? = lock.withLock { swapObserved(nil) }
        owner?.remove(self)
    }

    /// Called by the core after termination: no more events, and no cycle back to it.
    @inlinable
    final func deactivate() {
        subscriptionIsActive.store(false, ordering: .releasing)
        let observed: SignalCoreBase? = lock.withLock { swapObserved(nil) }
        // Released outside the lock.
        _ = observed
    }
}

/// A subscription or an inlet: something that observes a core and is nothing else.
@usableFromInline
class Observing: SubscriptionBase, @unchecked Sendable {
    /// The core this subscription observes (guarded by `lock`). Strong until disposal, so a
    /// held disposable can always remove its observer.
    @usableFromInline
    @exclusivity(unchecked) final var core: SignalCoreBase?

    @inlinable
    init(core: SignalCoreBase?) {
        self.core = core
        super.init()
    }

    @inlinable
    final override func swapObserved(_ new: SignalCoreBase?) -> SignalCoreBase? {
        defer { core = new }
        return core
    }
}

extension Signal {
    /// A subscription to a `Signal<Value, Error>`: where its events go.
    @usableFromInline
    final class Subscription: Observing, @unchecked Sendable {
        /// Where events go: an `Observer`, or directly a closure.
        @usableFromInline
        enum Target {
            case observer(Observer)
            case action((Event) -> Void)
        }

        /// The target as one closure in a plain `let`: a call through a borrowed,
        /// non-optional `let` closure needs no retain of its context. For an `Observer`
        /// target it is a closure capturing only the observer, whose context is the observer
        /// itself (no allocation).
        @usableFromInline
        let action: (Event) -> Void

        @inlinable
        init(_ target: Target, core: Core) {
            switch target {
            case let .observer(observer):
                self.action = { event in observer.send(event) }
            case let .action(action):
                self.action = action
            }
            super.init(core: core)
        }

        @inline(__always)
        @inlinable
        func send(_ event: Event) {
            action(event)
        }


    }
}
