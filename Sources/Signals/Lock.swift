import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-byte lock stored inline in the object it protects.
///
/// Every critical section in this module is a few loads and stores of bookkeeping; user code
/// never runs under a lock. For sections that short, spinning briefly and then yielding beats
/// a kernel mutex, and it keeps each signal small (a pthread mutex is 40 bytes plus an
/// allocation). Not recursive: never call back into the same object while holding it.
///
/// Fields guarded by a `Lock` are marked `@exclusivity(unchecked)`: the lock already makes
/// every access exclusive, and the runtime's dynamic check of the same thing was half of the
/// per-event cost of an operator chain (see BENCHMARKS.md).
#if SIGNALS_PTHREAD_LOCK
// The alternative measured against the inline lock: a pthread mutex, as `SystemIO.Monitor`
// uses (build with `-Xswiftc -DSIGNALS_PTHREAD_LOCK`; see Benchmarks/lock-ab.sh).
struct Lock: ~Copyable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inline(__always)
    borrowing func lock() { pthread_mutex_lock(mutex) }

    @inline(__always)
    borrowing func unlock() { pthread_mutex_unlock(mutex) }

    @inline(__always)
    borrowing func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
#else
struct Lock: ~Copyable {
    private let held = Atomic<Bool>(false)

    init() {}

    @inline(__always)
    borrowing func lock() {
        if held.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
            return
        }
        lockContended()
    }

    @inline(never)
    private borrowing func lockContended() {
        var spins = 0
        while true {
            if !held.load(ordering: .relaxed),
               held.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
                return
            }
            spins += 1
            if spins > 100 { sched_yield() }
        }
    }

    @inline(__always)
    borrowing func unlock() {
        held.store(false, ordering: .releasing)
    }

    @inline(__always)
    borrowing func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
#endif
