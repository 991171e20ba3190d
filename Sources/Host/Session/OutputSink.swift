import JSON
import Signals

/// One output of one live instance: where the output's values go (the session, as
/// notifications) and the last value it sent (for `snapshot`).
///
/// The output's subscription calls `send(_:)` through a closure that captures only this
/// object, so the closure's context is the object itself. One object per output replaces a
/// route closure, the closure around it, a slot in an array of last values, a slot in an array
/// of subscriptions and the weak reference's side table of the instance: several heap blocks
/// of every instance.
@usableFromInline
final class OutputSink {
    /// Unowned: the instance owns this sink, and disposes the subscription that calls it when
    /// it is destroyed or deinitialized, before it goes.
    unowned let instance: Instance
    /// The last value sent, if any (executor-confined, like the session).
    var lastValue: JSONValue?
    /// The output's position in the instance's type description. (32 bits, beside
    /// `lastValue`'s tag: the sink is then 72 bytes, a 80-byte heap block rather than 96.)
    let index: Int32
    /// The subscription that feeds this sink; disposed with the instance.
    var subscription: Disposable?
    /// The instance's next output (the sinks are a chain in the description's order).
    var next: OutputSink?

    init(instance: Instance, index: Int) {
        self.instance = instance
        self.index = Int32(clamping: index)
    }

    /// One value of the output, already converted to JSON.
    @usableFromInline
    func send(_ value: JSONValue) {
        instance.session?.emit(value, from: self)
    }
}
