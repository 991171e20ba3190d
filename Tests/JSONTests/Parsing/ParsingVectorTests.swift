import JSON
import XCTest

/// The parser's contract as a table: each vector is input text and its expected value
/// or error category. Behaviour that is jansson's choice (lone surrogates, real
/// overflow) is pinned here so a jansson upgrade that changes it is noticed.
final class ParsingVectorTests: XCTestCase {
    func testValidVectors() {
        let vectors: [(String, JSONValue)] = [
            // Top-level scalars (JSON_DECODE_ANY).
            ("null", nil),
            ("true", true),
            ("false", false),
            ("0", 0),
            ("42", 42),
            ("-7", -7),
            ("2.5", 2.5),
            (#""x""#, "x"),
            // Structure and whitespace.
            ("[]", []),
            ("{}", [:]),
            (" \t\r\n[ 1 , 2 ]\n", [1, 2]),
            (#"{"a":{"b":[null,true,{"c":"d"}]}}"#, ["a": ["b": [nil, true, ["c": "d"]]]]),
            (#"[[],[[]],{}]"#, [[], [[]], [:]]),
            (#"{"":0}"#, ["": 0]),
            // A repeated key keeps jansson's behaviour: last value wins.
            (#"{"a":1,"b":2,"a":3}"#, ["a": 3, "b": 2]),
            // Strings and escapes.
            (#""""#, ""),
            (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{c}\n\r\t"),
            (#""\u0041\u00e9\u20ac""#, "Aé€"),
            (#""\uD83D\uDE00""#, "😀"),
            (#""\ud83d\ude00""#, "😀"),
            ("\"é😀\"", "é😀"),
            (#""\u2028\u2029""#, "\u{2028}\u{2029}"),
            ("\"\u{7F}\"", "\u{7F}"),
            // Numbers at the edges.
            ("9223372036854775807", .integer(.max)),
            ("-9223372036854775808", .integer(.min)),
            ("-0", 0),
            ("-0.0", .double(-0.0)),
            ("1.0", .double(1.0)),
            ("0.1", .double(0.1)),
            ("1e308", .double(1e308)),
            ("1E2", .double(100)),
            ("1e-999", .double(0)),
            ("5e-324", .double(.leastNonzeroMagnitude)),
            ("1e19", .double(1e19)),
            ("-1.5e-3", .double(-0.0015)),
        ]
        for (text, expected) in vectors {
            assertParses(text, expected)
        }
    }

    func testFlatAndNestedContainersConvertAlike() throws {
        // The walk keeps the container it fills out of its stack of enclosing ones, so a
        // container of scalars converts without that stack; these check flat and nested
        // containers alike, NUL escapes, repeated keys and empty containers included.
        let cases: [(String, JSONValue)] = [
            (#"[1,"two",3.5,true,false,null]"#, [1, "two", 3.5, true, false, nil]),
            (#"{"a\u0000":"b\u0000c","n":1,"n":2}"#, ["a\u{0}": "b\u{0}c", "n": 2]),
            (#"[[1,"two",3.5,true,false,null]]"#, [[1, "two", 3.5, true, false, nil]]),
            (#"[{"a\u0000":"b\u0000c","n":1,"n":2}]"#, [["a\u{0}": "b\u{0}c", "n": 2]]),
            (#"[1,[]]"#, [1, []]),
            (#"{"x":{}}"#, ["x": [:]]),
            ("[]", []),
            ("{}", [:]),
        ]
        for (text, expected) in cases {
            let value = try JSONValue.parse(text)
            XCTAssertEqual(value, expected, text)
            XCTAssertEqual(value.serializedString(), expected.serializedString(), "member order of \(text)")
            XCTAssertEqual(try JSONDocument.parse(text).root.value, expected, text)
        }
    }

    func testSignOfNegativeZeroIsKept() throws {
        let value = try JSONValue.parse("-0.0")
        XCTAssertEqual(value.doubleValue?.sign, .minus)
    }

    func testSyntaxErrors() {
        let vectors = [
            "[1,]", "[1 2]", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "{1:1}", "'x'", "tru", "nul",
            "01", "+1", ".5", "1.", "1e", "NaN", "Infinity", "-", "[1]]", "\"\\x\"", "\"\\u12\"",
            "\"a\nb\"", "\"tab\there\"", "/* comment */ 1", "\"\\u00",
        ]
        for text in vectors {
            assertParseFails(text, .syntax)
        }
    }

    func testTrailingGarbageIsASyntaxError() {
        assertParseFails("[1] x", .syntax, position: 5)
        assertParseFails("1 2", .syntax, position: 3)
        assertParseFails("{}{}", .syntax)
    }

    func testLoneSurrogatesAreRejectedAsSyntax() throws {
        // jansson refuses escaped surrogates that do not form a pair.
        let high = try XCTUnwrap(assertParseFails(#""\ud800""#, .syntax))
        XCTAssertTrue(high.text.hasPrefix(#"invalid Unicode '\uD800'"#), high.text)
        assertParseFails(#""\udc00""#, .syntax)
        assertParseFails(#""\ud800x""#, .syntax)
        assertParseFails(#""\ud800\u0041""#, .syntax)
        assertParseFails(#""\ude00\ud83d""#, .syntax)
    }

    func testInvalidUTF8() {
        let vectors: [[UInt8]] = [
            [0x22, 0xFF, 0x22],                 // never valid
            [0x22, 0xC0, 0xAF, 0x22],           // overlong "/"
            [0x22, 0xE0, 0x80, 0xAF, 0x22],     // overlong, three bytes
            [0x22, 0xED, 0xA0, 0x80, 0x22],     // UTF-8-encoded surrogate U+D800
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], // above U+10FFFF
            [0x22, 0xC3, 0x22],                 // truncated sequence
            [0x22, 0x80, 0x22],                 // lone continuation byte
            [0xFF],                             // outside a string
        ]
        for bytes in vectors {
            assertParseFails(bytes, .invalidUTF8)
        }
    }

    func testNumbersOutOfRange() {
        assertParseFails("9223372036854775808", .numberOutOfRange)
        assertParseFails("-9223372036854775809", .numberOutOfRange)
        assertParseFails("[1, 123456789012345678901234567890]", .numberOutOfRange)
        // jansson reports real overflow with the same code as integer overflow.
        assertParseFails("1e999", .numberOutOfRange, position: 5)
        assertParseFails("-1e999", .numberOutOfRange)
    }

    func testPrematureEnd() {
        for text in ["[1,2", "{\"a\":", "\"abc", "[", "{", "{\"a\""] {
            assertParseFails(text, .prematureEnd)
        }
    }

    func testEmptyInput() {
        assertParseFails("", .emptyInput, position: 0)
        assertParseFails("   ", .emptyInput, position: 3)
        assertParseFails(" \r\n\t ", .emptyInput)
    }

    func testNulBytes() throws {
        // jansson alone would accept "123\0" as 123; the loader must refuse it.
        let atEnd = try XCTUnwrap(assertParseFails([0x31, 0x32, 0x33, 0x00], .nulByte, position: 3))
        XCTAssertEqual(atEnd.line, 1)
        XCTAssertEqual(atEnd.column, 4)
        assertParseFails(Array("[1,".utf8) + [0] + Array(" 2]".utf8), .nulByte, position: 3)
        assertParseFails([0x22, 0x61, 0x00, 0x62, 0x22], .nulByte, position: 2)
        assertParseFails([0x00], .nulByte, position: 0)
        // NUL checks come before the whitespace check.
        assertParseFails([0x20, 0x00], .nulByte, position: 1)
        let secondLine = try XCTUnwrap(assertParseFails(Array("[\n é".utf8) + [0], .nulByte, position: 5))
        XCTAssertEqual(secondLine.line, 2)
        XCTAssertEqual(secondLine.column, 3)
    }

    func testEscapedNulIsValidJSONAndRoundTripsInStringsAndKeys() throws {
        // "\u0000" is valid JSON (JSON_ALLOW_NUL): kept in strings and keys, written back as is.
        let text = #"{"a\u0000":"x\u0000y","b":["\u0000"]}"#
        let value = try JSONValue.parse(text)
        XCTAssertEqual(value, ["a\u{0}": "x\u{0}y", "b": ["\u{0}"]])
        XCTAssertEqual(value.serializedString(), text)
        let document = try JSONDocument.parse(Array(text.utf8))
        XCTAssertEqual(document.root["a\u{0}"]?.stringValue, "x\u{0}y")
        XCTAssertNil(document.root["a"], "the key is not cut at the NUL")
    }

    func testKeysAndStringsCompareByCodePointsNotCanonicalEquivalence() throws {
        // Two keys that Swift's String calls equal are two members in JSON.
        let value = try JSONValue.parse(#"{"\u00e9":1,"e\u0301":2,"\u212a":3,"K":4}"#)
        XCTAssertEqual(value.objectValue?.count, 4)
        XCTAssertEqual(value["\u{e9}"], 1)
        XCTAssertEqual(value["e\u{301}"], 2)
        XCTAssertEqual(value["\u{212A}"], 3)
        XCTAssertEqual(value["K"], 4)
        XCTAssertNotEqual(JSONValue.string("\u{e9}"), JSONValue.string("e\u{301}"))
        XCTAssertEqual(Array(value.serializedString().utf8), Array("{\"\u{e9}\":1,\"e\u{301}\":2,\"\u{212A}\":3,\"K\":4}".utf8))
    }

    func testParseOverloadsAgree() throws {
        let text = #"{"k":[1,"two",3.5]}"#
        let bytes = Array(text.utf8)
        let expected: JSONValue = ["k": [1, "two", 3.5]]
        XCTAssertEqual(try JSONValue.parse(text), expected)
        XCTAssertEqual(try JSONValue.parse(bytes), expected)
        XCTAssertEqual(try JSONValue.parse(bytes.withUnsafeBytes { Array($0) }), expected)
        // A slice that does not start at index 0.
        let framed = Array("xx".utf8) + bytes + Array("yy".utf8)
        XCTAssertEqual(try JSONValue.parse(framed[2..<(framed.count - 2)]), expected)
        try bytes.withUnsafeBytes { raw in
            XCTAssertEqual(try JSONValue.parse(raw), expected)
        }
    }
}

/// The `\u0000` substitution that lets NUL through jansson's keys (`NulEscapeSubstitution`).
final class NulEscapeSubstitutionTests: XCTestCase {
    func testTheSubstituteIsACodePointTheTextDoesNotUse() throws {
        // U+FDD0 is used raw and U+FDD1 as an escape: the substitute must be neither.
        // (Swift literals refuse noncharacters, so they are built at run time.)
        let fdd0 = String(Character(try XCTUnwrap(Unicode.Scalar(UInt32(0xFDD0)))))
        let fdd1 = String(Character(try XCTUnwrap(Unicode.Scalar(UInt32(0xFDD1)))))
        let text = "{\"" + fdd0 + #"\ufdd1\u0000":"\u0000"}"#
        let value = try JSONValue.parse(text)
        XCTAssertEqual(value, [fdd0 + fdd1 + "\u{0}": "\u{0}"])
    }

    func testAnEscapedBackslashBeforeU0000IsNotANul() throws {
        // "\\u0000" is a backslash followed by the text u0000; the key also holds a real NUL.
        let value = try JSONValue.parse(#"{"\\u0000":"\\u0000","k\u0000":1}"#)
        XCTAssertEqual(value, ["\\u0000": "\\u0000", "k\u{0}": 1])
    }

    func testErrorPositionsStillPointIntoTheClientsText() throws {
        // The same error as for an escape of the same length that needs no substitution.
        var reference: JSONParseError?
        XCTAssertThrowsError(try JSONValue.parse(#"{"\u0001": x}"#)) { reference = $0 as? JSONParseError }
        XCTAssertThrowsError(try JSONValue.parse(#"{"\u0000": x}"#)) { error in
            XCTAssertEqual((error as? JSONParseError)?.position, reference?.position)
            XCTAssertEqual((error as? JSONParseError)?.column, reference?.column)
        }
    }
}
