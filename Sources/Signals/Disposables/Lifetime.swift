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
    /// Guards `children` and `nextToken`.
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
    /// The token of the latest child added.
    @usableFromInline
    @exclusivity(unchecked) final var nextToken: UInt32 = 0
    /// What to dispose at the end.
    @usableFromInline
    @exclusivity(unchecked) final var children = Children.none

    /// The children of a lifetime. Most lifetimes (an operator's) hold exactly one, a
    /// subscription to the operator's source, so that one is stored inline: no array buffer
    /// per operator. Inline only as a `SubscriptionBase`, a class reference, so the enum is
    /// one word rather than a two-word existential; every lifetime (and so every core and
    /// subscription) is 8 bytes smaller for it. The price: a lone child of another kind (an
    /// `observeEnded` action, a pipe's disposable) takes an array of one.
    @usableFromInline
    enum Children {
        case none
        /// One subscription, whose token is `nextToken` (only `none` becomes `one`, and adding
        /// to `one` makes it `many`), or, while no token was ever handed out (`nextToken` is
        /// 0), the newest of the subscriptions chained by `keep(chaining:)`.
        case one(SubscriptionBase)
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
        let token: UInt32? = lock.withLock { insert(disposable) ? nextToken : nil }
        guard let token else {
            disposable.dispose()
            return nil
        }
        return Handle(lifetime: self, token: token)
    }

    /// With the lock held: adds `disposable` as the newest child (its token `nextToken`);
    /// false if the lifetime has ended.
    @inlinable
    final func insert(_ disposable: Disposable) -> Bool {
        switch children {
        case .ended:
            return false
        case .none:
            nextToken &+= 1
            if let subscription = disposable as? SubscriptionBase {
                children = .one(subscription)
            } else {
                children = .many([(nextToken, disposable)])
            }
        case let .one(first):
            children = .many([(nextToken, first), (nextToken &+ 1, disposable)])
            nextToken &+= 1
        case var .many(list):
            children = .none // drop the enum's reference, so the append does not copy
            nextToken &+= 1
            list.append((nextToken, disposable))
            children = .many(list)
        }
        return true
    }

    /// Forgets a child without disposing it.
    @inlinable
    final func remove(_ token: UInt32) {
        let removed: Disposable? = lock.withLock {
            switch children {
            case let .one(only) where token == nextToken:
                children = .none
                return only
            case var .many(list):
                guard let index = list.firstIndex(where: { $0.token == token }) else { return nil }
                children = .none
                let removed = list.remove(at: index).disposable
                children = .many(list)
                return removed
            case .none, .one, .ended:
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
        case let .one(only):
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
    /// `end()` disposes them all. An operator with several sources keeps no array for them
    /// (a signup view model had five, 544 bytes; BENCHMARKS.md, issue 18). Disposed at once
    /// if this lifetime has ended.
    @inlinable
    final func keep(chaining subscription: SubscriptionBase) {
        let kept: Bool = lock.withLock {
            switch children {
            case .ended:
                return false
            case .none:
                children = .one(subscription)
            case let .one(head) where nextToken == 0:
                // Lock order: a lifetime, then a subscription not yet kept anywhere; nothing
                // takes them the other way round.
                subscription.lock.withLock { subscription.children = .one(head) }
                children = .one(subscription)
            case .one, .many:
                return insert(subscription)
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
            guard nextToken == 0, case let .one(next) = children else { return nil }
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
