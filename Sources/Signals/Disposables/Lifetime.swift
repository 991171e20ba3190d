import Synchronization

/// Represents how long something lives: observers can attach work to its end.
///
/// A signal's generator receives the lifetime of the signal; `Lifetime.make()` gives a
/// lifetime ended by a token (typically held by an object, so the lifetime ends when the
/// object is deinitialized).
///
/// The disposables are held here directly (not in a separate `CompositeDisposable`): every
/// operator's signal has a lifetime, so its size is the memory cost of every small graph.
public class Lifetime: @unchecked Sendable {
    /// Guards `children`.
    @usableFromInline
    let lock = Lock()
    /// Whether a `SubscriptionBase` (a subclass) still delivers; unused by other lifetimes.
    /// Declared here, not in the subclass, because here it fills the padding after `lock`: a
    /// subclass's fields start after this class's, and every core and subscription would be
    /// 8 bytes larger.
    @usableFromInline
    let subscriptionIsActive = Atomic<Bool>(true)
    /// True for a `Signal.Operator` and an `Inlet` (subclasses): a core delivers to them
    /// through `SubscriptionBase.receive(_:)`, which reads the event in place, rather than to a
    /// `Signal.Subscription`'s action. Set before the object is shared, never changed. Here,
    /// like `subscriptionIsActive`, to fill padding.
    @usableFromInline
    @exclusivity(unchecked) final var receivesInPlace = false
    /// True for a `Signal.PropertyCore` (a subclass), which keeps its latest value. Set before
    /// the object is shared, never changed; here to fill padding, like `receivesInPlace`.
    @usableFromInline
    @exclusivity(unchecked) final var keepsLatest = false

    // The state of a signal core (`SignalCoreBase`, a subclass), guarded by its `mutex`:
    // declared here for the same reason as `subscriptionIsActive`. With the fields above they
    // fill the word after the object's header, and every signal core is 16 bytes smaller than
    // with its own word for them and a token counter here: most cores are 8 bytes past a
    // 16-byte boundary, so 8 bytes less would save nothing.
    /// Guards all mutable state of a signal core; held only for bookkeeping, never across a
    /// callout. Distinct from `lock`, which guards the lifetime and the subscription.
    @usableFromInline
    let mutex = Lock()
    /// A signal core's life cycle (see `CorePhase`).
    @usableFromInline
    @exclusivity(unchecked) final var phase = CorePhase.alive
    /// Whether, and how, some thread is delivering a core's events (see `CoreDelivery`).
    /// Atomic because a fed delivery ends without the lock; read under `mutex` otherwise.
    @usableFromInline
    let delivery = Atomic<CoreDelivery>(.idle)
    /// Whether a core's public `Signal` wrapper is still there (see `CoreWrapper`).
    @usableFromInline
    @exclusivity(unchecked) final var wrapper = CoreWrapper.held

    /// What to dispose at the end.
    @usableFromInline
    @exclusivity(unchecked) final var children = Children.none

    /// The children of a lifetime. Most lifetimes (an operator's) hold exactly one, a
    /// subscription to the operator's source, so that one is stored inline: no array buffer
    /// per operator. Inline only as a `SubscriptionBase`, a class reference, so the enum is
    /// one word rather than a two-word existential; every lifetime (and so every core and
    /// subscription) is 8 bytes smaller for it. The price: a lone child of another kind (an
    /// `observeEnded` action, a pipe's disposable) takes an array of one.
    ///
    /// A child added by `add(_:)` has a token, which its `Handle` removes it by: 1 for `one`,
    /// stored beside each child of `many`. No counter is kept: a new child of `many` takes the
    /// token after the last one's, which is greater than every token still in use (a child
    /// leaves only through its handle, once, or at the end), so a token is never given to two
    /// children alive at once.
    @usableFromInline
    enum Children {
        case none
        /// One subscription, added with token 1.
        case one(SubscriptionBase)
        /// The newest of the subscriptions chained by `keep(chaining:)`, while no token was
        /// handed out: each links to the next through its own `children`.
        case chained(SubscriptionBase)
        case many(ContiguousArray<(token: UInt32, disposable: Disposable)>)
        case ended
    }

    @inlinable
    init() {}

    /// A lifetime that ends when `disposables` is disposed.
    @inlinable
    public convenience init(_ disposables: CompositeDisposable) {
        self.init()
        disposables.add(AnyDisposable { [weak self] in self?.end() })
    }

    /// Whether the lifetime has ended.
    @inlinable
    public final var hasEnded: Bool {
        lock.withLock {
            if case .ended = children { return true }
            return false
        }
    }

    /// Runs `action` when the lifetime ends (at once if it already has). Returns a handle that
    /// cancels the registration.
    @discardableResult
    @inlinable
    public final func observeEnded(_ action: @escaping () -> Void) -> Disposable? {
        add(AnyDisposable(action))
    }

    /// A signal that completes when the lifetime ends.
    @inlinable
    public final var ended: Signal<Never, Never> {
        Signal { observer, signalLifetime in
            signalLifetime += self.observeEnded { observer.sendCompleted() }
        }
    }

    /// Disposes `disposable` when `lifetime` ends.
    @discardableResult
    @inlinable
    public static func += (lifetime: Lifetime, disposable: Disposable?) -> Disposable? {
        guard let disposable else { return nil }
        return lifetime.add(disposable)
    }

    /// Adds `disposable` (disposing it at once if the lifetime has ended).
    @inlinable
    final func add(_ disposable: Disposable) -> Disposable? {
        let token: UInt32? = lock.withLock { insert(disposable) }
        guard let token else {
            disposable.dispose()
            return nil
        }
        return Handle(lifetime: self, token: token)
    }

