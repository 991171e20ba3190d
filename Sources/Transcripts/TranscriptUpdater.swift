/// Rewrites the expected (`<`) lines of transcripts from what a replay actually saw, keeping
/// everything else (comments, directives, sent lines) where it was: `switchboard test --update`.
///
/// Use it to write new transcripts, then read the result: an update accepts whatever the
/// daemon does, right or wrong.
public enum TranscriptUpdater {
    /// `text` (a transcript file, or a Markdown document when `markdown`) with the expected
    /// lines of its transcripts replaced by `actual`: one array per transcript, one per step.
    public static func update(_ text: String, markdown: Bool, actual: [[[String]]]) -> String {
        updateWithChanges(text, markdown: markdown, actual: actual).text
    }

    /// One step whose expected lines an update replaced.
    public struct Change: Equatable, Sendable {
        /// The 1-based line of the step's `>` line in the original text.
        public let line: Int
        /// The `>` line.
        public let sent: String
        /// The expected lines before (without `< `) and after.
        public let before: [String]
        public let after: [String]
    }

    /// ``update(_:markdown:actual:)``, also saying which steps changed and how.
    public static func updateWithChanges(_ text: String, markdown: Bool, actual: [[[String]]]) -> (text: String, changes: [Change]) {
        var output: [String] = []
        var changes: [Change] = []
        // The step being copied: its `>` line, where it was, what it expected, what it gets.
        var open: (line: Int, sent: String, before: [String], after: [String])?
        func closeStep() {
            if let step = open, step.before != step.after {
                changes.append(Change(line: step.line, sent: step.sent, before: step.before, after: step.after))
            }
            open = nil
        }
        var inBlock = !markdown
        var blockIndex = markdown ? -1 : 0
        var stepIndex = -1
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).enumerated() {
            let trimmed = raw.trimmingCharacters(in: " ")
            if markdown {
                if !inBlock, trimmed == "```transcript" {
                    inBlock = true
                    blockIndex += 1
                    stepIndex = -1
                    output.append(raw)
                    continue
                }
                if inBlock, trimmed.hasPrefix("```") {
                    closeStep()
                    inBlock = false
                    output.append(raw)
                    continue
                }
            }
            guard inBlock else {
                output.append(raw)
                continue
            }
            if raw.hasPrefix("< ") {
                open?.before.append(String(raw.dropFirst(2)))
                continue
            }
            output.append(raw)
            if raw.hasPrefix("> ") {
                closeStep()
                stepIndex += 1
                var after: [String] = []
                if actual.indices.contains(blockIndex), actual[blockIndex].indices.contains(stepIndex) {
                    after = actual[blockIndex][stepIndex]
                    output.append(contentsOf: after.map { "< " + $0 })
                }
                open = (offset + 1, raw, [], after)
            }
        }
        closeStep()
        return (output.joined(separator: "\n"), changes)
    }
}
