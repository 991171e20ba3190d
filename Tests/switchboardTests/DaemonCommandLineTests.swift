import ArgumentParser
import Framing
import XCTest

@testable import switchboard

/// `DaemonCommandLine` reads the daemon's usual command lines without the argument parser; it
/// must agree with the parser wherever it answers, and answer the usual ones.
final class DaemonCommandLineTests: XCTestCase {
    /// What the argument parser makes of `arguments`: the daemon's settings if they start it,
    /// nil if the parser rejects them or they run something else. `serve` and `mcp` command
    /// lines are given to their commands (the root's parse costs three times as much in a
    /// debug build, about 80 ms, for the same outcome); the rest to the root, which routes
    /// options alone to its default subcommand.
    private func parserReading(_ arguments: [String]) -> DaemonCommandLine.Parsed? {
        let command: ParsableCommand?
        switch arguments.first {
        case "serve": command = try? Serve.parse(Array(arguments.dropFirst()))
        case "mcp": command = try? Mcp.parse(Array(arguments.dropFirst()))
        default: command = try? Switchboard.parseAsRoot(arguments)
        }
        switch command {
        case let serve as Serve:
            return .init(settings: serve.daemon.settings(face: serve.face), recordPath: serve.daemon.recordPath)
        case let mcp as Mcp:
            return .init(settings: mcp.daemon.settings(face: .mcp), recordPath: mcp.daemon.recordPath)
        default:
            return nil
        }
    }

    /// Values tried for each option, by the option's type: valid ones, invalid ones, the
    /// boundaries its setting checks, and the parser's edge cases (a sign, a leading dash, an
    /// equals sign, an empty value). A parse costs some 27 ms in a debug build, so the lists
    /// are short.
    private func values(for option: OptionName) -> [String] {
        let edges = ["-5", ""]
        switch option {
        case .face: return ["mcp", "jsonrpc", "MCP"] + edges
        case .framing: return ["newline", "lsp", "auto", "LSP"] + edges
        case .clock: return ["virtual", "real", "Real"] + edges
        case .logLevel: return ["trace", "debug", "warning", "critical", "verbose"] + edges
        case .maxLineBytes: return ["64", "63", "+100", "1e3", "abc"] + edges
        case .spinMicroseconds: return ["0", "1000", "1001", "+5"] + edges
        case .maxInstances, .maxBatch, .maxPendingCalls, .maxOutputBuffer: return ["1", "0", "0x10"] + edges
        case .clientTimeout: return ["0.5", "0", "inf", "nan", "0x1p-2"] + edges
        case .exitGrace: return ["0", "2.5", "inf"] + edges
        case .dataFile, .record: return ["/tmp/x.sqlite", "a=b", "é", "-x"] + edges
        }
    }

    private let subcommands: [[String]] = [[], ["serve"], ["mcp"]]

    /// Words that are not the daemon's options: the parser's own, another subcommand's, typos.
    private let otherWords = ["--help", "-h", "--version", "--", "--nope", "--color", "--prompt", "repl", "--Framing", "-framing"]

    /// Every option alone with each of its values, written both ways, after `serve` and `mcp`:
    /// where the reader answers, the parser gives the same settings; where the parser starts
    /// the daemon, the reader answers unless the value is empty (which it leaves to the parser).
    func testAgreesWithTheParserOnEveryOptionAndValue() {
        var answered = 0
        var declined = 0
        var parserOnly: [[String]] = []
        for subcommand in [["serve"], ["mcp"]] {
            for option in OptionName.allCases {
                for value in values(for: option) {
                    for arguments in [subcommand + [option.flag, value], subcommand + ["\(option.flag)=\(value)"]] {
                        let fast = DaemonCommandLine.parse(arguments)
                        let parser = parserReading(arguments)
                        if let fast {
                            answered += 1
                            XCTAssertEqual(fast, parser, "\(arguments)")
                        } else if parser != nil, !value.isEmpty {
                            parserOnly.append(arguments)
                        } else {
                            declined += 1
                        }
                    }
                }
            }
        }
        XCTAssertEqual(parserOnly, [], "command lines the parser starts the daemon with and the reader declines")
        // Neither side vacuous: many values valid, many not.
        XCTAssertGreaterThan(answered, 80)
        XCTAssertGreaterThan(declined, 80)
    }

    /// Options alone go to `serve`, the parser's default subcommand, for the reader too.
    func testOptionsAloneAreServes() throws {
        for arguments in [["--framing", "lsp"], ["--face=mcp", "--clock", "virtual"], ["--record", "/tmp/r.txt"]] {
            let fast = try XCTUnwrap(DaemonCommandLine.parse(arguments), "\(arguments)")
            XCTAssertEqual(fast, parserReading(arguments), "\(arguments)")
            XCTAssertEqual(fast, DaemonCommandLine.parse(["serve"] + arguments), "\(arguments)")
        }
        for arguments in [["--max-batch", "0"], ["--framing", "-5"]] {
            XCTAssertNil(DaemonCommandLine.parse(arguments), "\(arguments)")
            XCTAssertNil(parserReading(arguments), "\(arguments)")
        }
    }

