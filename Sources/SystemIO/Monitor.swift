#if canImport(Glibc)
import Glibc
#endif

/// State guarded by a pthread mutex, with a condition variable to wait for it to change.
///
/// The project's one lock outside the reactive core: the transport's threads (reader, log
/// writer, executor), the frame writer, the friends store, the REPL's console and the test
/// observer all guard their state with it. It is built on pthreads, which ThreadSanitizer
/// understands; it cannot see `Synchronization.Mutex` on Linux (Swift 6.3.1) and reports every
/// access through one as a race. (`Signals` keeps its own inline lock, for the reason and
/// figure given in Signals/Lock.swift.)
public final class Monitor<State>: @unchecked Sendable {
    // Usable from inlinable code so that `withLock`, called for every frame and response, is
    // specialized in the caller's module even without cross-module optimization.
    @usableFromInline let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    // Every access is under `mutex`, which is not recursive (a nested `withLock` deadlocks
    // before two accesses could overlap), so the runtime's dynamic exclusivity check proves
    // nothing here, and would cost a `swift_beginAccess` call on every access.
    @exclusivity(unchecked) @usableFromInline var state: State

    /// A monitor holding `state`.
    public init(_ state: State) {
        self.state = state
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        // Deadlines are measured on the monotonic clock: a wall-clock jump cannot stretch them.
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        condition.deallocate()
    }

    /// Runs `body` with the state, under the lock.
    @inlinable
    public func withLock<T, Failure: Error>(_ body: (inout State) throws(Failure) -> T) throws(Failure) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }

    /// Waits (lock released meanwhile) until `ready` holds, then runs `body` under the lock.
    /// With `timeoutSeconds`, gives up after it and runs `body` anyway; `body` sees whether
    /// `ready` held.
    public func wait<T>(until ready: (State) -> Bool, timeoutSeconds: Double? = nil, then body: (inout State, _ ready: Bool) -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if let timeoutSeconds {
            var deadline = timespec()
            clock_gettime(CLOCK_MONOTONIC, &deadline)
            let whole = Int(timeoutSeconds)
            let nanoseconds = deadline.tv_nsec + Int((timeoutSeconds - Double(whole)) * 1e9)
            deadline.tv_sec += whole + nanoseconds / 1_000_000_000
            deadline.tv_nsec = nanoseconds % 1_000_000_000
            while !ready(state) {
                if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT { break }
            }
        } else {
            while !ready(state) { pthread_cond_wait(condition, mutex) }
        }
        return body(&state, ready(state))
    }

    /// Wakes every waiter (each checks its own condition again).
    public func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
