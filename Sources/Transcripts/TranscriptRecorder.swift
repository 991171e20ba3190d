import Daemon
import RPC
import Dispatch
import Host
import JSON

import SystemIO

/// Records a live session as a transcript that replays deterministically (`--record FILE`).
///
/// Replays always run on a virtual clock. A session recorded on the real clock is therefore
/// translated into virtual time as it is written:
/// - outputs caused by a timer (a simulated latency, a debounce) are preceded by an `advance`
///   step covering the real time that had passed, rounded up; a timer never fires early, so the
///   replayed timer falls due inside that advance;
/// - before a line from the client that found scheduled work pending or scheduled some, an
///   `advance` step brings the virtual clock up to the real one (rounded down), so the replay
///   schedules its timers at the times they were scheduled live. Whether a line schedules work
///   is known only once it has been handled, so each step is buffered until then.
/// The replay can still differ if a timer fired within a millisecond of a client's line.
/// Sessions recorded on the virtual clock are written as they are.
public final class TranscriptRecorder: TrafficObserver {
    private let file: FileDescriptor
    private let realClock: Bool
    private let pendingWork: () -> Int
    private let started = DispatchTime.now()
    /// Virtual milliseconds advanced so far in the recording.
    private var virtualMs: Int64 = 0
    private var advances = 0
    /// The `advance` step whose timer outputs are being written; its response follows them.
    private var openAdvance: String?
    /// The client's line being handled and what it caused, written once it is complete.
    private var step: (lines: [String], pendingBefore: Int, realMs: Int64)?

    /// Why a recording could not start.
    public struct Failure: Error, CustomStringConvertible {
        /// The reason, with the path.
        public let description: String
    }

    /// Starts recording to `path` (created or truncated). `daemonArguments` are written as the
    /// transcript's `$` line (the clock is added by replay).
    public init(path: String, realClock: Bool, daemonArguments: [String], pendingWork: @escaping () -> Int) throws(Failure) {
        // 0600: a transcript holds everything typed, passwords included. An existing file is
        // narrowed to 0600 too, as the history file is.
        do {
            file = try FileDescriptor.open(path, [.writeOnly, .create, .truncate], permissions: 0o600)
            try? file.setPermissions(0o600)
        } catch {
            throw Failure(description: "cannot record to \(path): \(error)")
        }
        self.realClock = realClock
        self.pendingWork = pendingWork
        write("# Recorded by switchboard. Replay: switchboard test \(path)")
        if !daemonArguments.isEmpty { write("$ " + daemonArguments.joined(separator: " ")) }
    }

    deinit {
        // Dropped without finished(): still close any open step, so the file replays.
        finished()
        try? file.close()
    }

    public func received(_ frame: [UInt8]) {
        closeAdvance()
        writeStep()
        step = (["> " + String(decoding: frame, as: UTF8.self)], pendingWork(), elapsedMs(roundingUp: false))
    }

    public func sent(_ message: OutboundMessage, line: [UInt8]) {
        let text = "< " + String(decoding: line, as: UTF8.self)
        if realClock, openAdvance == nil, case let .output(notification) = message, notification.cause == .timer {
            writeStep()
            recordAdvance(to: max(elapsedMs(roundingUp: true), virtualMs), expectingOutputs: true)
        }
        if openAdvance == nil, step != nil {
            step?.lines.append(text)
        } else {
            write(text)
        }
    }

    public func scheduledWorkFinished() {
        closeAdvance()
    }

    public func finished() {
        closeAdvance()
        writeStep()
    }

    /// Writes the buffered step, preceded by a catch-up `advance` if it met or made pending work.
    ///
    /// On the real clock, an `advance` is answered `-32004` (it needs the virtual clock) and
    /// changes nothing; the replay runs on the virtual clock, where it would succeed. Such a
    /// step is kept as comments, so the transcript still shows it and replays green.
    private func writeStep() {
        guard let current = step else { return }
        step = nil
        if realClock, Self.isRefusedAdvance(current.lines) {
            write("# not replayed: advance needs the virtual clock, and this was recorded on the real clock")
            for line in current.lines { write("# " + line) }
            return
        }
        if realClock, current.pendingBefore > 0 || pendingWork() > current.pendingBefore, current.realMs > virtualMs {
            recordAdvance(to: current.realMs, expectingOutputs: false)
        }
        for line in current.lines { write(line) }
    }

    /// Writes an `advance` step to `ms`; its response is written now, or after the timer's
    /// outputs when `expectingOutputs`.
    private func recordAdvance(to ms: Int64, expectingOutputs: Bool) {
        advances += 1
        let id = "advance-\(advances)"
        let step = max(0, ms - virtualMs)
        virtualMs += step
        write(#"> {"jsonrpc":"2.0","id":"\#(id)","method":"advance","params":{"ms":\#(step)}}"#)
        if expectingOutputs {
            openAdvance = id
        } else {
            writeAdvanceResponse(id)
        }
    }

    private func closeAdvance() {
        guard let id = openAdvance else { return }
        openAdvance = nil
        writeAdvanceResponse(id)
    }

    private func writeAdvanceResponse(_ id: String) {
        write(#"< {"jsonrpc":"2.0","id":"\#(id)","result":{"now":\#(virtualMs)}}"#)
    }

    /// Whether `lines` are one `advance` request and its `-32004` answer.
    static func isRefusedAdvance(_ lines: [String]) -> Bool {
        guard let request = lines.first, request.hasPrefix("> "),
              let message = try? JSONValue.parse(String(request.dropFirst(2))),
              message["method"]?.stringValue == "advance" else { return false }
        return lines.dropFirst().contains { line in
            (try? JSONValue.parse(String(line.dropFirst(2))))?["error"]?["code"]?.int64Value == Int64(RPCErrorCode.clockNotVirtual.rawValue)
        }
    }

    private func elapsedMs(roundingUp: Bool) -> Int64 {
        let nanoseconds = Int64(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds)
        return roundingUp ? (nanoseconds + 999_999) / 1_000_000 : nanoseconds / 1_000_000
    }

    /// Written at once (no buffer to lose): a failed write (a full disk) is not retried; the
    /// replay of a truncated transcript then fails and says where.
    private func write(_ line: String) {
        try? file.writeAll(Array((line + "\n").utf8))
    }
}
