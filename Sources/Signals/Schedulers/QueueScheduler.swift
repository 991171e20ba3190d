import Dispatch
import FoundationEssentials

/// Runs actions on a serial Dispatch queue; dates are wall-clock time.
public final class QueueScheduler: DateScheduler, @unchecked Sendable {
    /// The queue actions run on.
    public let queue: DispatchQueue

    /// A scheduler on `queue`, which should be serial so actions never overlap.
    @inlinable
    public init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// A scheduler on a new serial queue named `name`.
    @inlinable
    public convenience init(name: String = "switchboard.QueueScheduler") {
        self.init(queue: DispatchQueue(label: name))
    }

    @inlinable
    public var currentDate: Date { Date() }

    @discardableResult
    @inlinable
    public func schedule(_ action: @escaping () -> Void) -> Disposable? {
        let cancel = AnyDisposable()
        let work = UncheckedSendable(action)
        queue.async {
            if !cancel.isDisposed { work.value() }
        }
        return cancel
    }

    @discardableResult
    @inlinable
    public func schedule(after date: Date, action: @escaping () -> Void) -> Disposable? {
        let cancel = AnyDisposable()
        let work = UncheckedSendable(action)
        queue.asyncAfter(wallDeadline: Self.wallTime(date)) {
            if !cancel.isDisposed { work.value() }
        }
        return cancel
    }

    @discardableResult
    @inlinable
    public func schedule(
        after date: Date,
        interval: DispatchTimeInterval,
        leeway: DispatchTimeInterval,
        action: @escaping () -> Void
    ) -> Disposable? {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let work = UncheckedSendable(action)
        timer.schedule(wallDeadline: Self.wallTime(date), repeating: interval, leeway: leeway)
        timer.setEventHandler { work.value() }
        timer.resume()
        return AnyDisposable { timer.cancel() }
    }

    @inlinable
    static func wallTime(_ date: Date) -> DispatchWallTime {
        let seconds = max(0, date.timeIntervalSinceNow)
        return .now() + .nanoseconds(Int(min(seconds, 1e9) * 1e9))
    }
}

/// Carries a non-Sendable value across a Dispatch boundary whose serial execution makes the
/// access safe (the value is only used on the target queue).
@usableFromInline
struct UncheckedSendable<Value>: @unchecked Sendable {
    @usableFromInline
    let value: Value

    @inlinable
    init(_ value: Value) {
        self.value = value
    }
}
