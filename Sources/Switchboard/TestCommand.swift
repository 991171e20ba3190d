import ArgumentParser
import SystemIO
import Transcripts

#if canImport(Glibc)
import Glibc
#endif

/// `switchboard test PATH…`: replays transcripts against fresh daemons.
struct TestCommand: ParsableCommand {
    static var configuration: CommandConfiguration { CommandConfiguration(
        commandName: "test",
        abstract: "Replay transcripts (.transcript files, or ```transcript blocks in .md files) as exhaustive tests.",
        // The parser lists every option in the usage line unless told otherwise (86 columns).
        usage: "\(commandName) test <paths> ... [<options>]",
        discussion: "Each transcript runs against a fresh daemon with a virtual clock. Exit status 0 when all pass, 1 when any fails, 2 when a file cannot be read or parsed."
    ) }

    @Argument(help: "Transcript files, Markdown documents, or folders searched for both.")
    var paths: [String]

    @Option(name: .customLong("timeout"), help: "Seconds one step may take.")
    var stepTimeout: Double = 10

    @Option(help: "Colour: auto, always or never.")
    var color: String = "auto"

    @Option(name: .customLong("report"), help: "Also write an HTML report to this file: a summary, a timeline of each transcript's inputs and outputs, and each failure's first difference (self-contained, readable offline).")
    var reportPath: String?

    @Flag(name: .customLong("non-exhaustive"), help: "Accept outputs a transcript does not list (the listed ones must still come, in their order), as '! non-exhaustive' in a transcript does.")
    var nonExhaustive = false

    @Flag(help: "Rewrite the expected (<) lines of every step from what the daemon actually sent, exactly as sent (seq values and outputs named by '! ignore' included), and print the diff applied. Everything else is kept as it was: > lines, # comments, $ options, ! directives, blank lines, and the Markdown around transcript blocks. Review the diff: an update accepts whatever the daemon does.")
    var update = false

    func run() throws {
        let useColor = color == "always" || (color == "auto" && FileDescriptor.standardOutput.isTerminal && getenv("NO_COLOR") == nil)
        let transcripts: [Transcript]
        do {
            transcripts = try TranscriptFiles.load(paths)
        } catch {
            FileHandleStderr.write("\(commandName) test: \(error)\n")
            throw ExitCode(2)
        }
        let replayer = Replayer(stepTimeout: stepTimeout)
        var results: [ReplayResult] = []
        for transcript in transcripts {
            let result = replayer.replay(transcript, nonExhaustive: nonExhaustive)
            results.append(result)
            for line in Report.lines(for: result, color: useColor) { print(line) }
        }
        if update {
            let changed = try TranscriptFiles.rewrite(results: results)
            // What was applied, as a diff per step: review it before committing.
            for (file, changes) in changed {
                for change in changes {
                    print("--- \(file):\(change.line)  \(change.sent)")
                    for line in change.before { print("-< \(line)") }
                    for line in change.after { print("+< \(line)") }
                }
            }
            let steps = changed.reduce(0) { $0 + $1.changes.count }
            print(changed.isEmpty
                ? "--update: nothing to change"
                : "--update: rewrote the expected lines of \(steps) step\(steps == 1 ? "" : "s") in \(changed.count) file\(changed.count == 1 ? "" : "s") (shown above)")
        }
        if let reportPath {
            do {
                try FileSystem.writeFile(reportPath, contents: Array(HTMLReport.page(results).utf8))
                FileHandleStderr.write("\(commandName) test: wrote the report to \(reportPath)\n")
            } catch {
                FileHandleStderr.write("\(commandName) test: cannot write the report \(reportPath): \(error)\n")
                throw ExitCode(2)
            }
        }
        print(Report.summary(results))
        if results.contains(where: { !$0.passed }) { throw ExitCode(1) }
        if transcripts.isEmpty {
            FileHandleStderr.write("\(commandName) test: no transcripts found in \(paths.joined(separator: " "))\n")
            throw ExitCode(2)
        }
    }
}

/// Writes to stderr without Foundation.
enum FileHandleStderr {
    static func write(_ text: String) {
        try? FileDescriptor.standardError.writeAll(Array(text.utf8))
    }
}
