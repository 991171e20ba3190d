import JSON

/// The outcome of replaying one transcript.
public struct ReplayResult: Sendable {
    /// The transcript's name.
    public let name: String
    /// Steps whose answers differ, with their differences.
    public var failedSteps: [(step: Transcript.Step, diff: [DiffLine])] = []
    /// Problems outside any one step: exit status, sequence gaps, timeouts.
    public var problems: [String] = []
    /// What the daemon actually wrote after each step (for `--update` and reports).
    public var actualLines: [[String]] = []
    /// Outputs a non-exhaustive transcript did not list, by step index: accepted, reported.
    public var skippedOutputs: [Int: [String]] = [:]
    /// The transcript replayed (for reports).
    public var transcript: Transcript?
    /// Whether the transcript passed.
    public var passed: Bool { failedSteps.isEmpty && problems.isEmpty }
}

/// Replays transcripts against fresh daemons, each with a virtual clock.
public struct Replayer: Sendable {
    /// The `switchboard` executable to start (by default, the one running).
    public var executable: String
    /// How long one step may take, in seconds.
    public var stepTimeout: Double

    /// A replayer starting `executable` (default: this very binary).
    public init(executable: String? = nil, stepTimeout: Double = 10) {
        self.executable = executable ?? DaemonProcess.currentExecutable
        self.stepTimeout = stepTimeout
    }

    /// Replays `transcript` and compares every step; `nonExhaustive` accepts unlisted outputs in
    /// every transcript, as `! non-exhaustive` does in one.
    public func replay(_ transcript: Transcript, nonExhaustive: Bool = false) -> ReplayResult {
        var transcript = transcript
        transcript.isNonExhaustive = transcript.isNonExhaustive || nonExhaustive
        var result = ReplayResult(name: transcript.name)
        result.transcript = transcript
        var arguments = ["serve"] + transcript.daemonArguments
        if !arguments.contains("--clock") { arguments += ["--clock", "virtual"] }
        let daemon: DaemonProcess
        do {
            daemon = try DaemonProcess(executable: executable, arguments: arguments)
        } catch {
            result.problems.append(error.description)
            return result
        }
        var lastSeq: Int64 = 0
        var ended = false
        for (index, step) in transcript.steps.enumerated() where !ended {
            let barrier = "transcript-sync-\(index + 1)"
            var actual: [String] = []
            do {
                try daemon.send(step.sent)
                try daemon.send(#"{"jsonrpc":"2.0","id":"\#(barrier)","method":"list"}"#)
                while true {
                    guard let line = try daemon.readLine(timeout: stepTimeout) else {
                        ended = true
                        break
                    }
                    if let value = try? JSONValue.parse(line) {
                        if value["id"]?.stringValue == barrier { break }
                        if value["method"]?.stringValue == "output", let seq = value["params"]?["seq"]?.int64Value {
                            if seq != lastSeq + 1 {
                                result.problems.append("seq jumped from \(lastSeq) to \(seq) at step \(index + 1) (line \(step.line))")
                            }
                            lastSeq = seq
                        }
                    }
                    actual.append(line)
                }
            } catch {
                result.problems.append("step \(index + 1) (line \(step.line)): \(error.description)")
                ended = true
            }
            result.actualLines.append(actual)
            let diff = Comparison.diff(
                expected: Comparison.normalized(step.expected, transcript: transcript),
                actual: Comparison.normalized(actual, transcript: transcript)
            )
            if !Comparison.passes(diff, nonExhaustive: transcript.isNonExhaustive) {
                result.failedSteps.append((step, diff))
            } else if transcript.isNonExhaustive, case let skipped = Comparison.skipped(diff), !skipped.isEmpty {
                result.skippedOutputs[index] = skipped
            }
        }
        let status = daemon.finish(timeout: stepTimeout)
        if status != 0 {
            let text = status.map { "exited with status \($0)" } ?? "did not exit after its input ended"
            let stderr = daemon.stderr.trimmingCharacters(in: " \n")
            result.problems.append("the daemon \(text)" + (stderr.isEmpty ? "" : "; stderr: \(stderr)"))
        }
        return result
    }
}
