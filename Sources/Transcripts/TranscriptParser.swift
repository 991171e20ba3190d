/// Reads transcripts from transcript files and from Markdown documents.
public enum TranscriptParser {
    /// A problem in a transcript's text.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// The source name.
        public let name: String
        /// 1-based line.
        public let line: Int
        /// What is wrong.
        public let reason: String

        public var description: String { "\(name):\(line): \(reason)" }
    }

    /// Parses a transcript file's text.
    public static func parse(_ text: String, name: String) throws(Failure) -> Transcript {
        try parse(lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), firstLine: 1, name: name)
    }

    /// The transcripts of a Markdown document: every fenced block whose info string is
    /// `transcript`, named `name#1`, `name#2`… in order.
    public static func transcripts(inMarkdown text: String, name: String) throws(Failure) -> [Transcript] {
        var result: [Transcript] = []
        var block: [String]?
        var blockStart = 0
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: " ")
            if var current = block {
                if trimmed.hasPrefix("```") {
                    result.append(try parse(lines: current, firstLine: blockStart + 1, name: "\(name)#\(result.count + 1)"))
                    block = nil
                } else {
                    current.append(String(line))
                    block = current
                }
            } else if trimmed == "```transcript" {
                block = []
                blockStart = index + 1
            }
        }
        if block != nil {
            throw Failure(name: name, line: blockStart, reason: "transcript block is not closed with ```")
        }
        return result
    }

    private static func parse(lines: [String], firstLine: Int, name: String) throws(Failure) -> Transcript {
        var transcript = Transcript(name: name)
        for (offset, raw) in lines.enumerated() {
            let number = firstLine + offset
            let line = raw.hasSuffix("\r") ? String(raw.dropLast()) : raw
            if line.trimmingCharacters(in: " \t").isEmpty || line.hasPrefix("#") { continue }
            guard line.count >= 2, line.dropFirst().first == " " else {
                throw Failure(name: name, line: number, reason: "expected '> ', '< ', '$ ', '! ' or '#' at the start of the line")
            }
            let body = String(line.dropFirst(2))
            switch line.first {
            case ">":
                transcript.steps.append(.init(sent: body, expected: [], line: number))
            case "<":
                guard !transcript.steps.isEmpty else {
                    throw Failure(name: name, line: number, reason: "an expected line ('<') before anything was sent ('>')")
                }
                transcript.steps[transcript.steps.count - 1].expected.append(body)
            case "$":
                guard transcript.steps.isEmpty, transcript.daemonArguments.isEmpty else {
                    throw Failure(name: name, line: number, reason: "daemon options ('$') must come once, before the first step")
                }
                transcript.daemonArguments = body.split(separator: " ").map(String.init)
            case "!":
                let words = body.split(separator: " ").map(String.init)
                if words == ["non-exhaustive"] {
                    transcript.isNonExhaustive = true
                    continue
                }
                guard words.count == 2, words[0] == "ignore" else {
                    throw Failure(name: name, line: number, reason: "unknown directive '\(body)' (known: ignore <vm>.<output>, ignore <output>, non-exhaustive)")
                }
                transcript.ignoredOutputs.append(words[1])
            default:
                throw Failure(name: name, line: number, reason: "expected '> ', '< ', '$ ', '! ' or '#' at the start of the line")
            }
        }
        return transcript
    }
}

extension String {
    /// The string without leading and trailing characters of `set`.
    func trimmingCharacters(in set: String) -> String {
        let characters = Set(set)
        guard let start = firstIndex(where: { !characters.contains($0) }),
              let end = lastIndex(where: { !characters.contains($0) }) else { return "" }
        return String(self[start...end])
    }
}

extension Substring {
    func trimmingCharacters(in set: String) -> String {
        String(self).trimmingCharacters(in: set)
    }
}
