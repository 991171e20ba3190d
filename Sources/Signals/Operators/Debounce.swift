import FoundationEssentials

extension Signal {
    /// Sends a value only once `interval` seconds have passed without another value; every new
    /// value restarts the wait. Values are delivered on `scheduler`.
    ///
    /// When this signal completes while a value is waiting, the value is dropped and completion
    /// is scheduled at once (ReactiveSwift's default); with `discardWhenCompleted: false` the
    /// value is sent when its wait ends, then the result completes. Failure and interruption
    /// drop the waiting value and are scheduled at once.
    @inlinable
    public func debounce(
        _ interval: TimeInterval,
        on scheduler: DateScheduler,
        discardWhenCompleted: Bool = true
    ) -> Signal<Value, Error> {
        precondition(interval >= 0, "debounce needs an interval of at least 0 seconds")
        return Signal { observer, lifetime in
            let state = StateBox(DebounceState<Value>())
            // The one scheduled action: the waiting value's send, or the termination.
            let scheduled = SerialDisposable()
            lifetime += scheduled
            lifetime += self.observe { event in
                switch event {
                case let .value(value):
                    let now = scheduler.currentDate
                    let generation: UInt64 = state.modify { state in
                        state.generation &+= 1
                        state.pending = value
                        state.lastUpdated = now
                        return state.generation
                    }
                    scheduled.inner = scheduler.schedule(after: now.addingTimeInterval(interval)) {
                        // Only the newest value's action may send it: an older action that was
                        // already running when replaced must not send the newer value early.
                        let due: Value? = state.modify { state in
                            state.generation == generation ? state.takePending() : nil
                        }
                        if let due { observer.send(value: due) }
                    }
                case .completed where !discardWhenCompleted:
                    let (waiting, lastUpdated): (Value?, Date) = state.modify { state in
                        (state.takePending(), state.lastUpdated)
                    }
                    if let waiting {
                        scheduled.inner = scheduler.schedule(after: lastUpdated.addingTimeInterval(interval)) {
                            observer.send(value: waiting)
                            observer.sendCompleted()
                        }
                    } else {
                        scheduled.inner = scheduler.schedule { observer.sendCompleted() }
                    }
                case .completed, .failed, .interrupted:
                    state.modify { _ = $0.takePending() }
                    scheduled.inner = scheduler.schedule { observer.send(event) }
                }
            }
        }
    }
}

extension SignalProducer {
    /// Debounces the values of each start; see `Signal.debounce(_:on:discardWhenCompleted:)`.
    @inlinable
    public func debounce(
        _ interval: TimeInterval,
        on scheduler: DateScheduler,
        discardWhenCompleted: Bool = true
    ) -> SignalProducer<Value, Error> {
        lift { $0.debounce(interval, on: scheduler, discardWhenCompleted: discardWhenCompleted) }
    }
}

/// The value waiting in a debounce, and which value it is.
@usableFromInline
struct DebounceState<Value> {
    @inlinable
    init() {}

    @usableFromInline
    var pending: Value?
    /// Counts values, so a scheduled send can tell whether its value is still the newest.
    @usableFromInline
    var generation: UInt64 = 0
    /// When the newest value arrived: its wait ends `interval` later.
    @usableFromInline
    var lastUpdated = Date.distantPast

    @inlinable
    mutating func takePending() -> Value? {
        defer { pending = nil }
        return pending
    }
}
