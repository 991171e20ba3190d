import RPC
import Host
import JSON

/// The client's side of the wire: serializes everything the session sends, as the daemon does,
/// and checks each line and each step (a frame, a clock advance, end of input) against the
/// contract. A violation traps with the step and the line in the message, which libFuzzer
/// reports as a crash.
final class WireChecker {
    /// One line the session wrote, as the client reads it back.
    enum Line {
        /// An `output` notification.
        case notification
        /// A request from the daemon to the client (service delegation).
        case clientRequest
        /// A response to one message; `errorCode` is nil for a result.
        case response(OwedResponses.Answer)
        /// The array answering a batch.
        case batch([OwedResponses.Answer])

        var isResponse: Bool {
            switch self {
            case .response, .batch: return true
            case .notification, .clientRequest: return false
            }
        }
    }

    /// What is being played now, for violation messages.
    private var step = "start"
    /// Lines written during the current step.
    private var lines: [Line] = []
    /// The last `seq` seen; notifications must count 1, 2, 3… without gaps.
    private var lastSeq: Int64 = 0
    /// The result of the last single response, if it was one.
    private(set) var lastResult: JSONValue?

    /// Starts a step; `description` names it in violation messages.
    func begin(_ description: String) {
        step = description
        lines = []
    }

    /// Ends a step that must have produced exactly `owed` as responses, the response (if any)
    /// last: notifications a request causes are written before its response.
    func end(owing owed: OwedResponses) {
        let responses = lines.filter(\.isResponse)
        switch owed {
        case .nothing:
            require(responses.isEmpty, "a response was written where none is owed: \(responses)")
        case let .single(expected):
            require(responses.count == 1, "expected exactly one response (\(expected)), got \(responses.count): \(responses)")
            guard case let .response(answer)? = lines.last else {
                violated("the response (\(expected)) is not the last line of the step: \(lines)")
            }
            check(answer, against: expected)
        case let .batch(expected):
            require(responses.count == 1, "expected exactly one batch answer of \(expected.count), got \(responses.count) responses: \(responses)")
            guard case let .batch(answers)? = lines.last else {
                violated("the batch answer is not the last line of the step: \(lines)")
            }
            require(answers.count == expected.count, "batch answer has \(answers.count) responses, \(expected.count) owed: \(answers) vs \(expected)")
            for (answer, owed) in zip(answers, expected) { check(answer, against: owed) }
        }
        lines = []
    }

    /// Checks one line of the session's output as it is written.
    func receive(_ message: OutboundMessage) {
        let json = message.json
        let bytes = json.serialized()
        require(!bytes.contains(0x0A), "a raw newline in an output line: \(text(bytes))")
        let parsed: JSONValue
        do {
            parsed = try JSONValue.parse(bytes)
        } catch {
            violated("an output line does not parse (\(error)): \(text(bytes))")
        }
        require(parsed == Self.asWritten(json), "an output line does not read back as the value sent: \(text(bytes))")

        switch message {
        case let .output(notification):
            require(notification.seq == lastSeq + 1, "seq \(notification.seq) follows \(lastSeq): \(text(bytes))")
            lastSeq = notification.seq
            require(parsed["method"] == "output" && parsed["id"] == nil && parsed["params"]?["seq"] == .integer(notification.seq),
                    "a malformed notification: \(text(bytes))")
            lines.append(.notification)
        case let .clientRequest(id, _, _):
            require(id.hasPrefix("sb-") && parsed["id"] == .string(id) && parsed["method"]?.stringValue != nil,
                    "a malformed request to the client: \(text(bytes))")
            lines.append(.clientRequest)
        case .response:
            lines.append(.response(answer(in: parsed, line: bytes)))
            lastResult = parsed["result"]
        case let .batch(responses):
            require(!responses.isEmpty, "an empty batch answer: \(text(bytes))")
            let answers = parsed.arrayValue ?? []
            require(answers.count == responses.count, "a batch answer that is not an array of its responses: \(text(bytes))")
            lines.append(.batch(answers.map { answer(in: $0, line: bytes) }))
        case let .notification(method, _):
            violated("the plain face sent a \(method) notification: \(text(bytes))")
        }
    }

    /// Traps with `message` and the current step unless `condition` holds.
    func require(_ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
        if !condition { violated(message(), file: file, line: line) }
    }

    /// Traps: an invariant of the session is broken.
    func violated(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
        fatalError("SessionFuzzer invariant violated during \(step):\n  \(message)\n", file: file, line: line)
    }

    // MARK: Helpers

    /// Reads a response object's id and error code, checking its shape.
    private func answer(in response: JSONValue, line bytes: [UInt8]) -> OwedResponses.Answer {
        guard case let .object(object) = response, object["jsonrpc"] == "2.0", let id = object["id"] else {
            violated("a response without \"jsonrpc\":\"2.0\" and an id: \(text(bytes))")
        }
        require(OwedResponses.isValidID(id), "a response whose id is not a string, number or null: \(text(bytes))")
        require(object["method"] == nil, "a response with a method: \(text(bytes))")
        switch (object["result"], object["error"]) {
        case (_?, nil):
            return OwedResponses.Answer(id: id, errorCode: nil)
        case let (nil, error?):
            guard let code = error["code"], case let .integer(value) = code, error["message"]?.stringValue != nil else {
                violated("an error without an integer code and a message: \(text(bytes))")
            }
            return OwedResponses.Answer(id: id, errorCode: value)
        default:
            violated("a response needs exactly one of result and error: \(text(bytes))")
        }
    }

    /// An answer matches what is owed: the same id (numbers compare as parsed, so `1` and
    /// `1.0` differ), and the error code when the rules fix one.
    private func check(_ answer: OwedResponses.Answer, against owed: OwedResponses.Answer) {
        require(answer.id == owed.id, "response id \(answer.id.serializedString()) where \(owed) is owed")
        if let code = owed.errorCode {
            require(answer.errorCode == code, "response \(answer) where \(owed) is owed")
        }
    }

    /// The value as JSON text can carry it: NaN and the infinities are written as null
    /// (documented in `JSONWriter.writeDouble`), everything else reads back unchanged.
    static func asWritten(_ value: JSONValue) -> JSONValue {
        switch value {
        case let .double(number) where !number.isFinite: return .null
        case let .array(elements): return .array(elements.map(asWritten))
        case let .object(object): return .object(JSONObject(object.map { ($0.key, asWritten($0.value)) }))
        default: return value
        }
    }

    /// A line for a message, cut to a readable length.
    private func text(_ bytes: [UInt8]) -> String {
        let shown = String(decoding: bytes.prefix(600), as: UTF8.self)
        return bytes.count > 600 ? shown + "… (\(bytes.count) bytes)" : shown
    }
}
