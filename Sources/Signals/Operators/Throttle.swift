import FoundationEssentials

extension Signal {
    /// Sends values at most once per `interval` seconds, on `scheduler`, as in ReactiveSwift: a
    /// value arriving when the last send is at least `interval` ago is scheduled at once; values
    /// arriving sooner are coalesced, and the latest of them is sent when the interval ends.
    ///
    /// Termination drops a value still waiting and is scheduled at once. If the clock went
    /// backwards past the last send, a new value is sent at once rather than held.
    @inlinable
    public func throttle(_ interval: TimeInterval, on scheduler: DateScheduler) -> Signal<Value, Error> {
        precondition(interval >= 0, "throttle needs an interval of at least 0 seconds")
        return Signal { observer, lifetime in
            let state = StateBox(ThrottleState<Value>())
            // The one scheduled action: the waiting value's send, or the termination.
            let scheduled = SerialDisposable()
            lifetime += scheduled
            lifetime += self.observe { event in
                guard case let .value(value) = event else {
                    state.modify { $0.pending = nil }
                    scheduled.inner = scheduler.schedule { observer.send(event) }
                    return
                }
                let now = scheduler.currentDate
                let date: Date = state.modify { state in
                    state.pending = value
                    guard let previous = state.previousDate, previous <= now else { return now }
                    return max(previous.addingTimeInterval(interval), now)
                }
                // Replacing an earlier action for the same date is what coalesces: the one
                // action left sends whatever value is pending when it runs.
                scheduled.inner = scheduler.schedule(after: date) {
                    let due: Value? = state.modify { state in
                        guard let pending = state.pending else { return nil }
                        state.pending = nil
                        state.previousDate = date
                        return pending
                    }
                    if let due { observer.send(value: due) }
                }
            }
        }
    }
}

extension SignalProducer {
    /// Throttles the values of each start; see `Signal.throttle(_:on:)`.
    @inlinable
    public func throttle(_ interval: TimeInterval, on scheduler: DateScheduler) -> SignalProducer<Value, Error> {
        lift { $0.throttle(interval, on: scheduler) }
    }
}

/// What a throttle remembers between values.
@usableFromInline
struct ThrottleState<Value> {
    @inlinable
    init() {}

    /// The latest value not yet sent.
    @usableFromInline
    var pending: Value?
    /// When the last value was sent; the next may go `interval` later.
    @usableFromInline
    var previousDate: Date?
}
