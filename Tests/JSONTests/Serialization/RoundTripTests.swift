import JSON
import XCTest

/// parse → serialize → parse gives the same value, and the second serialization is
/// byte-identical to the first.
final class RoundTripTests: XCTestCase {
    func testTextsRoundTrip() throws {
        let texts = [
            "null", "true", "0", "-9223372036854775808", "9223372036854775807", "1.5",
            #""a\"b\\c\n\u0001\u2028/""#,
            #"{"jsonrpc":"2.0","id":1,"method":"signup.emailChanged","params":{"email":"a@b.c"}}"#,
            #"[1,-2,3.25,"x",true,false,null,[],{},[[{"a":[{}]}]]]"#,
            #"{"z":1,"y":{"x":[1,{"w":null}]},"a":"last"}"#,
            #""😀 é \ud83d\ude00""#,
        ]
        for text in texts {
            let value = try JSONValue.parse(text)
            let once = value.serialized()
            let reparsed = try JSONValue.parse(once)
            XCTAssertEqual(reparsed, value, text)
            XCTAssertEqual(reparsed.serialized(), once, text)
        }
    }

    func testCanonicalTextIsReproducedExactly() throws {
        let canonical = #"{"b":[1,2.5,"x\n",null,true],"a":{"nested":{}},"c":-0.0}"#
        XCTAssertEqual(try JSONValue.parse(canonical).serializedString(), canonical)
    }

    func testDoublesRoundTripExactly() throws {
        let numbers: [Double] = [
            0.1, 1.0, .leastNonzeroMagnitude, -0.0, 1e308, .greatestFiniteMagnitude, .leastNormalMagnitude,
            0.30000000000000004, 123456789.123456789, 2.0e-7, 9007199254740994, 1e22, -1.5e-300,
        ]
        for number in numbers {
            let text = JSONValue.double(number).serializedString()
            let back = try JSONValue.parse(text)
            guard case .double(let parsed) = back else {
                XCTFail("\(number) serialized as \(text) and read back as \(back)")
                continue
            }
            XCTAssertEqual(parsed.bitPattern, number.bitPattern, text)
        }
    }

    func testIntegersStayIntegers() throws {
        for number: Int64 in [0, 1, -1, 42, .max, .min, 1 << 53 + 1] {
            XCTAssertEqual(try JSONValue.parse(JSONValue.integer(number).serialized()), .integer(number))
        }
    }

    func testAllScalarsOfTheBasicPlaneRoundTrip() throws {
        // Every BMP scalar except surrogates (which Swift strings cannot hold), in one string.
        var text = ""
        for code in 0x1...0xFFFF where !(0xD800...0xDFFF).contains(code) {
            if let scalar = Unicode.Scalar(code) { text.unicodeScalars.append(scalar) }
        }
        text += "😀\u{10FFFF}"
        let value = JSONValue.string(text)
        XCTAssertEqual(try JSONValue.parse(value.serialized()), value)
    }
}
