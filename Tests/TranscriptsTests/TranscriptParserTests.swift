import XCTest
@testable import Transcripts

final class TranscriptParserTests: XCTestCase {
    func testParse_StepsDirectivesAndOptions() throws {
        let transcript = try TranscriptParser.parse("""
        # comment
        $ --client-timeout 2
        ! ignore register.isRegistering
        > {"a":1}
        < {"b":2}
        < {"c":3}

        > {"d":4}
        """, name: "t")
        XCTAssertEqual(transcript.daemonArguments, ["--client-timeout", "2"])
        XCTAssertEqual(transcript.ignoredOutputs, ["register.isRegistering"])
        XCTAssertEqual(transcript.steps, [
            .init(sent: #"{"a":1}"#, expected: [#"{"b":2}"#, #"{"c":3}"#], line: 4),
            .init(sent: #"{"d":4}"#, expected: [], line: 8),
        ])
    }

    func testParse_ErrorsNameTheLine() {
        XCTAssertThrowsError(try TranscriptParser.parse("< {}\n", name: "f")) { error in
            XCTAssertEqual("\(error)", "f:1: an expected line ('<') before anything was sent ('>')")
        }
        XCTAssertThrowsError(try TranscriptParser.parse("> {}\n? what\n", name: "f")) { error in
            XCTAssertEqual("\(error)", "f:2: expected '> ', '< ', '$ ', '! ' or '#' at the start of the line")
        }
        XCTAssertThrowsError(try TranscriptParser.parse("> {}\n$ --late\n", name: "f"))
        XCTAssertThrowsError(try TranscriptParser.parse("! allow x\n", name: "f"))
    }

    func testMarkdown_FindsOnlyTranscriptBlocksAndNumbersThem() throws {
        let document = """
        Text
        ```json
        > not a transcript
        ```
        ```transcript
        > {"x":1}
        ```
        more
          ```transcript
        > {"y":2}
        < {"z":3}
          ```
        """
        let transcripts = try TranscriptParser.transcripts(inMarkdown: document, name: "doc.md")
        XCTAssertEqual(transcripts.map(\.name), ["doc.md#1", "doc.md#2"])
        XCTAssertEqual(transcripts[1].steps.first?.line, 10)
        XCTAssertThrowsError(try TranscriptParser.transcripts(inMarkdown: "```transcript\n> {}\n", name: "open.md"))
    }

    func testText_RoundTrips() throws {
        let text = "$ --max-batch 5\n! ignore out\n> {\"a\":1}\n< {\"b\":2}\n"
        XCTAssertEqual(try TranscriptParser.parse(text, name: "t").text, text)
    }

    func testNonExhaustiveDirective() throws {
        let transcript = try TranscriptParser.parse("! non-exhaustive\n> {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"list\"}\n", name: "t")
        XCTAssertTrue(transcript.isNonExhaustive)
        XCTAssertTrue(transcript.text.hasPrefix("! non-exhaustive\n"), "written back as read")
        XCTAssertFalse(try TranscriptParser.parse("> {}\n", name: "t").isNonExhaustive, "exhaustive by default")
        XCTAssertThrowsError(try TranscriptParser.parse("! exhaustive-ish\n", name: "t"))
    }
}
