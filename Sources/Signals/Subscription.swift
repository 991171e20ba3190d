import Synchronization

/// One observer's registration with a core; disposing it stops delivery to that observer.
///
/// The type-independent half (see `SignalCoreBase` for why it is not generic); the events go
/// through the generic subclass `Signal.Subscription`.
@usableFromInline
class SubscriptionBase: Disposable, @unchecked Sendable {
    /// Read by the deliverer without the core's lock, hence atomic.
    @usableFromInline
    let active = Atomic<Bool>(true)
    /// Guards `core`.
    @usableFromInline
    let lock = Lock()
    /// Strong until disposal, so a held disposable can always remove its observer.
    @usableFromInline
    @exclusivity(unchecked) var core: SignalCoreBase?

    @inlinable
    init(core: SignalCoreBase) {
        self.core = core
    }

    @usableFromInline
    final var isActive: Bool { active.load(ordering: .acquiring) }

    @usableFromInline
    final var isDisposed: Bool { !isActive }

    @inlinable
    final func dispose() {
        guard active.exchange(false, ordering: .acquiringAndReleasing) else { return }
        let owner: SignalCoreBase? = lock.withLock {
            defer { core = nil }
            return core
        }
        owner?.remove(self)
    }

    /// Called by the core after termination: no more events, and no cycle back to it.
    @inlinable
    final func deactivate() {
        active.store(false, ordering: .releasing)
        lock.withLock { core = nil }
    }
}

extension Signal {
    /// A subscription to a `Signal<Value, Error>`: where its events go.
    @usableFromInline
    final class Subscription: SubscriptionBase, @unchecked Sendable {
        /// Where events go: an `Observer`, or directly a closure.
        @usableFromInline
        enum Target {
            case observer(Observer)
            case action((Event) -> Void)
        }

        /// The target, split in two plain `let`s rather than stored as the enum: a call
        /// through a borrowed, non-optional `let` closure needs no retain of its context; a
        /// closure taken out of an enum payload or an optional does. For an `Observer`
        /// target, `action` is a closure without context that is never called.
        @usableFromInline
        let action: (Event) -> Void
        @usableFromInline
        let observer: Observer?

        @inlinable
        init(_ target: Target, core: Core) {
            switch target {
            case let .observer(observer):
                self.observer = observer
                self.action = { _ in }
            case let .action(action):
                self.observer = nil
                self.action = action
            }
            super.init(core: core)
        }

        @inline(__always)
        @inlinable
        func send(_ event: Event) {
            if let observer {
                observer.send(event)
            } else {
                action(event)
            }
        }

        /// Sends `event` unless the subscription was disposed meanwhile.
        @inline(__always)
        @inlinable
        func sendIfActive(_ event: Event) {
            if isActive { send(event) }
        }
    }
}
