import JSON
import XCTest

/// Serialized output compared against literal JSON text.
final class SerializationTests: XCTestCase {
    func testCompactOutputKeepsInsertionOrder() {
        let value: JSONValue = ["a": [1, 2.5, "x\n"], "b": nil]
        XCTAssertEqual(value.serializedString(), #"{"a":[1,2.5,"x\n"],"b":null}"#)
        let reordered: JSONValue = ["b": nil, "a": [1, 2.5, "x\n"]]
        XCTAssertEqual(reordered.serializedString(), #"{"b":null,"a":[1,2.5,"x\n"]}"#)
        XCTAssertEqual(value, reordered)
    }

    func testScalarsAndEmptyContainers() {
        XCTAssertEqual(JSONValue.null.serializedString(), "null")
        XCTAssertEqual(JSONValue.bool(true).serializedString(), "true")
        XCTAssertEqual(JSONValue.bool(false).serializedString(), "false")
        XCTAssertEqual(JSONValue.array([]).serializedString(), "[]")
        XCTAssertEqual(JSONValue.object([:]).serializedString(), "{}")
        XCTAssertEqual(([[], [:], [[]]] as JSONValue).serializedString(), "[[],{},[[]]]")
        XCTAssertEqual((["": ["": []]] as JSONValue).serializedString(), #"{"":{"":[]}}"#)
    }

    func testIntegersAreExact() {
        XCTAssertEqual(JSONValue.integer(0).serializedString(), "0")
        XCTAssertEqual(JSONValue.integer(-1).serializedString(), "-1")
        XCTAssertEqual(JSONValue.integer(1234567890).serializedString(), "1234567890")
        XCTAssertEqual(JSONValue.integer(.max).serializedString(), "9223372036854775807")
        XCTAssertEqual(JSONValue.integer(.min).serializedString(), "-9223372036854775808")
    }

    func testDoublesAreShortestAndStayDoubles() {
        let cases: [(Double, String)] = [
            (1.0, "1.0"), (0.1, "0.1"), (2.5, "2.5"), (-0.0, "-0.0"), (0.0, "0.0"),
            (100.0, "100.0"), (1e300, "1e+300"), (1e-5, "1e-05"), (.leastNonzeroMagnitude, "5e-324"),
            (.greatestFiniteMagnitude, "1.7976931348623157e+308"), (0.30000000000000004, "0.30000000000000004"),
            (123456789.125, "123456789.125"), (1e16, "1e+16"),
        ]
        for (number, text) in cases {
            XCTAssertEqual(JSONValue.double(number).serializedString(), text)
        }
    }

    func testNonFiniteDoublesBecomeNull() {
        XCTAssertEqual(JSONValue.double(.nan).serializedString(), "null")
        XCTAssertEqual(JSONValue.double(.infinity).serializedString(), "null")
        XCTAssertEqual(JSONValue.double(-.infinity).serializedString(), "null")
        XCTAssertEqual(([1.5, .double(.nan)] as JSONValue).serializedString(), "[1.5,null]")
    }

    func testStringEscapes() {
        let cases: [(String, String)] = [
            ("plain", #""plain""#),
            ("quote\" backslash\\ slash/", #""quote\" backslash\\ slash/""#),
            ("\n\r\t\u{8}\u{c}", #""\n\r\t\b\f""#),
            ("\u{0}\u{1}\u{1f}", #""\u0000\u0001\u001f""#),
            ("\u{7f}", "\"\u{7f}\""),
            ("line\u{2028}para\u{2029}", #""line\u2028para\u2029""#),
            ("€ é 😀 中", "\"€ é 😀 中\""),
            ("\u{2027}\u{202A}", "\"\u{2027}\u{202A}\""),
            ("ends with \u{E2}", "\"ends with \u{E2}\""),
            ("", #""""#),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(JSONValue.string(text).serializedString(), expected, text.debugDescription)
        }
    }

    /// The expected JSON text of a string built from the pieces these tests use, written out
    /// scalar by scalar: an oracle independent of the writer.
    private func quotedOracle(_ text: String) -> String {
        var expected = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\u{2028}": expected += #"\u2028"#
            case "\u{2029}": expected += #"\u2029"#
            case "\n": expected += #"\n"#
            case "\"": expected += #"\""#
            case "\\": expected += #"\\"#
            case "\u{1}": expected += #"\u0001"#
            default: expected.unicodeScalars.append(scalar)
            }
        }
        return expected + "\""
    }

    func testLongStringsAreEscapedAcrossChunkBoundaries() throws {
        // The writer escapes 4,096 input bytes per reservation: put every kind of escape and
        // every width of scalar across those boundaries.
        let pieces = ["a", "\u{2028}", "\n", "€", "😀", "\"", "\u{1}", "é", "\u{2029}", "\\"]
        for offset in 4_090..<4_100 {
            var text = String(repeating: "x", count: offset)
            for round in 0..<3_000 { text += pieces[round % pieces.count] }
            let written = JSONValue.string(text).serializedString()
            XCTAssertEqual(written, quotedOracle(text), "prefix of \(offset) bytes")
            XCTAssertEqual(try JSONValue.parse(written), .string(text))
        }
    }

    func testAnEscapeIsFoundAtEveryPositionOfAShortString() {
        // The scan checks whole words, the last overlapping the one before, and copies clean
        // strings of up to sixteen bytes with two word moves: one escape anywhere in strings
        // of every length up to 40 must still be found.
        for length in 0...40 {
            let clean = String(repeating: "a", count: length)
            XCTAssertEqual(JSONValue.string(clean).serializedString(), quotedOracle(clean))
            for position in 0...length {
                for piece in ["\"", "\n", "\u{1}", "\\", "\u{2028}", "é", "€"] {
                    let text = String(repeating: "a", count: position) + piece + String(repeating: "b", count: length - position)
                    XCTAssertEqual(JSONValue.string(text).serializedString(), quotedOracle(text), text.debugDescription)
                }
            }
        }
    }

    func testIntegersOfEveryLengthMatchTheirDecimalText() {
        var numbers: [Int64] = [0, .max, .min, .max - 1, .min + 1]
        var power: Int64 = 1
        for _ in 0..<19 {
            numbers += [power - 1, power, power + 1, -(power - 1), -power, -(power + 1)]
            if power <= Int64.max / 10 { power *= 10 }
        }
        for number in numbers {
            XCTAssertEqual(JSONValue.integer(number).serializedString(), String(number))
            var pieces: [UInt8] = []
            JSONPieceWriter.append(to: &pieces) { $0.integer(number) }
            XCTAssertEqual(String(decoding: pieces, as: UTF8.self), String(number))
        }
    }

    func testKeysAreEscapedLikeStrings() {
        let value: JSONValue = ["a\"b": 1, "c\nd": 2]
        XCTAssertEqual(value.serializedString(), #"{"a\"b":1,"c\nd":2}"#)
    }

    func testOutputNeverContainsRawLineBreaks() throws {
        var text = ""
        for scalar in 0..<0x80 {
            text.unicodeScalars.append(Unicode.Scalar(UInt8(scalar)))
        }
        text += "\u{2028}\u{2029}\u{85}"
        let value: JSONValue = [text: [.string(text), ["k": .string(text)]]]
        let bytes = value.serialized()
        XCTAssertFalse(bytes.contains(0x0A))
        XCTAssertFalse(bytes.contains(0x0D))
        XCTAssertFalse(bytes.contains(0x00))
        XCTAssertNotNil(String(validating: bytes, as: UTF8.self))
        // Every control character, U+0000 included (as \u0000, in keys too), reads back.
        XCTAssertEqual(try JSONValue.parse(bytes), value)
    }

    func testWriteAppends() {
        var buffer = Array("prefix:".utf8)
        JSONValue.array([1, "two"]).write(to: &buffer)
        JSONValue.bool(true).write(to: &buffer)
        XCTAssertEqual(String(decoding: buffer, as: UTF8.self), #"prefix:[1,"two"]true"#)
    }

    func testDescriptionIsSerializedText() {
        let value: JSONValue = ["id": 7, "ok": true]
        XCTAssertEqual(value.description, #"{"id":7,"ok":true}"#)
        XCTAssertEqual("\(value)", #"{"id":7,"ok":true}"#)
        XCTAssertEqual((["z": 1, "a": 2] as JSONObject).description, #"{"z":1,"a":2}"#)
        XCTAssertEqual(Array(value.serialized()), Array(value.serializedString().utf8))
    }
}
