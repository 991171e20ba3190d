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
/// This is the one lock of the project besides `SystemIO.Monitor` (a pthread mutex, which
/// every other module uses), kept because it measurably wins: with the same harness built both
/// ways (`bash Benchmarks/lock-ab.sh`, 2026-11-25, cross-module optimization, callgrind), a
/// pthread mutex here costs 2.05× the instructions per event of a map → filter → map chain
/// (918.5 against 447.5), 2.04× on combineLatest of 3, 2.27× on a merge of 8, 1.29× on a
/// fan-out to 10 and 1.38× per subscribe + dispose, and a small graph takes 880 bytes instead
/// of 560. ThreadSanitizer sees it (its atomics are instrumented), unlike `Synchronization.Mutex`.
///
/// Fields guarded by a `Lock` are marked `@exclusivity(unchecked)`: the lock already makes
/// every access exclusive, and the runtime's dynamic check of the same thing was half of the
/// per-event cost of an operator chain (see BENCHMARKS.md).
#if SIGNALS_PTHREAD_LOCK
// The alternative measured against the inline lock: a pthread mutex, as `SystemIO.Monitor`
// uses (build with `-Xswiftc -DSIGNALS_PTHREAD_LOCK`; see Benchmarks/lock-ab.sh).
@usableFromInline
struct Lock: ~Copyable {
    @usableFromInline
    let mutex: UnsafeMutablePointer<pthread_mutex_t>

    @inlinable
    init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inline(__always)
    @inlinable
    borrowing func lock() { pthread_mutex_lock(mutex) }

    @inline(__always)
    @inlinable
    borrowing func unlock() { pthread_mutex_unlock(mutex) }

    @inline(__always)
    @inlinable
    borrowing func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
#else
@usableFromInline
struct Lock: ~Copyable {
    @usableFromInline
    let held = Atomic<Bool>(false)

    @inlinable
    init() {}

    @inline(__always)
    @inlinable
    borrowing func lock() {
        if held.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
            return
        }
        lockContended()
    }

    @inline(never)
    @inlinable
    borrowing func lockContended() {
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
    @inlinable
    borrowing func unlock() {
        held.store(false, ordering: .releasing)
    }

    @inline(__always)
    @inlinable
    borrowing func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
#endif