    /// With the lock held: adds `disposable` as the newest child and returns its token (see
    /// `Children`); nil if the lifetime has ended.
    @inlinable
    final func insert(_ disposable: Disposable) -> UInt32? {
        switch children {
        case .ended:
            return nil
        case .none:
            if let subscription = disposable as? SubscriptionBase {
                children = .one(subscription)
            } else {
                children = .many([(token: UInt32(1), disposable: disposable)])
            }
            return 1
        case let .one(first):
            children = .many([(token: UInt32(1), disposable: first), (token: UInt32(2), disposable: disposable)])
            return 2
        case let .chained(head):
            // The chain stays behind its head; token 0 is never a handle's.
            children = .many([(token: UInt32(0), disposable: head), (token: UInt32(1), disposable: disposable)])
            return 1
        case var .many(list):
            children = .none // drop the enum's reference, so the append does not copy
            let token = (list.last?.token ?? 0) &+ 1
            list.append((token, disposable))
            children = .many(list)
            return token
        }
    }

    /// Forgets a child without disposing it.
    @inlinable
    final func remove(_ token: UInt32) {
        let removed: Disposable? = lock.withLock {
            switch children {
            case let .one(only) where token == 1:
                children = .none
                return only
            case var .many(list):
                guard let index = list.firstIndex(where: { $0.token == token }) else { return nil }
                children = .none
                let removed = list.remove(at: index).disposable
                children = .many(list)
                return removed
            case .none, .one, .chained, .ended:
                return nil
            }
        }
        // Released outside the lock: its deinit may run arbitrary code.
        _ = removed
    }

    /// Ends the lifetime now: disposes every child, outside the lock.
    @inlinable
    final func end() {
        let taken: Children = lock.withLock {
            defer { children = .ended }
            return children
        }
        switch taken {
        case let .one(only), let .chained(only):
            Lifetime.dispose(chainedFrom: only)
        case let .many(list):
            for child in list {
                if let subscription = child.disposable as? SubscriptionBase {
                    Lifetime.dispose(chainedFrom: subscription)
                } else {
                    child.disposable.dispose()
                }
            }
        case .none, .ended: break
        }
    }

    /// Disposes `first`, then the subscriptions chained behind it (see `keep(chaining:)`),
    /// one after the other rather than recursively: a merge may have many sources.
    @inlinable
    static func dispose(chainedFrom first: SubscriptionBase) {
        var next: SubscriptionBase? = first
        while let subscription = next {
            subscription.dispose()
            next = subscription.takeChained()
        }
    }

    /// Adds `subscription` (an operator's inlet, whose own lifetime is otherwise unused) as a
    /// child kept to the end, without a token: while this lifetime has never handed out a
    /// token, the children form a chain through their own `children`, the newest first, and
    /// `end()` disposes them all. An operator with several sources so needs no array buffer
    /// for them. Disposed at once if this lifetime has ended.
    @inlinable
    final func keep(chaining subscription: SubscriptionBase) {
        let kept: Bool = lock.withLock {
            switch children {
            case .ended:
                return false
            case .none:
                children = .chained(subscription)
            case let .chained(head):
                // Lock order: a lifetime, then a subscription not yet kept anywhere; nothing
                // takes them the other way round.
                subscription.lock.withLock { subscription.children = .chained(head) }
                children = .chained(subscription)
            case .one, .many:
                return insert(subscription) != nil
            }
            return true
        }
        if !kept { subscription.dispose() }
    }

    /// The subscription chained behind this one by `keep(chaining:)`, taken off (this
    /// lifetime has ended); nil when there is none.
    @inlinable
    final func takeChained() -> SubscriptionBase? {
        lock.withLock {
            guard case let .chained(next) = children else { return nil }
            children = .ended
            return next
        }
    }

    /// A lifetime and the token that ends it when the token is deinitialized (or `dispose()`d).
    @inlinable
    public static func make() -> (lifetime: Lifetime, token: Token) {
        let lifetime = Lifetime()
        return (lifetime, Token(lifetime))
    }

    /// A lifetime that has already ended.
    public static let empty: Lifetime = {
        let lifetime = Lifetime()
        lifetime.end()
        return lifetime
    }()

    /// Removes one child from its lifetime without disposing it (what `+=` returns).
    ///
    /// It holds the lifetime strongly: a weak reference would give every lifetime a
    /// side-table allocation for as long as it lives, although `+=`'s result is almost
    /// always discarded at once. Holding a lifetime keeps nothing else alive.
    @usableFromInline
    final class Handle: Disposable, @unchecked Sendable {
        /// Guards `lifetime`.
        @usableFromInline
        let lock = Lock()
        @usableFromInline
        @exclusivity(unchecked) var lifetime: Lifetime?
        @usableFromInline
        let token: UInt32

        @inlinable
        init(lifetime: Lifetime, token: UInt32) {
            self.lifetime = lifetime
            self.token = token
        }

        @usableFromInline
        var isDisposed: Bool { lock.withLock { lifetime == nil } }

        @inlinable
        func dispose() {
            let owner: Lifetime? = lock.withLock {
                defer { lifetime = nil }
                return lifetime
            }
            owner?.remove(token)
        }
    }

    /// Ends its lifetime when deinitialized: store it in the object whose lifetime it is.
    public final class Token: @unchecked Sendable {
        @usableFromInline
        let lifetime: Lifetime

        @inlinable
        init(_ lifetime: Lifetime) {
            self.lifetime = lifetime
        }

        /// Ends the lifetime now rather than at deinitialization.
        @inlinable
        public func dispose() {
            lifetime.end()
        }

        deinit {
            lifetime.end()
        }
    }
}
