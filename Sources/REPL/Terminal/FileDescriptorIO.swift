import SystemIO

/// The REPL writes with plain system calls (through `SystemIO`) so its output never sits in a
/// stdio buffer while libedit draws.
enum FileDescriptorIO {
    /// Writes every byte of `text`; false when the descriptor no longer takes output (EPIPE…).
    @discardableResult
    static func write(_ text: String, to descriptor: Int32) -> Bool {
        do {
            try FileDescriptor(rawValue: descriptor).writeAll(Array(text.utf8))
            return true
        } catch {
            return false
        }
    }

    /// Whether `descriptor` is a terminal.
    static func isTerminal(_ descriptor: Int32) -> Bool {
        FileDescriptor(rawValue: descriptor).isTerminal
    }
}

/// A self-pipe: another thread (or a signal handler) writes a byte to wake the line editor,
/// which waits in `poll(2)` on the terminal and on this pipe at once.
final class WakePipe: Sendable {
    /// The end `poll(2)` watches.
    let readEnd: FileDescriptor
    /// The end that wakes it; written from any thread and from signal handlers.
    let writeEnd: FileDescriptor

    /// A non-blocking pipe, or nil when none can be made.
    init?() {
        guard let (readEnd, writeEnd) = try? FileDescriptor.pipe(),
              (try? readEnd.setNonBlocking(true)) != nil, (try? writeEnd.setNonBlocking(true)) != nil
        else { return nil }
        self.readEnd = readEnd
        self.writeEnd = writeEnd
    }

    deinit {
        try? readEnd.close()
        try? writeEnd.close()
    }

    /// Wakes the waiter. A full pipe already means "wake up", so no room is fine.
    func signal() {
        var byte: UInt8 = 1
        _ = try? withUnsafeBytes(of: &byte) { try writeEnd.writeIfReady($0) }
    }

    /// Empties the pipe after waking.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while let count = try? buffer.withUnsafeMutableBytes({ try readEnd.readIfReady(into: $0) }), count > 0 {}
    }
}
