/// Rewrites the expected (`<`) lines of transcripts from what a replay actually saw, keeping
/// everything else (comments, directives, sent lines) where it was: `switchboard test --update`.
///
/// Use it to write new transcripts, then read the result: an update accepts whatever the
/// daemon does, right or wrong.
public enum TranscriptUpdater {
    /// `text` (a transcript file, or a Markdown document when `markdown`) with the expected
    /// lines of its transcripts replaced by `actual`: one array per transcript, one per step.
    public static func update(_ text: String, markdown: Bool, actual: [[[String]]]) -> String {
        var output: [String] = []
        var inBlock = !markdown
        var blockIndex = markdown ? -1 : 0
        var stepIndex = -1
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
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
                    inBlock = false
                    output.append(raw)
                    continue
                }
            }
            guard inBlock else {
                output.append(raw)
                continue
            }
            if raw.hasPrefix("< ") { continue }
            output.append(raw)
            if raw.hasPrefix("> ") {
                stepIndex += 1
                if actual.indices.contains(blockIndex), actual[blockIndex].indices.contains(stepIndex) {
                    output.append(contentsOf: actual[blockIndex][stepIndex].map { "< " + $0 })
                }
            }
        }
        return output.joined(separator: "\n")
    }
}
