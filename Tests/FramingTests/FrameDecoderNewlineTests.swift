import SystemIO
import XCTest

@testable import Framing

/// Newline framing: one message per `"\n"`-terminated line.
final class FrameDecoderNewlineTests: XCTestCase {
    func testWholeMessages_AreDeliveredWithoutTerminator() {
        let result = decode([bytes("{\"id\":1}\n{\"id\":2}\nx\n")])
        XCTAssertEqual(result.frames, [message("{\"id\":1}"), message("{\"id\":2}"), message("x")])
        XCTAssertEqual(result.mode, .newline)
    }

    func testMixedStream_DecodesTheSameForEverySplit() {
        // Blank lines, CRLF, a lone CR, an over-long line (limit 16), then a partial last line.
        let stream = bytes("{\"a\":1}\r\n\n \t\r\na\rb\n0123456789abcdefXYZ\r\nok\nlast")
        assertEverySplit(stream, limit: 16, decodeTo: [
            message("{\"a\":1}"), message("a\rb"), .tooLong(length: 19), message("ok"), message("last"),
        ])
    }

    func testManyMessagesInOneFeed_AllArriveInOrder() {
        let lines = (0..<8000).map { "{\"n\":\($0)}" }
        let chunk = bytes(lines.joined(separator: "\n") + "\n")
        XCTAssertGreaterThan(chunk.count, 64 * 1024)
        XCTAssertEqual(decode([chunk]).frames, lines.map(message))
    }

    func testLargeChunkOfShortLines_DecodesInLinearTime() {
        // 400,000 lines in one 2.4 MB feed: a per-line rescan or copy of the chunk would take
        // minutes; a linear decoder takes well under a second even in a debug build.
        let chunk = [UInt8](repeating: 0, count: 400_000 * 6).enumerated().map { index, _ in
            index % 6 == 5 ? ASCII.newline : UInt8(ascii: "a")
        }
        let start = Date()
        var count = 0
        var decoder = FrameDecoder()
        decoder.feed(chunk) { _ in count += 1 }
        XCTAssertEqual(count, 400_000)
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
    }

    func testCRLF_StripsExactlyOneCR() {
        XCTAssertEqual(decode([bytes("a\r\nb\r\r\n")]).frames, [message("a"), message("b\r")])
    }

    func testLoneCRInTheMiddle_IsKept() {
        XCTAssertEqual(decode([bytes("a\rb\n\rc\n")]).frames, [message("a\rb"), message("\rc")])
    }

    func testBlankAndWhitespaceOnlyLines_AreSkipped() {
        let stream = bytes("\n\r\n   \n\t \t\r\n\r\r\n {} \n")
        XCTAssertEqual(decode([stream]).frames, [message(" {} ")])
    }

    func testWhitespaceAroundContent_IsKeptUntouched() {
        XCTAssertEqual(decode([bytes("  {\"a\":1}\t\n")]).frames, [message("  {\"a\":1}\t")])
    }

    func testLineOfExactlyTheLimit_IsDeliveredWithOrWithoutCR() {
        let sixteen = "0123456789abcdef"
        let stream = bytes(sixteen + "\n" + sixteen + "\r\n" + sixteen + "x\r\n")
        assertEverySplit(stream, limit: 16, decodeTo: [message(sixteen), message(sixteen), .tooLong(length: 17)])
    }

    func testOverLongLine_YieldsOneTooLongThenGoodLines() {
        let stream = bytes("first\n" + String(repeating: "z", count: 40) + "\nsecond\nthird\n")
        XCTAssertEqual(
            decode([stream], limit: 16).frames,
            [message("first"), .tooLong(length: 40), message("second"), message("third")])
    }

    func testOverLongLineSplitAcrossManyFeeds_IsCountedNotStored() {
        var decoder = FrameDecoder(maxMessageLength: 16)
        var frames: [InboundFrame] = []
        let long = [UInt8](repeating: UInt8(ascii: "q"), count: 10_000)
        for start in stride(from: 0, to: long.count, by: 7) {
            decoder.feed(Array(long[start..<min(start + 7, long.count)])) { frames.append($0) }
        }
        decoder.feed(bytes("\r")) { frames.append($0) }
        decoder.feed(bytes("\nnext\n")) { frames.append($0) }
        XCTAssertEqual(frames, [.tooLong(length: 10_000), message("next")])
        // Never more than one line's worth (17 bytes, rounded up by the allocator).
        XCTAssertLessThanOrEqual(decoder.peakBufferCapacity, 64)
    }

    func testEndOfInputMidLine_DeliversThePartialLine() {
        XCTAssertEqual(decode([bytes("a\nb")]).frames, [message("a"), message("b")])
        XCTAssertEqual(decode([bytes("a\nb\r")]).frames, [message("a"), message("b")])
        XCTAssertEqual(decode([bytes("a\n \t")]).frames, [message("a")])
    }

    func testEndOfInputInsideOverLongLine_ReportsItsLength() {
        XCTAssertEqual(decode([bytes(String(repeating: "z", count: 30))], limit: 16).frames, [.tooLong(length: 30)])
        XCTAssertEqual(decode([bytes("zzzzzzzzzzzzzzzzz\r")], limit: 16).frames, [.tooLong(length: 17)])
    }

    func testInvalidUTF8_IsPassedThroughUntouched() {
        let line: [UInt8] = [0xFF, 0xFE, 0xC3, 0x28, 0x7B, 0xED, 0xA0, 0x80, 0x00]
        assertEverySplit(line + [ASCII.newline] + line, decodeTo: [.message(line), .message(line)])
    }

    func testEmptyInput_YieldsNothing() {
        XCTAssertEqual(decode([]).frames, [])
        XCTAssertEqual(decode([[], []]).frames, [])
    }

    func testDecoderAfterFinish_StartsANewStream() {
        var decoder = FrameDecoder()
        var frames: [InboundFrame] = []
        decoder.feed(bytes("a\npartial")) { frames.append($0) }
        decoder.finish { frames.append($0) }
        decoder.feed(bytes("b\n")) { frames.append($0) }
        decoder.finish { frames.append($0) }
        XCTAssertEqual(frames, [message("a"), message("partial"), message("b")])
    }

    func testEmitThrowing_StopsTheFeedAndLeavesTheDecoderUsable() {
        struct Stop: Error {}
        var decoder = FrameDecoder()
        var frames: [InboundFrame] = []
        XCTAssertThrowsError(try decoder.feed(bytes("a\nb\n")) { frame in
            frames.append(frame)
            throw Stop()
        })
        // "b\n" was not consumed; the decoder is between lines and carries on.
        decoder.feed(bytes("c\n")) { frames.append($0) }
        XCTAssertEqual(frames, [message("a"), message("c")])
    }

    func testPartialLineBuffer_StaysWithinTheLimit() {
        var decoder = FrameDecoder(maxMessageLength: 1000)
        var frames: [InboundFrame] = []
        for _ in 0..<1001 {
            decoder.feed([UInt8(ascii: "k")]) { frames.append($0) }
        }
        decoder.feed(bytes("\n")) { frames.append($0) }
        XCTAssertEqual(frames, [.tooLong(length: 1001)])
        XCTAssertLessThanOrEqual(decoder.peakBufferCapacity, 1001 + 64)
    }
}
