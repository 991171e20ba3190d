import JSON
import XCTest

/// Asserts that `bytes` parse to `expected`, through both parse paths.
func assertParses(
    _ bytes: [UInt8], _ expected: JSONValue, file: StaticString = #filePath, line: UInt = #line
) {
    do {
        let value = try JSONValue.parse(bytes)
        XCTAssertEqual(value, expected, "JSONValue.parse", file: file, line: line)
        let document = try JSONDocument.parse(bytes)
        XCTAssertEqual(document.root.value, expected, "JSONDocument.parse", file: file, line: line)
    } catch {
        XCTFail("\(String(decoding: bytes, as: UTF8.self).debugDescription): \(error)", file: file, line: line)
    }
}

/// Asserts that `text` parses to `expected`.
func assertParses(
    _ text: String, _ expected: JSONValue, file: StaticString = #filePath, line: UInt = #line
) {
    assertParses(Array(text.utf8), expected, file: file, line: line)
}

/// Asserts that `bytes` fail to parse with `category` (and `position`, when given),
/// through both parse paths, and returns the error for further checks.
@discardableResult
func assertParseFails(
    _ bytes: [UInt8], _ category: JSONParseError.Category, position: Int? = nil,
    file: StaticString = #filePath, line: UInt = #line
) -> JSONParseError? {
    let label = String(decoding: bytes.prefix(40), as: UTF8.self).debugDescription
    do throws(JSONParseError) {
        _ = try JSONDocument.parse(bytes)
        XCTFail("\(label) parsed as a document", file: file, line: line)
    } catch {
        XCTAssertEqual(error.category, category, "\(label) document: \(error)", file: file, line: line)
    }
    do throws(JSONParseError) {
        let value = try JSONValue.parse(bytes)
        XCTFail("\(label) parsed as \(value)", file: file, line: line)
        return nil
    } catch {
        XCTAssertEqual(error.category, category, "\(label): \(error)", file: file, line: line)
        if let position {
            XCTAssertEqual(error.position, position, "\(label) position: \(error)", file: file, line: line)
        }
        return error
    }
}

/// Asserts that `text` fails to parse with `category`.
@discardableResult
func assertParseFails(
    _ text: String, _ category: JSONParseError.Category, position: Int? = nil,
    file: StaticString = #filePath, line: UInt = #line
) -> JSONParseError? {
    assertParseFails(Array(text.utf8), category, position: position, file: file, line: line)
}

/// `depth` nested empty arrays: `[[[…]]]`.
func nestedArrays(depth: Int) -> [UInt8] {
    Array(repeating: UInt8(ascii: "["), count: depth) + Array(repeating: UInt8(ascii: "]"), count: depth)
}
