import Dispatch
import FoundationEssentials

/// A scheduler with a virtual clock that moves only when told to.
///
/// Actions run synchronously inside `advance` / `run`, on the calling thread, in date order
/// (actions due at the same date run in the order they were scheduled). Actions scheduled while
/// advancing run in the same call if they fall due before its target date.
public final class TestScheduler: DateScheduler, @unchecked Sendable {
    @usableFromInline
    struct Item {
        @usableFromInline
        let date: Date
        @usableFromInline
        let order: UInt64
        @usableFromInline
        let action: () -> Void
        @usableFromInline
        let cancel: AnyDisposable

        @inlinable
        init(date: Date, order: UInt64, action: @escaping () -> Void, cancel: AnyDisposable) {
            self.date = date
            self.order = order
            self.action = action
            self.cancel = cancel
        }
    }

    /// Guards `now`, `items` and `nextOrder`.
    @usableFromInline
    let lock = Lock()
    @usableFromInline
    var now: Date
    @usableFromInline
    var items: [Item] = []
    @usableFromInline
    var nextOrder: UInt64 = 0

    /// A scheduler whose clock starts at `startDate`.
    @inlinable
    public init(startDate: Date = Date(timeIntervalSinceReferenceDate: 0)) {
        now = startDate
    }

    /// The virtual now.
    @inlinable
    public var currentDate: Date { lock.withLock { now } }

    /// How many actions are waiting to run.
    @inlinable
    public var pendingActionCount: Int { lock.withLock { items.count { !$0.cancel.isDisposed } } }

    /// The date of the next pending action, if any.
    @inlinable
    public var nextActionDate: Date? {
        lock.withLock { items.filter { !$0.cancel.isDisposed }.map(\.date).min() }
    }

    @discardableResult
    @inlinable
    public func schedule(_ action: @escaping () -> Void) -> Disposable? {
        enqueue(at: nil, action)
    }

    @discardableResult
    @inlinable
    public func schedule(after date: Date, action: @escaping () -> Void) -> Disposable? {
        enqueue(at: date, action)
    }

    @discardableResult
    @inlinable
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

    @inlinable
    func enqueue(at date: Date?, _ action: @escaping () -> Void) -> Disposable {
        let cancel = AnyDisposable()
        lock.withLock {
            items.append(Item(date: date ?? now, order: nextOrder, action: action, cancel: cancel))
            nextOrder += 1
        }
        return cancel
    }

    /// Runs the actions that are due now (moves the clock by the smallest step).
    @inlinable
    public func advance() {
        advance(by: .nanoseconds(1))
    }

    /// Moves the clock forward by `interval`, running every action due meanwhile.
    @inlinable
    public func advance(by interval: DispatchTimeInterval) {
        advance(to: currentDate.adding(interval))
    }

    /// Moves the clock forward by `interval` seconds, running every action due meanwhile.
    @inlinable
    public func advance(by interval: TimeInterval) {
        advance(to: currentDate.addingTimeInterval(interval))
    }

    /// Moves the clock to `date` (never backwards), running every action due up to then.
    @inlinable
    public func advance(to date: Date) {
        while let item = takeNext(notAfter: date) {
            if !item.cancel.isDisposed { item.action() }
        }
        lock.withLock { if now < date { now = date } }
    }

    /// Runs every pending action, including those they schedule, moving the clock as far as needed.
    @inlinable
    public func run() {
        while let item = takeNext(notAfter: .distantFuture) {
            if !item.cancel.isDisposed { item.action() }
        }
    }

    /// Removes and returns the earliest item due at or before `limit`, moving the clock to it.
    @inlinable
    func takeNext(notAfter limit: Date) -> Item? {
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
