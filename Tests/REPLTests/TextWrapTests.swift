@testable import REPL
import XCTest

/// Lines wrapped at spaces to the terminal's width, with a hanging indent; colour codes take
/// no columns; nothing is cut inside a word.
final class TextWrapTests: XCTestCase {
    func testALineThatFitsIsLeftAlone() {
        XCTAssertEqual(TextWrap.wrap("signup  Sign up: name, email, password.", columns: 80), ["signup  Sign up: name, email, password."])
    }

    func testLongLinesBreakAtSpacesWithAHangingIndent() {
        let line = "  signin  Sign in: email and password checked as typed; locked after 3 failures."
        let wrapped = TextWrap.wrap(line, columns: 40)
        XCTAssertEqual(wrapped, [
            "  signin  Sign in: email and password",
            "    checked as typed; locked after 3",
            "    failures.",
        ])
        XCTAssertTrue(wrapped.allSatisfy { $0.count <= 40 })
        // Every word is whole on some line: nothing was cut.
        XCTAssertEqual(wrapped.joined(separator: " ").split(separator: " "), line.split(separator: " "))
    }

    func testColourCodesTakeNoColumns() {
        let red = "\u{1B}[31m", reset = "\u{1B}[0m"
        let line = "\(red)error:\(reset) no input 'nope' on signup; inputs are viewDidLoad, nameChanged, emailChanged"
        XCTAssertEqual(TextWrap.visibleWidth(line), line.count - red.count - reset.count)
        let wrapped = TextWrap.wrap(line, columns: 50)
        XCTAssertTrue(wrapped.allSatisfy { TextWrap.visibleWidth($0) <= 50 }, "\(wrapped)")
        XCTAssertTrue(wrapped[0].hasPrefix(red))
    }

    func testAWordLongerThanTheWidthStaysWhole() {
        let word = String(repeating: "x", count: 30)
        XCTAssertEqual(TextWrap.wrap("a \(word) b", columns: 20), ["a", "  \(word)", "  b"])
    }

    func testWideCharactersCountTwoColumns() {
        let line = "名前 名前 名前 名前 名前 名前"
        let wrapped = TextWrap.wrap(line, columns: 12)
        XCTAssertTrue(wrapped.allSatisfy { TextWrap.visibleWidth($0) <= 12 }, "\(wrapped)")
    }
}
