import JSON

/// A recorded or hand-written conversation with the daemon, replayable as a test.
///
/// Text form (one item per line; see protocol.md, "Transcripts"):
/// ```
/// # a comment
/// $ --clock virtual                     daemon options (at most one line, before the first step)
/// ! ignore register.isRegistering       relax: notifications of this output are not compared
/// ! non-exhaustive                      outputs not listed are accepted (listed ones still
///                                       must come, in their order)
/// > {"jsonrpc":"2.0","id":1,"method":"signup.viewDidLoad"}
/// < {"jsonrpc":"2.0","method":"output","params":{…}}
/// < {"jsonrpc":"2.0","id":1,"result":null}
/// ```
/// Every `>` line is sent as it is; the `<` lines after it are exactly what the daemon must
/// write in answer, in order, before the next `>` (compared as JSON values, so key order and
/// spacing do not matter). An output that happened but is not listed fails the transcript
/// unless an `! ignore` directive names it.
public struct Transcript: Sendable, Equatable {
    /// Where it came from, for reports: `file`, or `file#3` for the third block of a document.
    public var name: String
    /// Arguments for `switchboard serve`.
    public var daemonArguments: [String]
    /// Outputs not compared, as `vm.output` or `output` (any instance).
    public var ignoredOutputs: [String]
    /// Whether outputs the transcript does not list are accepted (`! non-exhaustive`, or
    /// `switchboard test --non-exhaustive`): the listed ones must still come, in their order,
    /// and responses are compared as ever. Exhaustive is the default.
    public var isNonExhaustive = false
    /// The exchanges, in order.
    public var steps: [Step]

    /// One line sent and the lines expected in answer.
    public struct Step: Sendable, Equatable {
        /// The line sent to the daemon.
        public var sent: String
        /// The lines expected before the next step, as text (for reports) and parsed.
        public var expected: [String]
        /// 1-based line number of `sent` in the source, for reports.
        public var line: Int

        /// A step.
        public init(sent: String, expected: [String], line: Int) {
            self.sent = sent
            self.expected = expected
            self.line = line
        }
    }

    /// A transcript.
    public init(name: String, daemonArguments: [String] = [], ignoredOutputs: [String] = [], steps: [Step] = []) {
        self.name = name
        self.daemonArguments = daemonArguments
        self.ignoredOutputs = ignoredOutputs
        self.steps = steps
    }

    /// Whether an output notification line is ignored by a directive.
    func ignores(_ message: JSONValue) -> Bool {
        guard message["method"]?.stringValue == "output",
              let params = message["params"],
              let vm = params["vm"]?.stringValue,
              let output = params["output"]?.stringValue else { return false }
        return ignoredOutputs.contains(output) || ignoredOutputs.contains("\(vm).\(output)")
    }

    /// The transcript as text, in the format it is parsed from.
    public var text: String {
        var lines: [String] = []
        if !daemonArguments.isEmpty { lines.append("$ " + daemonArguments.joined(separator: " ")) }
        if isNonExhaustive { lines.append("! non-exhaustive") }
        for output in ignoredOutputs { lines.append("! ignore \(output)") }
        for step in steps {
            lines.append("> " + step.sent)
            lines.append(contentsOf: step.expected.map { "< " + $0 })
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
