@testable import REPL
import XCTest

final class StyleTests: XCTestCase {
    func testAuto_ColourOnlyOnATerminal() {
        XCTAssertTrue(ColorChoice.auto.isColored(environment: ["TERM": "xterm"], outputIsTerminal: true))
        XCTAssertFalse(ColorChoice.auto.isColored(environment: ["TERM": "xterm"], outputIsTerminal: false))
    }

    func testAuto_NoColorAndDumbTerminalTurnItOff() {
        XCTAssertFalse(ColorChoice.auto.isColored(environment: ["NO_COLOR": "1"], outputIsTerminal: true))
        XCTAssertFalse(ColorChoice.auto.isColored(environment: ["TERM": "dumb"], outputIsTerminal: true))
        // An empty NO_COLOR does not count (no-color.org).
        XCTAssertTrue(ColorChoice.auto.isColored(environment: ["NO_COLOR": ""], outputIsTerminal: true))
    }

    func testExplicitChoicesWin() {
        XCTAssertTrue(ColorChoice.always.isColored(environment: ["NO_COLOR": "1", "TERM": "dumb"], outputIsTerminal: false))
        XCTAssertFalse(ColorChoice.never.isColored(environment: [:], outputIsTerminal: true))
    }

    func testPaint() {
        XCTAssertEqual(Style.plain.paint("x", .error), "x")
        XCTAssertEqual(Style.colored.paint("x", .error), "\u{1B}[31mx\u{1B}[0m")
        XCTAssertEqual(Style.colored.paint("", .error), "")
    }

    func testEditorPrompt_EscapesAreLiteralsAttachedToVisibleCharacters() {
        XCTAssertEqual(Style.plain.editorPrompt("switchboard> "), "switchboard> ")
        XCTAssertEqual(Style.colored.editorPrompt("switchboard> "), "\u{1}\u{1B}[1;32m\u{1}switchboard>\u{1}\u{1B}[0m\u{1} ")
    }
}
