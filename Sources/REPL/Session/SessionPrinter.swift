import RPC
import Host
import JSON
import Transcripts

/// Shows what passes between the REPL and the session: every message readably, the wire JSON
/// too under `.raw on`, and both directions in the transcript under `.record`.
///
/// Executor-confined: the session's events arrive on its executor, and the REPL changes
/// `showsWire` and `recorder` through `SessionDriver.onExecutor`. Text goes to the `Console`,
/// which is safe from any thread.
final class SessionPrinter {
    private let formatter: OutputFormatter
    private let console: Console
    /// `.raw on`: also print the JSON sent and received.
    var showsWire = false
    /// `.record FILE`: the transcript being written, and its path.
    var recorder: (recorder: TranscriptRecorder, path: String)?
    /// The terminal's width when results are laid out for a person (interactive mode), nil
    /// for the compact one-line form (pipes, plain mode).
    var resultWidth: () -> Int? = { nil }
    /// Error responses shown so far (a piped REPL exits non-zero when there was any).
    private(set) var failures = 0
    /// The session so far, for `.timeline`: each line sent, and the lines received after it
    /// (later outputs, from timers, join the last line sent). The oldest are dropped past
    /// `historyLimit`, so a long session keeps bounded memory.
    private(set) var history: (sent: [String], received: [[String]]) = ([], [])
    /// How many lines sent `.timeline` keeps, the most recent.
    static let historyLimit = 5_000

    init(formatter: OutputFormatter, console: Console) {
        self.formatter = formatter
        self.console = console
    }

    /// One request sent or one message received.
    func handle(_ event: SessionDriver.Event) {
        switch event {
        case let .sent(wire):
            recorder?.recorder.received(Array(wire.utf8))
            if history.sent.count == Self.historyLimit {
                history.sent.removeFirst()
                history.received.removeFirst()
            }
            history.sent.append(wire)
            history.received.append([])
            if showsWire { console.write(lines: [formatter.sent(wire)]) }
        case let .received(message, purpose):
            let wire = message.json.serializedString()
            recorder?.recorder.sent(message, line: Array(wire.utf8))
            if !history.received.isEmpty { history.received[history.received.count - 1].append(wire) }
            var lines = showsWire ? [formatter.received(wire)] : []
            lines += self.lines(for: message, purpose: purpose)
            console.write(lines: lines)
        case .scheduledWorkFinished:
            recorder?.recorder.scheduledWorkFinished()
        }
    }

    /// Something the session reports on the side (a stray response, a timed-out call).
    func warn(_ text: String) {
        console.write(lines: [formatter.warning(text)])
    }

    private func lines(for message: OutboundMessage, purpose: SessionDriver.Purpose?) -> [String] {
        switch message {
        case let .output(notification):
            return [formatter.output(notification)]
        case let .clientRequest(id, method, params):
            return formatter.clientRequest(id: id, method: method, params: params)
        case let .response(response):
            return lines(for: response.result, purpose: purpose)
        case let .batch(responses):
            return responses.flatMap { lines(for: $0.result, purpose: .raw) }
        case .notification:
            // Only protocol adapters (MCP) send these; the REPL's session speaks plain JSON-RPC.
            return [message.json.serializedString()]
        }
    }

    private func lines(for result: Result<JSONValue, RPCError>, purpose: SessionDriver.Purpose?) -> [String] {
        let value: JSONValue
        switch result {
        case let .failure(error):
            failures += 1
            return formatter.error(error)
        case let .success(success): value = success
        }
        switch purpose {
        case .none, .call?:
            // Inputs answer null: their outputs already said everything.
            return value.isNull ? [] : formatter.resultLines(value, width: resultWidth())
        case .raw?:
            return value.isNull ? [formatter.ok()] : formatter.resultLines(value, width: resultWidth())
        case let .command(command)?:
            switch command {
            case .types: return formatter.types(TypeDescription.types(fromDescribe: value))
            case .list: return formatter.instances(SessionDescription.instances(fromList: value))
            case let .snapshot(id): return formatter.snapshot(id: id, value)
            case .new: return [formatter.created(value)]
            case let .destroy(id): return [formatter.note("destroyed \(id)")]
            case .advance: return [formatter.advanced(value)]
            case .help, .raw, .record, .stop, .timeline, .quit: return []
            }
        }
    }
}
