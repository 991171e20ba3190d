/// Mutable state owned by one operator subscription.
///
/// An operator's upstream delivers serially (see `Signal.Core`), but operators with several
/// sources, or sources on different threads, read and write the same state from more than one
/// thread; the lock makes every such access atomic. Never call out to user code inside `modify`.
@usableFromInline
final class StateBox<State>: @unchecked Sendable {
    /// Guards `state`.
    @usableFromInline
    let lock = Lock()
    @usableFromInline
    @exclusivity(unchecked) var state: State

    @inlinable
    init(_ initial: State) {
        state = initial
    }

    @inline(__always)
    @inlinable
    func modify<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&state) }
    }

    @inlinable
    var value: State {
        lock.withLock { state }
    }
}
