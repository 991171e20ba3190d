import Dispatch
import FoundationEssentials

/// A scheduler with a virtual clock that moves only when told to.
///
/// Actions run synchronously inside `advance` / `run`, on the calling thread, in date order
/// (actions due at the same date run in the order they were scheduled). Actions scheduled while
/// advancing run in the same call if they fall due before its target date.
public final class TestScheduler: DateScheduler, @unchecked Sendable {
    private struct Item {
        let date: Date
        let order: UInt64
        let action: () -> Void
        let cancel: AnyDisposable
    }

    /// Guards `now`, `items` and `nextOrder`.
    private let lock = Lock()
    private var now: Date
    private var items: [Item] = []
    private var nextOrder: UInt64 = 0

    /// A scheduler whose clock starts at `startDate`.
    public init(startDate: Date = Date(timeIntervalSinceReferenceDate: 0)) {
        now = startDate
    }

    /// The virtual now.
    public var currentDate: Date { lock.withLock { now } }

    /// How many actions are waiting to run.
    public var pendingActionCount: Int { lock.withLock { items.count { !$0.cancel.isDisposed } } }

    /// The date of the next pending action, if any.
    public var nextActionDate: Date? {
        lock.withLock { items.filter { !$0.cancel.isDisposed }.map(\.date).min() }
    }

    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> Disposable? {
        enqueue(at: nil, action)
    }

    @discardableResult
    public func schedule(after date: Date, action: @escaping () -> Void) -> Disposable? {
        enqueue(at: date, action)
    }

    @discardableResult
    public func schedule(
        after date: Date,
        interval: DispatchTimeInterval,
        leeway: DispatchTimeInterval,
        action: @escaping () -> Void
    ) -> Disposable? {
        let serial = SerialDisposable()
        func scheduleNext(at date: Date) {
            serial.inner = enqueue(at: date) { [weak self] in
                action()
                if self != nil, !serial.isDisposed { scheduleNext(at: date.adding(interval)) }
            }
        }
        scheduleNext(at: date)
        return serial
    }

    private func enqueue(at date: Date?, _ action: @escaping () -> Void) -> Disposable {
        let cancel = AnyDisposable()
        lock.withLock {
            items.append(Item(date: date ?? now, order: nextOrder, action: action, cancel: cancel))
            nextOrder += 1
        }
        return cancel
    }

    /// Runs the actions that are due now (moves the clock by the smallest step).
    public func advance() {
        advance(by: .nanoseconds(1))
    }

    /// Moves the clock forward by `interval`, running every action due meanwhile.
    public func advance(by interval: DispatchTimeInterval) {
        advance(to: currentDate.adding(interval))
    }

    /// Moves the clock forward by `interval` seconds, running every action due meanwhile.
    public func advance(by interval: TimeInterval) {
        advance(to: currentDate.addingTimeInterval(interval))
    }

    /// Moves the clock to `date` (never backwards), running every action due up to then.
    public func advance(to date: Date) {
        while let item = takeNext(notAfter: date) {
            if !item.cancel.isDisposed { item.action() }
        }
        lock.withLock { if now < date { now = date } }
    }

    /// Runs every pending action, including those they schedule, moving the clock as far as needed.
    public func run() {
        while let item = takeNext(notAfter: .distantFuture) {
            if !item.cancel.isDisposed { item.action() }
        }
    }

    /// Removes and returns the earliest item due at or before `limit`, moving the clock to it.
    private func takeNext(notAfter limit: Date) -> Item? {
        lock.withLock {
            items.removeAll { $0.cancel.isDisposed }
            var best: Int?
            for index in items.indices where items[index].date <= limit {
                if let current = best {
                    let a = items[index], b = items[current]
                    if (a.date, a.order) < (b.date, b.order) { best = index }
                } else {
                    best = index
                }
            }
            guard let best else { return nil }
            let item = items.remove(at: best)
            if now < item.date { now = item.date }
            return item
        }
    }
}
