import JSON

/// One line of a step's difference between what a transcript expects and what happened.
public enum DiffLine: Equatable, Sendable {
    /// Expected and seen.
    case same(String)
    /// Expected, not seen.
    case missing(String)
    /// Seen, not expected.
    case unexpected(String)
    /// The same message (same output, or the same response id) with another value.
    case changed(expected: String, actual: String)
    /// Expected and seen, but not at this position.
    case outOfOrder(String)
}

/// Compares expected and actual messages of one step.
enum Comparison {
    /// The messages a step is compared on: parsed, `seq` removed, ignored outputs dropped.
    static func normalized(_ lines: [String], transcript: Transcript) -> [(text: String, value: JSONValue?)] {
        lines.compactMap { line in
            guard let value = try? JSONValue.parse(line) else { return (line, nil) }
            if transcript.ignores(value) { return nil }
            return (line, withoutSeq(value))
        }
    }

    /// The message without `params.seq` (sequence numbers are checked separately).
    static func withoutSeq(_ value: JSONValue) -> JSONValue {
        guard value["method"]?.stringValue == "output", case var .object(message) = value,
              case var .object(params)? = message["params"] else { return value }
        params["seq"] = nil
        message["params"] = .object(params)
        return .object(message)
    }

    /// The alignment of expected with actual; empty differences mean the step passed.
    static func diff(expected: [(text: String, value: JSONValue?)], actual: [(text: String, value: JSONValue?)]) -> [DiffLine] {
        func equal(_ a: (text: String, value: JSONValue?), _ b: (text: String, value: JSONValue?)) -> Bool {
            if let x = a.value, let y = b.value { return x == y }
            return a.text == b.text
        }
        // Longest common subsequence, then walk it.
        let n = expected.count, m = actual.count
        var table = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = equal(expected[i], actual[j]) ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var lines: [DiffLine] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, equal(expected[i], actual[j]) {
                lines.append(.same(expected[i].text))
                i += 1
                j += 1
            } else if j < m, i == n || table[i][j + 1] >= table[i + 1][j] {
                lines.append(.unexpected(actual[j].text))
                j += 1
            } else {
                lines.append(.missing(expected[i].text))
                i += 1
            }
        }
        return refine(lines, expected: expected, actual: actual)
    }

    /// Pairs a missing line with an unexpected one of the same identity as `changed`, and
    /// marks a line that is both missing and unexpected as out of order.
    private static func refine(_ lines: [DiffLine], expected: [(text: String, value: JSONValue?)], actual: [(text: String, value: JSONValue?)]) -> [DiffLine] {
        let parsed = Dictionary(expected.map { ($0.text, $0.value) } + actual.map { ($0.text, $0.value) }, uniquingKeysWith: { first, _ in first })
        var result = lines
        var consumed = Set<Int>()
        for (index, line) in result.enumerated() {
            guard case let .missing(text) = line, !consumed.contains(index), let value = parsed[text] ?? nil else { continue }
            let target = result.indices.first { other in
                guard !consumed.contains(other), other != index, case let .unexpected(candidate) = result[other],
                      let otherValue = parsed[candidate] ?? nil else { return false }
                return otherValue == value || identity(otherValue) == identity(value) && identity(value) != nil
            }
            guard let other = target, case let .unexpected(actualText) = result[other] else { continue }
            consumed.insert(index)
            consumed.insert(other)
            if (parsed[actualText] ?? nil) == value {
                result[index] = .outOfOrder(text)
            } else {
                result[index] = .changed(expected: text, actual: actualText)
            }
        }
        return result.enumerated().filter { index, line in
            guard consumed.contains(index) else { return true }
            if case .unexpected = line { return false }
            return true
        }.map(\.element)
    }

    /// What makes two messages "the same message": the output's instance and name, or the
    /// response's id.
    private static func identity(_ value: JSONValue) -> String? {
        if value["method"]?.stringValue == "output", let params = value["params"] {
            return "output \(params["vm"]?.stringValue ?? "").\(params["output"]?.stringValue ?? "")"
        }
        if let id = value["id"], value["method"] == nil { return "response \(id)" }
        if let id = value["id"], let method = value["method"]?.stringValue { return "request \(id) \(method)" }
        return nil
    }

    /// Whether a step's differences amount to a pass. In a non-exhaustive transcript an output
    /// that happened but is not listed (`unexpected`, and an output notification) is skipped,
    /// not a difference.
    static func passes(_ lines: [DiffLine], nonExhaustive: Bool = false) -> Bool {
        lines.allSatisfy { line in
            switch line {
            case .same: true
            case let .unexpected(text): nonExhaustive && isOutput(text)
            case .missing, .changed, .outOfOrder: false
            }
        }
    }

    /// The outputs a non-exhaustive step skipped: those that happened, unlisted.
    static func skipped(_ lines: [DiffLine]) -> [String] {
        lines.compactMap { line in
            if case let .unexpected(text) = line, isOutput(text) { return text }
            return nil
        }
    }

    /// Whether a line is an `output` notification.
    static func isOutput(_ text: String) -> Bool {
        (try? JSONValue.parse(text))?["method"]?.stringValue == "output"
    }
}
