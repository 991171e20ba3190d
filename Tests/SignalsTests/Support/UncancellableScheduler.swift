import Dispatch
import FoundationEssentials
import Signals

/// A `TestScheduler` whose actions cannot be cancelled: it hands out no disposables, like a
/// scheduler that has already committed an action to run on another thread. Operators must
/// stay correct when the actions they replace or abandon run anyway.
final class UncancellableScheduler: DateScheduler {
    /// The clock and queue that actually run the actions.
    let base = TestScheduler()

    var currentDate: Date { base.currentDate }

    func schedule(_ action: @escaping () -> Void) -> Disposable? {
        base.schedule(action)
        return nil
    }

    func schedule(after date: Date, action: @escaping () -> Void) -> Disposable? {
        base.schedule(after: date, action: action)
        return nil
    }

    func schedule(
        after date: Date,
        interval: DispatchTimeInterval,
        leeway: DispatchTimeInterval,
        action: @escaping () -> Void
    ) -> Disposable? {
        base.schedule(after: date, interval: interval, leeway: leeway, action: action)
        return nil
    }
}
