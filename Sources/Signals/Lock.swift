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
/// every other module uses), kept because a pthread mutex here makes every event of an operator
/// chain, every subscribe and dispose, and every small graph's memory costlier.
/// ThreadSanitizer sees it (its atomics are instrumented), unlike `Synchronization.Mutex`.
///
/// Fields guarded by a `Lock` are marked `@exclusivity(unchecked)`: the lock already makes
/// every access exclusive, and the runtime's dynamic check of the same thing would be a large
/// part of the per-event cost of an operator chain.
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
