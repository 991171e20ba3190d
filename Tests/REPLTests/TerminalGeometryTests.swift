@testable import REPL
import XCTest

final class TerminalGeometryTests: XCTestCase {
    func testGeometry_OneRow() {
        let shape = InputGeometry(promptWidth: 13, widthBeforeCursor: 5, totalWidth: 10, columns: 80)
        XCTAssertEqual(shape.cursorRow, 0)
        XCTAssertEqual(shape.lastRow, 0)
    }

    func testGeometry_WrappedLineWithCursorInTheMiddle() {
        let shape = InputGeometry(promptWidth: 13, widthBeforeCursor: 70, totalWidth: 200, columns: 80)
        XCTAssertEqual(shape.cursorRow, 1)
        XCTAssertEqual(shape.lastRow, 2)
    }

    func testGeometry_ExactlyFullRowMovesToTheNext() {
        let shape = InputGeometry(promptWidth: 13, widthBeforeCursor: 67, totalWidth: 67, columns: 80)
        XCTAssertEqual(shape.cursorRow, 1)
        XCTAssertEqual(shape.lastRow, 1)
    }

    func testDisplayWidth() {
        TerminalLocale.configure()
        XCTAssertEqual(DisplayWidth.of("switchboard> "), 13)
        XCTAssertEqual(DisplayWidth.of("Zoë"), 3)
        XCTAssertEqual(DisplayWidth.of("日本"), 4)
        XCTAssertEqual(DisplayWidth.of("a\u{1}"), 3)
    }

    func testCandidateLayout_ColumnsThatFit() {
        XCTAssertEqual(CandidateLayout.lines(["signup", "signin"], columns: 80), ["signup  signin"])
        XCTAssertEqual(CandidateLayout.lines(["aaaa", "bb", "c"], columns: 13), ["aaaa  bb", "c"])
        XCTAssertEqual(CandidateLayout.lines(["averyveryverylongname"], columns: 5), ["averyveryverylongname"])
        XCTAssertEqual(CandidateLayout.lines([], columns: 80), [])
    }

    func testUTF8Assembler_OneByteAtATime() {
        var assembler = UTF8Assembler()
        var scalars: [Unicode.Scalar] = []
        for byte in Array("aë日🐙".utf8) {
            if let scalar = assembler.feed(byte) { scalars.append(scalar) }
        }
        XCTAssertEqual(String(String.UnicodeScalarView(scalars)), "aë日🐙")
    }

    func testUTF8Assembler_DropsInvalidBytes() {
        var assembler = UTF8Assembler()
        var scalars: [Unicode.Scalar] = []
        for byte: UInt8 in [0xFF, 0x41, 0xC3, 0x42, 0xC3, 0xAB, 0x80] {
            if let scalar = assembler.feed(byte) { scalars.append(scalar) }
        }
        XCTAssertEqual(String(String.UnicodeScalarView(scalars)), "ABë")
    }
}
