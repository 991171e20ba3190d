/// Writes replay results for people.
public enum Report {
    /// One transcript's verdict with its differences, as lines.
    public static func lines(for result: ReplayResult, color: Bool) -> [String] {
        let paint = { (code: String, text: String) in color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        let skipped = result.skippedOutputs.values.reduce(0) { $0 + $1.count }
        let note = skipped == 0 ? "" : " (non-exhaustive: \(skipped) unlisted output\(skipped == 1 ? "" : "s") accepted)"
        guard !result.passed else { return [paint("32", "PASS") + " " + result.name + note] }
        var lines = [paint("31", "FAIL") + " " + result.name]
        for problem in result.problems { lines.append("  " + problem) }
        for (step, diff) in result.failedSteps {
            lines.append("  at line \(step.line): > \(step.sent)")
            for line in diff {
                switch line {
                case let .same(text): lines.append("      = \(text)")
                case let .missing(text): lines.append(paint("31", "    - missing     ") + text)
                case let .unexpected(text): lines.append(paint("33", "    + unexpected  ") + text)
                case let .changed(expected, actual):
                    lines.append(paint("31", "    ~ expected    ") + expected)
                    lines.append(paint("33", "      actual      ") + actual)
                    if let difference = StructuralDifference.first(expectedLine: expected, actualLine: actual) {
                        lines.append("      " + paint("1", difference.summary))
                    }
                case let .outOfOrder(text): lines.append(paint("35", "    ↕ out of order ") + text)
                }
            }
        }
        return lines
    }

    /// The closing line: `N passed, M failed`.
    public static func summary(_ results: [ReplayResult]) -> String {
        let failed = results.filter { !$0.passed }.count
        return "\(results.count - failed) passed, \(failed) failed"
    }
}
