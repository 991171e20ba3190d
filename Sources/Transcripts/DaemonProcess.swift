import Dispatch
import Framing
import SystemIO

/// A `switchboard serve` child process spoken to over pipes, line by line, through the same
/// framing layer the daemon itself uses.
final class DaemonProcess {
    /// Why talking to the daemon failed.
    enum Failure: Error, CustomStringConvertible {
        case spawn(Errno)
        case write(Errno)
        case read(Errno)
        case timedOut(seconds: Double)

        var description: String {
            switch self {
            case let .spawn(error): return "could not start the daemon: \(error)"
            case let .write(error): return "could not write to the daemon: \(error)"
            case let .read(error): return "could not read the daemon's output: \(error)"
            case let .timedOut(seconds): return "the daemon did not answer within \(seconds) s"
            }
        }
    }

    /// The longest daemon line read (a batch's answer is one line).
    static let maxLineBytes = 1 << 30

    private let child: ChildProcess
    private let reader: FrameReader
    private var writer: FrameWriter?
    private var stderrText: [UInt8] = []

    /// Starts `executable` with `arguments`, its stdin and stdout connected to us.
    init(executable: String, arguments: [String]) throws(Failure) {
        do {
            child = try ChildProcess(executable: executable, arguments: arguments)
        } catch {
            throw .spawn(error)
        }
        reader = FrameReader(fileDescriptor: child.output, mode: .newline, maxMessageLength: Self.maxLineBytes)
        writer = child.input.map { FrameWriter(fileDescriptor: $0, mode: .newline) }
    }

    /// Writes one line (a newline is appended).
    func send(_ line: String) throws(Failure) {
        guard let writer else { throw .write(.badFileDescriptor) }
        do {
            try writer.write(Array(line.utf8))
        } catch {
            switch error {
            case .peerClosed: throw .write(.brokenPipe)
            case let .writeFailed(code): throw .write(code)
            }
        }
    }

    /// The next line the daemon writes, or nil at end of its output.
    func readLine(timeout seconds: Double) throws(Failure) -> String? {
        defer { drainStderr() }
        let next: FrameReader.NextFrame
        do {
            next = try reader.next(timeoutMilliseconds: Int32(max(0, min(seconds * 1000, 2_000_000_000))))
        } catch {
            switch error {
            case let .readFailed(code): throw .read(code)
            }
        }
        switch next {
        case .ended: return nil
        case .timedOut: throw .timedOut(seconds: seconds)
        case let .frame(.message(bytes)): return String(decoding: bytes, as: UTF8.self)
        case let .frame(.tooLong(length)): return "<a line of \(length) bytes, longer than \(Self.maxLineBytes)>"
        case let .frame(.invalidHeader(reason)): return "<\(reason)>"
        }
    }

    /// Closes our end of the daemon's stdin and waits for it to exit; returns its exit status
    /// (or 128 + signal), or nil if it did not exit within `timeout`.
    func finish(timeout seconds: Double) -> Int32? {
        writer = nil
        child.closeInput()
        let deadline = DispatchTime.now() + seconds
        while true {
            drainStderr()
            if let status = try? child.waitForExit(blocking: false) {
                drainStderr()
                return status
            }
            if DispatchTime.now() >= deadline { return nil }
            // A pause of 10 ms (poll on no descriptor): stderr may already be at its end, and a
            // poll on it would return at once.
            _ = try? FileDescriptor.waitForInput(on: [], timeoutMilliseconds: 10)
        }
    }

    /// What the daemon wrote to stderr so far.
    var stderr: String {
        drainStderr()
        return String(decoding: stderrText, as: UTF8.self)
    }

    private func drainStderr() {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while let count = try? chunk.withUnsafeMutableBytes({ try child.errors.readIfReady(into: $0) }), count > 0 {
            stderrText.append(contentsOf: chunk[..<count])
        }
    }

    /// The path of the running executable, to start fresh daemons of the same build.
    static var currentExecutable: String {
        (try? FileSystem.destination(ofLink: "/proc/self/exe")) ?? CommandLine.arguments.first ?? "switchboard"
    }
}
