#if canImport(Glibc)
import Glibc
#endif

/// Raw `write(2)`/`read(2)` helpers: the REPL writes with plain system calls so its output
/// never sits in a stdio buffer while libedit draws.
enum FileDescriptorIO {
    /// Writes every byte of `text`; false when the descriptor no longer takes output (EPIPE…).
    @discardableResult
    static func write(_ text: String, to descriptor: Int32) -> Bool {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return false
            }
            offset += count
        }
        return true
    }

    /// Whether `descriptor` is a terminal.
    static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }
}

/// A self-pipe: another thread (or a signal handler) writes a byte to wake the line editor,
/// which waits in `poll(2)` on the terminal and on this pipe at once.
final class WakePipe: @unchecked Sendable {
    /// The end `poll(2)` watches.
    let readEnd: Int32
    /// The end that wakes it; written from any thread and from signal handlers.
    let writeEnd: Int32

    /// A non-blocking pipe, or nil when none can be made.
    init?() {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { return nil }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        readEnd = descriptors[0]
        writeEnd = descriptors[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Wakes the waiter. A full pipe already means "wake up", so EAGAIN is fine.
    func signal() {
        var byte: UInt8 = 1
        _ = Glibc.write(writeEnd, &byte, 1)
    }

    /// Empties the pipe after waking.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ read(readEnd, $0.baseAddress, $0.count) }) > 0 {}
    }
}
