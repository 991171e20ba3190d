import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// An input read by plain blocking `read(2)` calls that another thread, or a signal handler,
/// can stop at any moment: the daemon's stdin.
///
/// Its reader needs no `poll(2)` before each read: polling the input beside a self-pipe that
/// signals write to would cost a system call more per read, a noticeable part of the round
/// trip of a client that waits for each answer.
///
/// ``stop()`` reaches the reader whatever it is doing, in three async-signal-safe steps:
/// 1. it sets the stop flag, which ``read(into:)`` checks before each `read(2)`;
/// 2. it puts, with `dup2(2)`, the read end of an empty pipe without a writer in place of the
///    descriptor being read (this object's own duplicate of the input, so the caller's
///    descriptor is left as it was): every `read(2)` that starts from then on returns end of
///    input at once, so a reader between its check and its `read(2)` does not block;
/// 3. it sends the reading thread ``kickSignal``, whose handler does nothing, so a `read(2)`
///    already blocked on the input is restarted (`SA_RESTART`) and, its descriptor now being
///    the empty pipe, ends at once.
/// A read that returns end of input (or `EINTR`) once the flag is set reports
/// ``ReadOutcome/stopped``. Bytes not read stay in the input; every byte read was returned.
/// The kick restarts, rather than fails, whatever else the reading thread may be blocked in
/// (a write, a lock's wait): only the replaced descriptor ends.
///
/// One thread reads at a time, and the last to read must outlive every stop (the daemon's
/// reader is its main thread); any thread or handler may stop.
public final class InterruptibleInput: Sendable {
    /// What one ``read(into:)`` did.
    public enum ReadOutcome: Equatable, Sendable {
        /// This many bytes (at least one) are in the buffer.
        case read(Int)
        /// End of input.
        case ended
        /// ``stop()`` was called; nothing was read.
        case stopped
    }

    /// The signal that ends a `read(2)` blocked when ``stop()`` is called: SIGURG, which by
    /// default is ignored and which nothing else in the project uses (the Go runtime uses it
    /// to interrupt its threads for the same reasons). Its handler, installed with the first
    /// input, does nothing and restarts the call it interrupted (see the type's notes).
    public static let kickSignal = SIGURG

    /// This object's duplicate of the input: what is read, and what a stop replaces.
    private let descriptor: FileDescriptor
    /// The read end of a pipe whose write end is closed: reads end of input at once.
    private let endedInput: FileDescriptor
    private let stopped = Atomic<Bool>(false)
    /// The `pthread_t` of the thread that called ``read(into:)`` last; 0 before any did.
    private let readerThread = Atomic<UInt>(0)

    /// Reads `input` through a duplicate of it (close-on-exec); `input` itself stays open and
    /// is not changed.
    public init(duplicating input: FileDescriptor) throws(Errno) {
        let copy = try input.duplicate()
        let empty: (readEnd: FileDescriptor, writeEnd: FileDescriptor)
        do {
            empty = try FileDescriptor.pipe()
        } catch {
            try? copy.close()
            throw error
        }
        try? empty.writeEnd.close()
        descriptor = copy
        endedInput = empty.readEnd
        _ = Self.installKickHandler
    }

    /// Installs the kick signal's handler, once per process (a static's initializer runs once).
    private static let installKickHandler: Void = {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        sigemptyset(&action.sa_mask)
        // SA_RESTART: a read blocked on the input starts again, on the empty pipe the stop put
        // in its place, and ends; any other call the thread is in goes on as if not interrupted.
        action.sa_flags = SA_RESTART
        sigaction(kickSignal, &action, nil)
    }()

    /// Reads at most `buffer.count` bytes, blocking until some arrive, the input ends or
    /// ``stop()`` is called.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> ReadOutcome {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return .read(0) }
        // Sequentially consistent, like the flag's store and load below and in `stop`: either
        // the reader's check sees the flag, or the stop sees this thread and interrupts it.
        readerThread.store(UInt(pthread_self()), ordering: .sequentiallyConsistent)
        while true {
            if stopped.load(ordering: .sequentiallyConsistent) { return .stopped }
            let count = Glibc.read(descriptor.rawValue, base, buffer.count)
            if count > 0 { return .read(count) }
            if count == 0 { return stopped.load(ordering: .sequentiallyConsistent) ? .stopped : .ended }
            let code = errno
            if code == EAGAIN || code == EWOULDBLOCK {
                // An input handed over non-blocking (the flag belongs to the open file, which
                // a parent may have set): wait until it is readable. The kick ends this wait
                // too, and the descriptor a stop puts in place is readable at once.
                var entry = pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0)
                if poll(&entry, 1, -1) < 0, errno != EINTR { throw Errno(rawValue: errno) }
                continue
            }
            // Interrupted (by the kick or any other signal): the loop checks the flag again.
            if code != EINTR { throw Errno(rawValue: code) }
        }
    }

    /// Makes the reader's blocked or next read return ``ReadOutcome/stopped``.
    /// Async-signal-safe (an atomic store and load, `dup2(2)`, `pthread_kill(3)`), so a signal
    /// handler may call it; idempotent.
    public func stop() {
        stopped.store(true, ordering: .sequentiallyConsistent)
        _ = dup2(endedInput.rawValue, descriptor.rawValue)
        let thread = readerThread.load(ordering: .sequentiallyConsistent)
        if thread != 0 { _ = pthread_kill(pthread_t(thread), Self.kickSignal) }
    }

    /// The descriptor reads use, which a stop replaces (internal, for tests).
    var readDescriptor: FileDescriptor { descriptor }

    /// Whether ``stop()`` was called.
    public var isStopped: Bool { stopped.load(ordering: .sequentiallyConsistent) }

    deinit {
        try? descriptor.close()
        try? endedInput.close()
    }
}
