@testable import JSON
import XCTest

final class JSONPieceWriterTests: XCTestCase {
    private let texts = [
        "", "plain", "quote\" backslash\\ slash/", "\n\r\t\u{8}\u{c}", "\u{0}\u{1}\u{1f}\u{7f}",
        "line\u{2028}para\u{2029}", "€ é 😀 中", "\u{2027}\u{202A}", "ends with \u{E2}",
        "eight b\u{1}", "sixteen bytes ok\"", String(repeating: "é\u{2028}x\"", count: 30),
        String(repeating: "\u{2028}x\"", count: 2_000),
    ]

    func testPiecesAreTheGeneralWritersBytes() {
        let values: [JSONValue] = [
            .null, true, false, 0, -1, 42, .integer(.max), .integer(.min), 0.5, -1e300,
            [1, "two", [3]], ["k": "v"],
        ] + texts.map(JSONValue.string)
        for value in values {
            var bytes = Array("before:".utf8)
            JSONPieceWriter.append(to: &bytes) { line in
                line.raw("[")
                line.value(value)
                line.raw(",")
                if case let .string(text) = value { line.string(text) } else { line.raw("null") }
                line.raw(",")
                if case let .integer(number) = value { line.integer(number) } else { line.raw("null") }
                line.raw("]")
            }
            var expected = Array("before:".utf8)
            let second: JSONValue = if case .string = value { value } else { .null }
            let third: JSONValue = if case .integer = value { value } else { .null }
            JSONValue.array([value, second, third]).write(to: &expected)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), String(decoding: expected, as: UTF8.self))
        }
    }

    func testUTF8TextIsWrittenAsTheSameStringsBytes() {
        for text in texts {
            var fromBytes: [UInt8] = []
            JSONPieceWriter.append(to: &fromBytes) { line in
                line.raw("[")
                Array(text.utf8).withUnsafeBufferPointer { line.string(utf8: $0) }
                line.raw("]")
            }
            XCTAssertEqual(fromBytes, JSONValue.array([.string(text)]).serialized(), text)
        }
    }

    func testPiecesLongerThanTheStagingBufferKeepTheirOrder() {
        // Fill the buffer nearly full, then pieces that fit only after a flush, and pieces that
        // never fit (written to the array directly, after what was staged).
        let long = String(repeating: "a", count: JSONPieceWriter.stagingBytes * 3)
        var expected: [JSONValue] = []
        var bytes: [UInt8] = []
        JSONPieceWriter.append(to: &bytes) { line in
            line.raw("[")
            for index in 0..<200 {
                if index > 0 { line.raw(",") }
                switch index % 4 {
                case 0: line.string(long)
                case 1: line.integer(Int64(index))
                case 2: line.string("short \(index)")
                default: line.value(.array([.integer(Int64(index))]))
                }
            }
            line.raw("]")
        }
        for index in 0..<200 {
            switch index % 4 {
            case 0: expected.append(.string(long))
            case 1: expected.append(.integer(Int64(index)))
            case 2: expected.append(.string("short \(index)"))
            default: expected.append(.array([.integer(Int64(index))]))
            }
        }
        XCTAssertEqual(bytes, JSONValue.array(expected).serialized())
    }

    func testTheArrayIsAppendedToInPlaceNotCopied() {
        // The writer moves the array in and out: a second reference to it would make every
        // append copy the whole array (quadratic over a burst of lines in one output buffer).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64 * 1024)
        let storage = bytes.withUnsafeBufferPointer { $0.baseAddress }
        for index in 0..<100 {
            JSONPieceWriter.append(to: &bytes) { line in
                line.raw(#"{"n":"#)
                line.integer(Int64(index))
                line.raw("}")
            }
        }
        XCTAssertEqual(bytes.withUnsafeBufferPointer { $0.baseAddress }, storage)
        XCTAssertEqual(bytes.count, (0..<100).map { #"{"n":\#($0)}"#.utf8.count }.reduce(0, +))
    }

    func testAnEmptyBodyAppendsNothing() {
        var bytes: [UInt8] = [1, 2]
        JSONPieceWriter.append(to: &bytes) { _ in }
        XCTAssertEqual(bytes, [1, 2])
    }
}
