// The cost of one uncontended lock and unlock of the kind `Signals.Lock` takes (a
// compare-exchange on an `Atomic<Bool>`, then a releasing store), in a loop whose other work is
// one addition. BENCHMARKS.md's core analysis (issue 18, fifth session) quotes it.
//
//     swiftc -O Benchmarks/experiments/lock-cost.swift -o /tmp/lock-cost && /tmp/lock-cost
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

final class Guarded {
    let held = Atomic<Bool>(false)
    var value = 0
}

@inline(never)
func locked(_ guarded: Guarded, _ count: Int) -> Int {
    for index in 0..<count {
        while !guarded.held.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {}
        guarded.value &+= index
        guarded.held.store(false, ordering: .releasing)
    }
    return guarded.value
}

func nanoseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) * 1e9 + Double(now.tv_nsec)
}

let count = 50_000_000
let guarded = Guarded()
for _ in 0..<3 {
    let start = nanoseconds()
    _ = locked(guarded, count)
    print("lock and unlock: \((nanoseconds() - start) / Double(count)) ns per iteration")
}
