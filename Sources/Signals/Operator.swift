extension Signal {
    /// An operator on this signal (see `SignalOperator`): its own signal carries `Output` and
    /// `OutputError`.
    @usableFromInline
    typealias Operator<Output, OutputError: Swift.Error> = SignalOperator<Output, OutputError>

    /// The signal of `node`, once it observes this signal. If this signal has already ended,
    /// `node` receives `interrupted` at once, as an observer added by `observe` would.
    @inlinable
    func attaching<Output, OutputError>(_ node: Operator<Output, OutputError>) -> Signal<Output, OutputError> {
        core.attach(operator: node, replayingTermination: false)
        return Signal<Output, OutputError>(core: node)
    }
}

/// An operator on a signal whose own signal's core is also its subscription to that signal:
/// one object per operator, where an operator built with `relaying(_:)` has three (its core, a
/// `Subscription` in the observed signal's observer list, and the context of the closure that
/// subscription calls). A view model's graph is mostly such operators.
///
/// A subclass passes `init(receiver:)` a closure that casts the node to its own type and
/// forwards the event, read in place with `Signal.event(at:)`, to a method that sends on the
/// node. A closure rather than an override of `receive(_:)`, which would run unspecialized
/// (see `SubscriptionBase.receive`); the closure captures nothing, so it costs no allocation.
/// The node's state needs no lock when only that method touches it: the observed signal
/// delivers to it one event at a time (see `Signal.Core`), and hands over between threads
/// under its lock. It detaches from the observed signal when it terminates
/// (`Core.finishTermination`).
///
/// Generic over its own signal's types only, not nested in the observed `Signal` (where its
/// subclasses are, as `Signal.Operator`): the runtime builds one class of it per output type,
/// shared by every operator with that output, rather than one per pair of input and output
/// types, each a superclass looked up by mangled name when an operator's class is first made.
@usableFromInline
class SignalOperator<Output, OutputError: Swift.Error>: Signal<Output, OutputError>.Core, @unchecked Sendable {
    /// What receiving an event does: called with this object and the event's address.
    @usableFromInline
    let receiver: (SubscriptionBase, UnsafeMutableRawPointer) -> Void
    /// The core this operator observes (guarded by `lock`; see `Observing.core`).
    @usableFromInline
    @exclusivity(unchecked) final var source: SignalCoreBase?

    @inlinable
    init(receiver: @escaping (SubscriptionBase, UnsafeMutableRawPointer) -> Void) {
        self.receiver = receiver
        super.init()
        receivesInPlace = true
    }

    @inlinable
    final override func receive(_ event: UnsafeMutableRawPointer) {
        receiver(self, event)
    }

    @inlinable
    final override func swapObserved(_ new: SignalCoreBase?) -> SignalCoreBase? {
        defer { source = new }
        return source
    }
}

/// A subscription for an operator with several sources (`merge`): each source's observer list
/// holds one inlet, which hands the events to `receiver`, a closure formed where the types are
/// known that captures only the operator (so its context is the operator itself, no
/// allocation). An inlet is one object per source, where an ordinary subscription with a
/// closure observer is two.
///
/// The operator keeps its inlets in its lifetime (chained, see `Lifetime.keep(chaining:)`),
/// so they are disposed (removed from their sources) when it terminates; until then each
/// source keeps the operator alive through its inlet, as it would through a subscription.
@usableFromInline
final class Inlet: Observing, @unchecked Sendable {
    /// What receiving an event does: reads it in place (see `SubscriptionBase.receive(_:)`).
    @usableFromInline
    let receiver: (UnsafeMutableRawPointer) -> Void

    @inlinable
    init(_ receiver: @escaping (UnsafeMutableRawPointer) -> Void) {
        self.receiver = receiver
        super.init(core: nil)
        receivesInPlace = true
    }

    @inlinable
    override func receive(_ event: UnsafeMutableRawPointer) {
        receiver(event)
    }
}

extension Signal {
    /// The event a receiver was given, to be read in place: passed on as an `inout` argument
    /// (`&Signal.event(at: address).pointee`), never modified (see
    /// `SubscriptionBase.receive(_:)`).
    @inline(__always)
    @inlinable
    static func event(at address: UnsafeMutableRawPointer) -> UnsafeMutablePointer<Event> {
        address.assumingMemoryBound(to: Event.self)
    }

    /// Adds `inlet` to this signal's observers on behalf of an operator whose lifetime is
    /// `lifetime`. Attached first and then kept: an operator that has already ended disposes
    /// it at once, which also removes it from this signal again.
    @inlinable
    func attach(_ inlet: Inlet, keptBy lifetime: Lifetime) {
        core.attach(operator: inlet, replayingTermination: false)
        lifetime.keep(chaining: inlet)
    }
}

/// When an operator with several sources ends: at the first failure or interruption of any
/// of them, or once every one has completed. Kept by the operator under its lock.
@usableFromInline
struct SourcesEnd {
    /// Sources that have not completed.
    @usableFromInline
    var remaining: Int32
    /// Whether the operator's terminating event has been decided.
    @usableFromInline
    var isDecided = false

    @inlinable
    init(sources: Int32) {
        remaining = sources
    }

    /// Whether a source's terminating event (a completion, or else a failure or an
    /// interruption) ends the operator: true at most once.
    @inlinable
    mutating func decide(completing: Bool) -> Bool {
        guard !isDecided else { return false }
        if completing {
            remaining -= 1
            guard remaining == 0 else { return false }
        }
        isDecided = true
        return true
    }
}
