import SystemIO
import XCTest

@testable import Framing

/// `.auto`: the first non-blank byte decides the framing.
final class FrameDecoderAutoTests: XCTestCase {
    func testJSONFirst_ChoosesNewline() {
        let result = decode([bytes("{\"id\":1}\n{\"id\":2}\n")], mode: .auto)
        XCTAssertEqual(result.mode, .newline)
        XCTAssertEqual(result.frames, [message("{\"id\":1}"), message("{\"id\":2}")])
    }

    func testUppercaseC_ChoosesContentLength() {
        let result = decode([bytes("Content-Length: 2\r\n\r\n{}")], mode: .auto)
        XCTAssertEqual(result.mode, .contentLength)
        XCTAssertEqual(result.frames, [message("{}")])
    }

    func testLowercaseC_ChoosesContentLength() {
        let result = decode([bytes("content-length: 2\r\n\r\n{}")], mode: .auto)
        XCTAssertEqual(result.mode, .contentLength)
        XCTAssertEqual(result.frames, [message("{}")])
    }

    func testLeadingBlankLines_AreSkippedBeforeDeciding() {
        let lsp = bytes("\r\n\n \t\r\n  Content-Length: 2\r\n\r\n[]")
        assertEverySplit(lsp, mode: .auto, decodeTo: [message("[]")])
        XCTAssertEqual(decode([lsp], mode: .auto).mode, .contentLength)

        let lines = bytes("\n\r\n\t\n  {\"a\":1}\nnext\n")
        // The first message keeps its leading spaces: only whole blank lines are dropped.
        assertEverySplit(lines, mode: .auto, decodeTo: [message("  {\"a\":1}"), message("next")])
        XCTAssertEqual(decode([lines], mode: .auto).mode, .newline)
    }

    func testModeBeforeAnyNonBlankByte_IsStillAuto() {
        var decoder = FrameDecoder(mode: .auto)
        var frames: [InboundFrame] = []
        decoder.feed(bytes("\r\n \n")) { frames.append($0) }
        XCTAssertEqual(decoder.mode, .auto)
        decoder.feed(bytes("C")) { frames.append($0) }
        XCTAssertEqual(decoder.mode, .contentLength)
        XCTAssertEqual(frames, [])
    }

    func testBlankOnlyInput_YieldsNothingAndStaysAuto() {
        let result = decode([bytes("\n \r\n\t")], mode: .auto)
        XCTAssertEqual(result.frames, [])
        XCTAssertEqual(result.mode, .auto)
    }

    func testInvalidUTF8First_ChoosesNewline() {
        let line: [UInt8] = [0xC3, 0x28, 0xFF]
        let result = decode([line + [ASCII.newline]], mode: .auto)
        XCTAssertEqual(result.mode, .newline)
        XCTAssertEqual(result.frames, [.message(line)])
    }

    func testOverLongBlankPrefix_DecidesNewlineWithoutStoringIt() {
        var decoder = FrameDecoder(mode: .auto, maxMessageLength: 8)
        var frames: [InboundFrame] = []
        for _ in 0..<1000 {
            decoder.feed(bytes(" ")) { frames.append($0) }
        }
        decoder.feed(bytes("x\nok\n")) { frames.append($0) }
        XCTAssertEqual(decoder.mode, .newline)
        XCTAssertEqual(frames, [.tooLong(length: 1001), message("ok")])
        XCTAssertLessThanOrEqual(decoder.peakBufferCapacity, 64)
    }

    func testDecision_SurvivesFinish() {
        var decoder = FrameDecoder(mode: .auto)
        decoder.feed(bytes("Content-Length: 1\r\n\r\nx")) { _ in }
        decoder.finish { _ in }
        XCTAssertEqual(decoder.mode, .contentLength)
    }

    func testFramingModeRawValues_AreTheCommandLineNames() {
        XCTAssertEqual(FramingMode.allCases.map(\.rawValue), ["newline", "lsp", "auto"])
        XCTAssertEqual(FramingMode(rawValue: "lsp"), .contentLength)
    }
}
