import FoundationEssentials

/// The actions one operator subscription has scheduled and that have not run yet.
///
/// Operators that schedule many actions at once (`observe(on:)`, `delay`) attach this to their
/// signal's lifetime: when the signal terminates or is disposed, every pending action is
/// cancelled and never runs, so nothing is left behind on the scheduler. An action forgets
/// itself when it runs, so the set only ever holds pending work.
@usableFromInline
final class PendingActions: Disposable, @unchecked Sendable {
    @usableFromInline
    enum Entry {
        /// Handed to the scheduler, which has not returned its disposable yet.
        case scheduling
        case scheduled(Disposable)
    }

    /// Guards `entries` and `nextKey`; never held while scheduling, running or cancelling.
    @usableFromInline
    let lock = Lock()
    /// nil once disposed.
    @usableFromInline
    var entries: [UInt64: Entry]? = [:]
    @usableFromInline
    var nextKey: UInt64 = 0

    @inlinable
    init() {}

    @usableFromInline
    var isDisposed: Bool { lock.withLock { entries == nil } }

    @inlinable
    func dispose() {
        let taken: [UInt64: Entry]? = lock.withLock {
            defer { entries = nil }
            return entries
        }
        for case let .scheduled(disposable) in (taken ?? [:]).values { disposable.dispose() }
    }

    /// Runs `action` on `scheduler` as soon as it can, unless disposed first.
    @inlinable
    func schedule(on scheduler: Scheduler, _ action: @escaping () -> Void) {
        add(action) { scheduler.schedule($0) }
    }

    /// Runs `action` on `scheduler` at `date`, unless disposed first.
    @inlinable
    func schedule(on scheduler: DateScheduler, after date: Date, _ action: @escaping () -> Void) {
        add(action) { scheduler.schedule(after: date, action: $0) }
    }

    @inlinable
    func add(
        _ action: @escaping () -> Void,
        using schedule: (@escaping () -> Void) -> Disposable?
    ) {
        let key: UInt64? = lock.withLock {
            guard entries != nil else { return nil }
            nextKey += 1
            entries?[nextKey] = .scheduling
            return nextKey
        }
        guard let key else { return }
        let cancel = schedule { [self] in
            // Runs only if still pending: a disposal that raced with the scheduler wins.
            let isPending = lock.withLock { entries?.removeValue(forKey: key) != nil }
            if isPending { action() }
        }
        guard let cancel else { return }
        // The action may already have run (entry gone), or we may have been disposed meanwhile.
        let wasDisposed: Bool = lock.withLock {
            guard entries != nil else { return true }
            if entries?[key] != nil { entries?[key] = .scheduled(cancel) }
            return false
        }
        if wasDisposed { cancel.dispose() }
    }
}
