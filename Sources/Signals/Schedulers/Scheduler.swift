import Dispatch
import FoundationEssentials

/// Runs actions somewhere: now, on a queue, or in virtual time.
///
/// View models receive their scheduler from the environment, so the daemon can run them on
/// its serial executor and tests on a `TestScheduler`.
public protocol Scheduler: AnyObject {
    /// Schedules `action`. Returns a disposable that cancels it if it has not run yet.
    @discardableResult
    func schedule(_ action: @escaping () -> Void) -> Disposable?
}

/// A scheduler that can run actions at a date: the basis of `delay`, `debounce`, `timeout`…
public protocol DateScheduler: Scheduler {
    /// The scheduler's notion of now.
    var currentDate: Date { get }

    /// Schedules `action` to run at `date` (or as soon as possible after it).
    @discardableResult
    func schedule(after date: Date, action: @escaping () -> Void) -> Disposable?

    /// Schedules `action` to run at `date` and then every `interval` until disposed.
    @discardableResult
    func schedule(
        after date: Date,
        interval: DispatchTimeInterval,
        leeway: DispatchTimeInterval,
        action: @escaping () -> Void
    ) -> Disposable?
}

extension DateScheduler {
    /// Schedules `action` to run at `date` and then every `interval`, with no leeway.
    @discardableResult
    @inlinable
    public func schedule(after date: Date, interval: DispatchTimeInterval, action: @escaping () -> Void) -> Disposable? {
        schedule(after: date, interval: interval, leeway: .seconds(0), action: action)
    }
}

/// Runs every action at once, on the calling thread.
public final class ImmediateScheduler: Scheduler, Sendable {
    /// An immediate scheduler.
    @inlinable
    public init() {}

    @discardableResult
    @inlinable
    public func schedule(_ action: @escaping () -> Void) -> Disposable? {
        action()
        return nil
    }
}

extension DispatchTimeInterval {
    /// The interval in seconds; `.never` is infinity.
    @inlinable
    public var timeInterval: TimeInterval {
        switch self {
        case let .seconds(s): return TimeInterval(s)
        case let .milliseconds(ms): return TimeInterval(ms) / 1_000
        case let .microseconds(us): return TimeInterval(us) / 1_000_000
        case let .nanoseconds(ns): return TimeInterval(ns) / 1_000_000_000
        case .never: return .infinity
        @unknown default: return .infinity
        }
    }
}

extension Date {
    /// This date moved by `interval`.
    @inlinable
    func adding(_ interval: DispatchTimeInterval) -> Date {
        addingTimeInterval(interval.timeInterval)
    }
}
