import Dispatch
import Synchronization
import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// SIGTERM, SIGINT and SIGHUP, turned into something the reader thread can wait on.
///
/// Each signal is caught by a Dispatch signal source on a queue of its own (never the
/// executor, which may be blocked on a full stdout). The first one writes a byte into a
/// self-pipe that the reader polls beside stdin, so the reader stops *between* reads: every
/// byte it has consumed has been handed to the executor, and is answered before exit. A second
/// signal while the daemon is still finishing calls ``onSecondSignal`` (the daemon exits at
/// once: a client that neither reads nor lets us finish must not keep us alive).
final class TerminationSignals: @unchecked Sendable {
    /// The signals that end the daemon gracefully.
    static let handled: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    /// Readable once a signal arrived: the reader's `interruptedBy` descriptor.
    let readEnd: FileDescriptor
    private let writeEnd: FileDescriptor
    private let received = Mutex<Int32?>(nil)
    private var sources: [DispatchSourceSignal] = []
    private let queue = DispatchQueue(label: "switchboard.signals")

    /// Starts catching the signals. `onSecondSignal` runs on the signal queue.
    init(onSecondSignal: @escaping @Sendable (Int32) -> Void) throws(Errno) {
        (readEnd, writeEnd) = try FileDescriptor.pipe()
        for number in Self.handled {
            // Ignored at the process level so the default action (exit) never runs; the
            // Dispatch source still observes each delivery.
            ProcessIO.ignore(signal: number)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [weak self] in
                guard let self else { return }
                let first = self.received.withLock { received -> Bool in
                    defer { if received == nil { received = number } }
                    return received == nil
                }
                if first {
                    var byte: UInt8 = 1
                    _ = try? withUnsafeBytes(of: &byte) { (buffer) throws(Errno) in try self.writeEnd.writeAll(buffer) }
                } else {
                    onSecondSignal(number)
                }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// The first signal received, if any.
    var first: Int32? { received.withLock { $0 } }

    deinit {
        for source in sources { source.cancel() }
        try? readEnd.close()
        try? writeEnd.close()
    }
}
