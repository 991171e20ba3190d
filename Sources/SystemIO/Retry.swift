#if canImport(Glibc)
import Glibc
#endif

/// The one loop that retries a system call interrupted by a signal.
///
/// `call` returns the raw result of one system call; a negative result with `errno == EINTR`
/// calls it again, any other negative result throws the `errno`. Every system call of this
/// module goes through here, so no other file in the project handles `EINTR`.
@usableFromInline
func retryingInterrupts<Result: BinaryInteger>(_ call: () -> Result) throws(Errno) -> Result {
    while true {
        let result = call()
        if result >= 0 { return result }
        let code = errno
        if code == EINTR { continue }
        throw Errno(rawValue: code)
    }
}
