import SystemIO
import XCTest

@testable import Framing

/// Content-Length framing (LSP base protocol).
final class FrameDecoderContentLengthTests: XCTestCase {
    private func lsp(_ chunks: [[UInt8]], limit: Int = 16 * 1024 * 1024) -> [InboundFrame] {
        decode(chunks, mode: .contentLength, limit: limit).frames
    }

    func testTwoMessagesInOneChunk_BothArrive() {
        let stream = bytes("Content-Length: 7\r\n\r\n{\"a\":1}Content-Length: 2\r\n\r\n[]")
        XCTAssertEqual(lsp([stream]), [message("{\"a\":1}"), message("[]")])
    }

    func testMixedStream_DecodesTheSameForEverySplit() {
        let stream = bytes(
            "Content-Length: 3\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\nabc"
                + "Content-Type: x\r\n\r\n" + "content-length:2\n\nhi" + "Content-Length: 20\r\n\r\n"
                + "01234567890123456789" + "Content-Length: 4\r\n\r\na\r\nb")
        assertEverySplit(stream, mode: .contentLength, limit: 16, decodeTo: [
            message("abc"), .invalidHeader("missing Content-Length header"), message("hi"),
            .tooLong(length: 20), message("a\r\nb"),
        ])
    }

    func testHeaderSplitAcrossFeeds_IsReassembled() {
        let chunks = ["Cont", "ent-Len", "gth: 5\r", "\n", "\r", "\nhello"].map(bytes)
        XCTAssertEqual(lsp(chunks), [message("hello")])
    }

    func testBodySplitAcrossFeeds_IsReassembled() {
        let chunks = ["Content-Length: 11\r\n\r\nhel", "lo w", "orld", "Content-Length: 1\r\n\r\n", "!"].map(bytes)
        XCTAssertEqual(lsp(chunks), [message("hello world"), message("!")])
    }

    func testMissingContentLength_ReportsAndResumesAfterTheBlock() {
        let stream = bytes("Content-Type: text/plain\r\n\r\nContent-Length: 2\r\n\r\nok")
        XCTAssertEqual(lsp([stream]), [.invalidHeader("missing Content-Length header"), message("ok")])
    }

    func testHeaderName_IsCaseInsensitive() {
        let stream = bytes("content-length: 1\r\n\r\naCONTENT-LENGTH:1\r\n\r\nbCoNtEnT-lEnGtH \t: \t1 \r\n\r\nc")
        XCTAssertEqual(lsp([stream]), [message("a"), message("b"), message("c")])
    }

    func testExtraHeaders_AreIgnoredInAnyOrder() {
        let stream = bytes("X-Trace: 1\r\nContent-Length: 2\r\nContent-Type: application/json\r\n\r\n{}")
        XCTAssertEqual(lsp([stream]), [message("{}")])
    }

    func testBareLF_IsAcceptedAsLineEnd() {
        XCTAssertEqual(lsp([bytes("Content-Length: 2\n\n{}")]), [message("{}")])
    }

    func testOversizeLength_IsSkippedUnstoredThenNextMessageDecodes() {
        var decoder = FrameDecoder(mode: .contentLength, maxMessageLength: 16)
        var frames: [InboundFrame] = []
        decoder.feed(bytes("Content-Length: 100000\r\n\r\n")) { frames.append($0) }
        let body = [UInt8](repeating: UInt8(ascii: "b"), count: 100_000)
        for start in stride(from: 0, to: body.count, by: 999) {
            decoder.feed(Array(body[start..<min(start + 999, body.count)])) { frames.append($0) }
        }
        decoder.feed(bytes("Content-Length: 2\r\n\r\nok")) { frames.append($0) }
        XCTAssertEqual(frames, [.tooLong(length: 100_000), message("ok")])
        XCTAssertLessThanOrEqual(decoder.peakBufferCapacity, 128)
    }

    func testNegativeOrNonNumericLength_IsInvalidHeader() {
        let stream = bytes("Content-Length: -5\r\n\r\nContent-Length: 12abc\r\n\r\nContent-Length: 1\r\n\r\nx")
        XCTAssertEqual(lsp([stream]), [
            .invalidHeader("invalid Content-Length value \"-5\""),
            .invalidHeader("invalid Content-Length value \"12abc\""),
            message("x"),
        ])
    }

    func testOverflowingLength_IsInvalidHeader() {
        let stream = bytes("Content-Length: 99999999999999999999999\r\n\r\nContent-Length: 1\r\n\r\nx")
        XCTAssertEqual(lsp([stream]), [
            .invalidHeader("invalid Content-Length value \"99999999999999999999999\""), message("x"),
        ])
    }

