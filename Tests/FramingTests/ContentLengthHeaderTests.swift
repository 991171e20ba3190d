import SystemIO
import XCTest

@testable import Framing

/// One header line at a time, without the byte plumbing.
final class ContentLengthHeaderTests: XCTestCase {
    func testContentLength_ParsesInAnyCaseWithSpacesTrimmed() {
        XCTAssertEqual(HeaderField.parse(bytes("Content-Length: 42")), .contentLength(42))
        XCTAssertEqual(HeaderField.parse(bytes("content-length:0")), .contentLength(0))
        XCTAssertEqual(HeaderField.parse(bytes(" CONTENT-LENGTH \t:\t 7 ")), .contentLength(7))
    }

    func testOtherHeaders_AreIgnored() {
        XCTAssertEqual(HeaderField.parse(bytes("Content-Type: application/vscode-jsonrpc; charset=utf-8")), .other)
        XCTAssertEqual(HeaderField.parse(bytes("X-Empty:")), .other)
        XCTAssertEqual(HeaderField.parse(bytes("Content-Length-Extra: 3")), .other)
    }

    func testBadValues_AreMalformed() {
        XCTAssertEqual(HeaderField.parse(bytes("Content-Length: -1")), .malformed("invalid Content-Length value \"-1\""))
        XCTAssertEqual(HeaderField.parse(bytes("Content-Length: +1")), .malformed("invalid Content-Length value \"+1\""))
        XCTAssertEqual(HeaderField.parse(bytes("Content-Length:")), .malformed("invalid Content-Length value \"\""))
        XCTAssertEqual(HeaderField.parse(bytes("Content-Length: 1 2")), .malformed("invalid Content-Length value \"1 2\""))
        XCTAssertEqual(
            HeaderField.parse(bytes("Content-Length: 9223372036854775808")),
            .malformed("invalid Content-Length value \"9223372036854775808\""))
        XCTAssertEqual(HeaderField.parse(bytes("Content-Length: 9223372036854775807")), .contentLength(Int.max))
    }

    func testLinesThatAreNotNameValue_AreMalformed() {
        XCTAssertEqual(HeaderField.parse(bytes("{\"jsonrpc\"}")), .malformed("header line without a colon: \"{\\x22jsonrpc\\x22}\""))
        XCTAssertEqual(HeaderField.parse(bytes(": 3")), .malformed("header line with an empty name: \": 3\""))
    }

    func testQuotedPeerBytes_AreBoundedAndPrintable() {
        XCTAssertEqual(HeaderField.quoted([0x00, 0x41, 0xFF, 0x5C][...]), "\"\\x00A\\xFF\\x5C\"")
        let long = HeaderField.quoted([UInt8](repeating: 0x61, count: 100)[...])
        XCTAssertEqual(long, "\"" + String(repeating: "a", count: 40) + "…\"")
    }

    func testHeaderBlock_KeepsTheFirstProblemAndStillReadsTheLength() {
        var block = HeaderBlock()
        block.add(bytes("garbage"))
        block.add(bytes("Content-Length: 5"))
        block.add(bytes("also garbage"))
        XCTAssertEqual(block.problem, "header line without a colon: \"garbage\"")
        XCTAssertEqual(block.contentLength, 5)
        XCTAssertTrue(block.hasLines)
    }
}
