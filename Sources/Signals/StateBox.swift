/// Mutable state owned by one operator subscription.
///
/// An operator's upstream delivers serially (see `Signal.Core`), but operators with several
/// sources, or sources on different threads, read and write the same state from more than one
/// thread; the lock makes every such access atomic. Never call out to user code inside `modify`.
final class StateBox<State>: @unchecked Sendable {
    /// Guards `state`.
    private let lock = Lock()
    @exclusivity(unchecked) private var state: State

    init(_ initial: State) {
        state = initial
    }

    @inline(__always)
    func modify<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&state) }
    }

    var value: State {
        lock.withLock { state }
    }
}