    func testMalformedLineBesideValidLength_ReportsAndSkipsTheBody() {
        let stream = bytes("Content-Length: 5\r\nnot a header\r\n\r\nhelloContent-Length: 2\r\n\r\nok")
        XCTAssertEqual(lsp([stream]), [
            .invalidHeader("header line without a colon: \"not a header\""), message("ok"),
        ])
    }

    func testConflictingLengths_AreInvalidHeader() {
        let stream = bytes("Content-Length: 1\r\nContent-Length: 2\r\n\r\nxContent-Length: 1\r\n\r\ny")
        XCTAssertEqual(lsp([stream]), [
            .invalidHeader("conflicting Content-Length headers: 1 and 2"), message("y"),
        ])
    }

    func testHeaderBlockTooLong_IsReportedOnceAndItsBodySkipped() {
        let huge = "X-Padding: " + String(repeating: "p", count: 20_000) + "\r\n"
        // One Content-Length before the limit is crossed, one after: both bodies are skipped.
        let stream = bytes(
            "Content-Length: 3\r\n" + huge + huge + "\r\nabc" + huge + "Content-Length: 4\r\n\r\nabcd"
                + "Content-Length: 2\r\n\r\nok")
        let tooLong = InboundFrame.invalidHeader("header block longer than 8192 bytes")
        for size in [1, 100, 8191, stream.count] {
            var decoder = FrameDecoder(mode: .contentLength)
            var frames: [InboundFrame] = []
            for start in stride(from: 0, to: stream.count, by: size) {
                decoder.feed(Array(stream[start..<min(start + size, stream.count)])) { frames.append($0) }
            }
            decoder.finish { frames.append($0) }
            XCTAssertEqual(frames, [tooLong, tooLong, message("ok")], "chunks of \(size)")
            XCTAssertLessThanOrEqual(decoder.peakBufferCapacity, FrameDecoder.maxHeaderBlockLength + 64)
        }
    }

    func testHeaderBlockTooLongWithoutLength_ResumesAtTheNextBlock() {
        let huge = "X-Padding: " + String(repeating: "p", count: 8200) + "\r\n"
        let stream = bytes(huge + "\r\n" + "Content-Length: 2\r\n\r\nok")
        assertEverySplit(stream, mode: .contentLength, decodeTo: [
            .invalidHeader("header block longer than 8192 bytes"), message("ok"),
        ])
    }

    func testZeroLength_IsAnEmptyMessage() {
        XCTAssertEqual(lsp([bytes("Content-Length: 0\r\n\r\nContent-Length: 1\r\n\r\n1")]), [.message([]), message("1")])
    }

    func testEmptyLinesBeforeAHeader_AreSkipped() {
        XCTAssertEqual(lsp([bytes("\r\n\n\r\nContent-Length: 1\r\n\r\nx\r\nContent-Length: 1\r\n\r\ny")]), [
            message("x"), message("y"),
        ])
    }

    func testBodyBytes_AreUntouched() {
        let body: [UInt8] = [0xFF, 0x0A, 0x0D, 0x0A, 0x00, 0xC3, 0x28]
        let stream = bytes("Content-Length: 7\r\n\r\n") + body
        assertEverySplit(stream, mode: .contentLength, decodeTo: [.message(body)])
    }

    func testTruncatedBodyAtEndOfInput_IsInvalidHeader() {
        XCTAssertEqual(lsp([bytes("Content-Length: 10\r\n\r\nabc")]), [
            .invalidHeader("truncated message: end of input after 3 of 10 body bytes"),
        ])
    }

    func testTruncatedHeaderAtEndOfInput_IsInvalidHeader() {
        XCTAssertEqual(lsp([bytes("Content-Length: 10\r\n")]), [
            .invalidHeader("truncated header block: end of input before the empty line"),
        ])
        XCTAssertEqual(lsp([bytes("Content-Le")]), [
            .invalidHeader("truncated header block: end of input before the empty line"),
        ])
    }

    func testEndOfInputBetweenMessages_YieldsNothingMore() {
        XCTAssertEqual(lsp([bytes("Content-Length: 1\r\n\r\nx\r\n")]), [message("x")])
        XCTAssertEqual(lsp([bytes("Content-Length: 100\r\n\r\nxyz")], limit: 16), [.tooLong(length: 100)])
    }
}
