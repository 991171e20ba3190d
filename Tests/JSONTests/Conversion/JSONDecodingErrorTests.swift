import JSON
import XCTest

final class JSONDecodingErrorTests: XCTestCase {
    func testPathDescriptions() {
        let cases: [([JSONPathComponent], String)] = [
            ([], "value"),
            ([.key("params")], "params"),
            ([.key("params"), .key("name")], "params.name"),
            ([.key("items"), .index(2), .key("id")], "items[2].id"),
            ([.index(0)], "[0]"),
            ([.index(0), .index(1), .key("x")], "[0][1].x"),
            ([.key("headers"), .key("content-type")], #"headers["content-type"]"#),
            ([.key("1st")], #"["1st"]"#),
            ([.key("")], #"[""]"#),
            ([.key("a\"b")], #"["a\"b"]"#),
            ([.key("_ok$1")], "_ok$1"),
        ]
        for (path, text) in cases {
            XCTAssertEqual(JSONDecodingError(path: path, expected: "x", found: "y").pathDescription, text)
        }
    }

    func testDescription() {
        let error = JSONDecodingError(path: [.key("params"), .key("name")], expected: "string or null", found: "integer")
        XCTAssertEqual(error.description, "expected string or null at params.name, found integer")
        let withMessage = JSONDecodingError(expected: "integer", found: "nothing", message: "missing key")
        XCTAssertEqual(withMessage.description, "expected integer at value, found nothing (missing key)")
        XCTAssertEqual(JSONDecodingError(expected: "string", found: [1]).found, "array")
    }

    func testPrefixing() {
        let inner = JSONDecodingError(path: [.key("id")], expected: "integer", found: "string")
        XCTAssertEqual(inner.prefixed(with: .index(3)).path, [.index(3), .key("id")])
        do throws(JSONDecodingError) {
            _ = try JSONDecodingError.at(.key("friend")) { () throws(JSONDecodingError) -> Int in throw inner }
            XCTFail("no error")
        } catch {
            XCTAssertEqual(error.description, "expected integer at friend.id, found string")
        }
        XCTAssertEqual(try JSONDecodingError.at(.index(0)) { () throws(JSONDecodingError) in 5 }, 5)
    }
}
