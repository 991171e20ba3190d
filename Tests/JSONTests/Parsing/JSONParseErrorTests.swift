import JSON
import XCTest

final class JSONParseErrorTests: XCTestCase {
    func testDescriptionNamesCategoryLocationAndJanssonText() throws {
        let error = try XCTUnwrap(assertParseFails(#"{"a" 1}"#, .syntax))
        XCTAssertEqual(error.line, 1)
        XCTAssertEqual(error.column, 6)
        XCTAssertEqual(error.position, 6)
        XCTAssertEqual(error.text, "':' expected near '1'")
        XCTAssertEqual(error.description, "JSON syntax error at line 1, column 6 (byte 6): ':' expected near '1'")
    }

    func testLocationsCountLinesAndScalars() throws {
        let error = try XCTUnwrap(assertParseFails("[\n  \"é\",\n  x]", .syntax))
        XCTAssertEqual(error.line, 3)
        XCTAssertEqual(error.column, 3)
    }

    func testDescriptionsOfEachCategory() throws {
        let cases: [([UInt8], String)] = [
            (Array("[1,2".utf8), "JSON premature end of input at line 1, column 4 (byte 4): ']' expected near end of file"),
            ([0x22, 0xFF, 0x22], "JSON encoding error (invalid UTF-8) at line 1, column 1 (byte 1): unable to decode byte 0xff near '\"'"),
            (nestedArrays(depth: 2049), "JSON nesting error (too deep) at line 1, column 2049 (byte 2049): maximum parsing depth reached near '['"),
            (Array("9223372036854775808".utf8), "JSON number out of range at line 1, column 19 (byte 19): too big integer near '9223372036854775808'"),
            ([0x31, 0x00], "JSON NUL byte error at line 1, column 2 (byte 1): NUL byte in input"),
            (Array(" \n ".utf8), "JSON empty input at line 2, column 2 (byte 3): only whitespace"),
            ([], "JSON empty input at line 1, column 1 (byte 0): no input"),
        ]
        for (bytes, expected) in cases {
            do throws(JSONParseError) {
                _ = try JSONValue.parse(bytes)
                XCTFail("parsed: \(expected)")
            } catch {
                XCTAssertEqual(error.description, expected)
            }
        }
    }

    func testErrorsAreValuesThatCanBeBuiltAndCompared() {
        let one = JSONParseError(category: .other, line: 1, column: 2, position: 3, text: "t")
        XCTAssertEqual(one, JSONParseError(category: .other, line: 1, column: 2, position: 3, text: "t"))
        XCTAssertNotEqual(one, JSONParseError(category: .syntax, line: 1, column: 2, position: 3, text: "t"))
        XCTAssertEqual(one.description, "JSON error at line 1, column 2 (byte 3): t")
        XCTAssertEqual(JSONParseError.Category.numberOutOfRange.rawValue, "numberOutOfRange")
    }

    func testParsingThrowsTheTypedError() {
        // The typed throw lets callers read fields without casting.
        do {
            _ = try JSONValue.parse("[")
        } catch {
            XCTAssertEqual(error.category, .prematureEnd)
        }
    }
}
