import Dispatch
import FoundationEssentials
import Signals
import Synchronization

/// The scheduler view models get: the session's clock, with bookkeeping.
///
/// Every action it runs is marked as caused by a timer (so its outputs say so), is followed by
/// a flush of what it produced, and is counted while pending, so the daemon can let in-flight
/// work (a simulated service's latency) finish before exiting at end of input.
final class SessionScheduler: DateScheduler, @unchecked Sendable {
    let base: DateScheduler
    /// Runs each due action inside the session's bookkeeping; set once by the session.
    var runAction: (@escaping () -> Void) -> Void = { $0() }
    private let counter = PendingCounter()

    init(base: DateScheduler) {
        self.base = base
    }

    /// How many scheduled actions have neither run nor been cancelled.
    var pendingCount: Int { counter.count.load(ordering: .acquiring) }

    var currentDate: Date { base.currentDate }

    func schedule(_ action: @escaping () -> Void) -> Disposable? {
        track { [base] wrapped in base.schedule(wrapped) }(action)
    }

    func schedule(after date: Date, action: @escaping () -> Void) -> Disposable? {
        track { [base] wrapped in base.schedule(after: date, action: wrapped) }(action)
    }

    func schedule(after date: Date, interval: DispatchTimeInterval, leeway: DispatchTimeInterval, action: @escaping () -> Void) -> Disposable? {
        // A repeating timer is never "done"; it is not counted as pending work.
        let run = runAction
        return base.schedule(after: date, interval: interval, leeway: leeway) { run(action) }
    }

    /// Wraps one-shot scheduling so the action is counted until it runs or is cancelled.
    private func track(
        _ scheduleOnBase: @escaping (@escaping () -> Void) -> Disposable?
    ) -> (@escaping () -> Void) -> Disposable? {
        { [counter, runAction] action in
            let item = PendingItem(counter: counter)
            let inner = scheduleOnBase {
                item.settle()
                runAction(action)
            }
            return AnyDisposable {
                inner?.dispose()
                item.settle()
            }
        }
    }
}

/// Counts scheduled actions that have neither run nor been cancelled.
final class PendingCounter: Sendable {
    let count = Atomic<Int>(0)
}

/// One counted action: `settle()` uncounts it exactly once, whether it ran or was cancelled.
final class PendingItem: Sendable {
    private let counter: PendingCounter
    private let settled = Atomic<Bool>(false)

    init(counter: PendingCounter) {
        self.counter = counter
        counter.count.add(1, ordering: .acquiringAndReleasing)
    }

    func settle() {
        if !settled.exchange(true, ordering: .acquiringAndReleasing) {
            counter.count.subtract(1, ordering: .acquiringAndReleasing)
        }
    }
}
