import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Signals turned into something a thread can wait on: the self-pipe trick, with the one
/// signal handler of the project.
///
/// The handler is async-signal-safe: it only bumps an atomic counter, writes one byte to a
/// pipe (`write(2)` is on POSIX's list of safe calls) or stops an ``InterruptibleInput``
/// (itself async-signal-safe) and, when asked to, writes a prepared message and calls `_exit`
/// on a repeated signal. Everything it touches is allocated by
/// ``install(_:wake:restartCalls:onRepeat:)`` before the handler can run. A thread waiting
/// on a pipe polls its read end beside its own input; a thread reading an interruptible input
/// has its read end. ``take(_:)`` says which signal came.
public enum InterruptWake {
    /// What a delivery wakes.
    public enum Target: Sendable {
        /// A byte is written to this descriptor (a self-pipe's non-blocking write end).
        case pipe(FileDescriptor)
        /// This input is stopped (``InterruptibleInput/stop()``). The input is kept for the
        /// rest of the process's life: the handler may run at any moment.
        case input(InterruptibleInput)
    }

    /// What a repeated signal does.
    public enum Repeat: Sendable {
        /// Counted and woken like the first.
        case wakeAgain
        /// Writes `message` (a line) to stderr and exits with `status` at once: the daemon's
        /// way out when a client neither reads nor lets it finish. "Repeated" counts every
        /// signal installed this way together: SIGTERM then SIGINT is a repeat.
        case exit(status: Int32, message: String)
    }

    /// The state of one signal number, prepared before its handler is installed.
    fileprivate final class Slot: Sendable {
        let count = Atomic<Int>(0)
        let wake = Atomic<Int32>(-1)
        /// An `InterruptibleInput`'s address (retained for good), or 0.
        let input = Atomic<Int>(0)
        let exitStatus = Atomic<Int32>(-1)
        /// The exit message's bytes, allocated once and never freed (the handler may read them
        /// at any moment until the process ends).
        let message = Atomic<Int>(0)
        let messageLength = Atomic<Int>(0)
    }

    /// Whether `signal` was ignored when the process started (`nohup` ignores SIGHUP; a shell
    /// ignores SIGINT for background jobs). Such signals are left ignored.
    public static func wasIgnoredAtStart(_ signal: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(signal, nil, &current) == 0 else { return false }
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Installs the handler for `signal`: each delivery counts, and wakes `wake`.
    ///
    /// - Parameters:
    ///   - restartCalls: `SA_RESTART`; without it a blocking call returns `EINTR` at once
    ///     (the line editor's `poll(2)` relies on that to redraw).
    ///   - onRepeat: what a second and later delivery does.
    public static func install(_ signal: Int32, wake: Target, restartCalls: Bool = true, onRepeat: Repeat = .wakeAgain) {
        // Touch every global the handler reads, so their one-time initialization happens
        // here and never inside the handler (swift_once is not async-signal-safe).
        _ = exitGroupCount.load(ordering: .relaxed)
        let slot = slots[Int(signal)]
        switch wake {
        case let .pipe(descriptor):
            slot.input.store(0, ordering: .releasing)
            slot.wake.store(descriptor.rawValue, ordering: .releasing)
        case let .input(input):
            slot.wake.store(-1, ordering: .releasing)
            // Retained for good, and an input installed before is never released: a handler
            // running on another thread may be using it.
            slot.input.store(Int(bitPattern: Unmanaged.passRetained(input).toOpaque()), ordering: .releasing)
        }
        if case let .exit(status, message) = onRepeat {
            let bytes = Array((message + "\n").utf8)
            let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
            storage.initialize(from: bytes, count: bytes.count)
            slot.messageLength.store(bytes.count, ordering: .releasing)
            slot.message.store(Int(bitPattern: storage), ordering: .releasing)
            slot.exitStatus.store(status, ordering: .releasing)
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            let saved = errno
            defer { errno = saved }
            guard number > 0, Int(number) < slots.count else { return }
            let slot = slots[Int(number)]
            let previous = slot.count.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue
            let status = slot.exitStatus.load(ordering: .acquiring)
            let repeated = status >= 0
                ? exitGroupCount.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue > 0
                : previous > 0
            if repeated, status >= 0 {
                // Only if stderr has room now (poll is async-signal-safe): a full, unread
                // stderr must not keep the process from exiting.
                var room = pollfd(fd: STDERR_FILENO, events: Int16(POLLOUT), revents: 0)
                if poll(&room, 1, 0) == 1, room.revents & Int16(POLLOUT) != 0,
                   let text = UnsafeRawPointer(bitPattern: slot.message.load(ordering: .acquiring)) {
                    _ = write(STDERR_FILENO, text, slot.messageLength.load(ordering: .acquiring))
                }
                _exit(status)
            }
            let pipe = slot.wake.load(ordering: .acquiring)
            if pipe >= 0 {
                var byte: UInt8 = 1
                _ = write(pipe, &byte, 1)
            }
            if let input = UnsafeRawPointer(bitPattern: slot.input.load(ordering: .acquiring)) {
                // Without a reference count taken: the slot holds one for good.
                Unmanaged<InterruptibleInput>.fromOpaque(input)._withUnsafeGuaranteedRef { $0.stop() }
            }
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = restartCalls ? SA_RESTART : 0
        sigaction(signal, &action, nil)
    }

    /// How many times `signal` arrived since the last call (0 if not), resetting the count.
    public static func take(_ signal: Int32) -> Int {
        slots[Int(signal)].count.exchange(0, ordering: .acquiringAndReleasing)
    }

    /// How many times `signal` arrived, without resetting.
    public static func count(_ signal: Int32) -> Int {
        slots[Int(signal)].count.load(ordering: .acquiring)
    }
}

/// Deliveries of every signal installed with `.exit(…)`, together.
private let exitGroupCount = Atomic<Int>(0)

/// One slot per signal number, created at first use (always before a handler is installed,
/// since `install` reads it first), then only read.
private let slots: [InterruptWake.Slot] = (0..<65).map { _ in InterruptWake.Slot() }
