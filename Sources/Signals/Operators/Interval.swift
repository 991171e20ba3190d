import Dispatch
import FoundationEssentials

extension SignalProducer where Value == Date, Error == Never {
    /// Sends `scheduler.currentDate` every `interval`, the first time one `interval` after the
    /// start, until disposed. Never completes.
    ///
    /// The leeway is 10% of the interval (Apple's power-efficiency advice, as in ReactiveSwift).
    @inlinable
    public static func timer(interval: DispatchTimeInterval, on scheduler: DateScheduler) -> SignalProducer<Date, Never> {
        let tenth = interval.timeInterval * 0.1
        // `.never` has no finite tenth; its timer never fires, so the leeway does not matter.
        let leeway: DispatchTimeInterval = tenth.isFinite ? .nanoseconds(Int(min(tenth, 1e9) * 1e9)) : .seconds(0)
        return timer(interval: interval, on: scheduler, leeway: leeway)
    }

    /// Sends `scheduler.currentDate` every `interval`, allowing the scheduler `leeway` to
    /// coalesce wake-ups, the first time one `interval` after the start, until disposed.
    @inlinable
    public static func timer(
        interval: DispatchTimeInterval,
        on scheduler: DateScheduler,
        leeway: DispatchTimeInterval
    ) -> SignalProducer<Date, Never> {
        // A zero interval would fire continuously (and spin a `TestScheduler` forever).
        precondition(interval.timeInterval > 0, "timer needs an interval greater than 0")
        precondition(leeway.timeInterval >= 0, "timer needs a leeway of at least 0")
        return SignalProducer { observer, lifetime in
            lifetime += scheduler.schedule(
                after: scheduler.currentDate.addingTimeInterval(interval.timeInterval),
                interval: interval,
                leeway: leeway
            ) {
                observer.send(value: scheduler.currentDate)
            }
        }
    }
}
