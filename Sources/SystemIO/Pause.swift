#if canImport(Glibc)
import Glibc
#endif

/// Time for code that waits for something outside the process: a monotonic clock (a
/// wall-clock jump cannot stretch a deadline) and a pause of the calling thread.
public enum Pause {
    /// Milliseconds on the monotonic clock, from an arbitrary start: for deadlines.
    public static var monotonicMilliseconds: Int64 {
        monotonicNanoseconds / 1_000_000
    }

    /// Nanoseconds on the monotonic clock, from an arbitrary start: for short deadlines.
    public static var monotonicNanoseconds: Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// Suspends the calling thread for at least `milliseconds` (not less when a signal
    /// interrupts the sleep: it sleeps the rest).
    public static func sleep(milliseconds: Int) {
        guard milliseconds > 0 else { return }
        var request = timespec(tv_sec: milliseconds / 1_000, tv_nsec: (milliseconds % 1_000) * 1_000_000)
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0, errno == EINTR {
            request = remaining
        }
    }
}
