@testable import REPL
import XCTest

final class BracketBalanceTests: XCTestCase {
    func testNeedsMoreInput_OpenBraceOrBracket() {
        XCTAssertTrue(BracketBalance("{").needsMoreInput)
        XCTAssertTrue(BracketBalance("signup.nameChanged [1, {").needsMoreInput)
        XCTAssertEqual(BracketBalance("[[{").depth, 3)
    }

    func testNeedsMoreInput_BalancedOrPlain() {
        XCTAssertFalse(BracketBalance("").needsMoreInput)
        XCTAssertFalse(BracketBalance("signup.viewDidLoad").needsMoreInput)
        XCTAssertFalse(BracketBalance(#"{"jsonrpc":"2.0","params":[1,[2]]}"#).needsMoreInput)
    }

    func testNeedsMoreInput_BracketsInsideStringsDoNotCount() {
        XCTAssertFalse(BracketBalance(#"signup.nameChanged "{[ Lisa""#).needsMoreInput)
        XCTAssertTrue(BracketBalance(#"{"a": "}"#).needsMoreInput)
    }

    func testNeedsMoreInput_EscapedQuoteStaysInString() {
        var balance = BracketBalance(#"{"a": "say \"}\" "#)
        XCTAssertTrue(balance.isInString)
        XCTAssertEqual(balance.depth, 1)
        balance.feed(#"", "b": "\\"}"#)
        XCTAssertFalse(balance.isInString)
        XCTAssertFalse(balance.needsMoreInput)
    }

    func testNeedsMoreInput_PrettyJSONFedLineByLine() {
        let lines = [
            "{",
            #"  "jsonrpc": "2.0","#,
            #"  "method": "signup.nameChanged","#,
            #"  "params": ["#,
            #"    "Lisa""#,
            "  ]",
            "}",
        ]
        var balance = BracketBalance()
        var needed: [Bool] = []
        for line in lines {
            balance.feed(line)
            needed.append(balance.needsMoreInput)
        }
        XCTAssertEqual(needed, [true, true, true, true, true, true, false])
    }

    func testNeedsMoreInput_ExtraClosingNeverWaits() {
        XCTAssertFalse(BracketBalance("}]").needsMoreInput)
        XCTAssertTrue(BracketBalance("] [").needsMoreInput)
    }
}