    /// Two options, each with a valid value, every option with the next: read as the parser
    /// reads them; a repeated option is left to the parser (which keeps the last value).
    func testAgreesWithTheParserOnPairsAndDeclinesRepeats() {
        let valid: [OptionName: String] = [
            .face: "mcp", .framing: "lsp", .maxLineBytes: "100", .maxOutputBuffer: "10", .spinMicroseconds: "0",
            .logLevel: "debug", .clock: "virtual", .maxInstances: "7", .maxBatch: "3", .maxPendingCalls: "2",
            .clientTimeout: "0.25", .exitGrace: "0", .dataFile: "/tmp/friends.sqlite", .record: "/tmp/session.txt",
        ]
        XCTAssertEqual(Set(valid.keys), Set(OptionName.allCases))
        let options = OptionName.allCases
        for (index, first) in options.enumerated() {
            let second = options[(index + 1) % options.count]
            for subcommand in [["serve"], ["mcp"]] {
                let arguments = subcommand + [first.flag, valid[first] ?? "", "\(second.flag)=\(valid[second] ?? "")"]
                let expected = parserReading(arguments)
                // `--face` is `serve`'s alone; every other pair starts the daemon.
                XCTAssertEqual(expected == nil, subcommand == ["mcp"] && (first == .face || second == .face), "\(arguments)")
                XCTAssertEqual(DaemonCommandLine.parse(arguments), expected, "\(arguments)")
            }
            let repeated = ["serve", first.flag, valid[first] ?? "", first.flag, valid[first] ?? ""]
            XCTAssertNil(DaemonCommandLine.parse(repeated), "\(repeated)")
            XCTAssertNotNil(parserReading(repeated), "\(repeated)")
        }
    }

    /// Help, version, unknown options and other subcommands' words go to the parser, alone or
    /// after valid options.
    func testLeavesEverythingElseToTheParser() {
        for subcommand in subcommands {
            for word in otherWords {
                XCTAssertNil(DaemonCommandLine.parse(subcommand + [word]), "\(subcommand + [word])")
                XCTAssertNil(DaemonCommandLine.parse(subcommand + ["--framing", "lsp", word]), "\(subcommand) --framing lsp \(word)")
            }
        }
        for arguments in [["repl"], ["test", "x.md"], ["friends", "import"], ["help"], ["serve", "mcp"], ["--framing"]] {
            XCTAssertNil(DaemonCommandLine.parse(arguments), "\(arguments)")
        }
    }

    /// The command lines editors and scripts use.
    func testReadsTheUsualCommandLines() throws {
        let cases: [([String], (inout ServerSettings) -> Void, String?)] = [
            ([], { _ in }, nil),
            (["serve"], { _ in }, nil),
            (["mcp"], { $0.face = .mcp }, nil),
            (["serve", "--framing", "lsp"], { $0.framing = .contentLength }, nil),
            (["--framing=auto", "--log-level", "debug"], { $0.framing = .auto; $0.logLevel = .debug }, nil),
            (["serve", "--face", "mcp", "--record", "/tmp/r.txt"], { $0.face = .mcp }, "/tmp/r.txt"),
            (["mcp", "--clock", "virtual", "--data-file", "/tmp/f.sqlite"], { $0.face = .mcp; $0.clock = .virtual; $0.dataFile = "/tmp/f.sqlite" }, nil),
        ]
        for (arguments, change, record) in cases {
            var settings = ServerSettings()
            change(&settings)
            let parsed = try XCTUnwrap(DaemonCommandLine.parse(arguments), "\(arguments)")
            XCTAssertEqual(parsed, .init(settings: settings, recordPath: record), "\(arguments)")
            XCTAssertEqual(parsed, parserReading(arguments), "\(arguments)")
        }
    }

    /// The parser's options for `serve` and `mcp` are exactly the names the reader knows (`mcp`
    /// has all but `--face`), read from the parser's own help: an option added to the parser
    /// and not here would only be slow, but the list is meant to be whole.
    func testKnowsEveryOptionOfServeAndMcp() {
        func options(of command: ParsableCommand.Type) -> Set<String> {
            let help = Switchboard.helpMessage(for: command, columns: 10_000)
            var names = Set<String>()
            for line in help.split(separator: "\n") {
                let trimmed = line.drop { $0 == " " }
                guard trimmed.hasPrefix("--") else { continue }
                names.insert(String(trimmed.prefix { $0 != " " && $0 != "," }))
            }
            return names.subtracting(["--help", "--version"])
        }
        let all = Set(OptionName.allCases.map(\.flag))
        XCTAssertEqual(options(of: Serve.self), all)
        XCTAssertEqual(options(of: Mcp.self), all.subtracting([OptionName.face.flag]))
    }

    /// The names that settings problems and replays spell come from `OptionName`.
    func testProblemsAndReplaysSpellTheOptionsNames() {
        var settings = ServerSettings()
        settings.maxBatch = 0
        XCTAssertEqual(settings.problem, "--max-batch must be at least 1")
        settings = ServerSettings()
        settings.face = .mcp
        settings.maxLineBytes = 100
        XCTAssertEqual(settings.replayArguments, ["--face", "mcp", "--max-line-bytes", "100"])
    }
}

