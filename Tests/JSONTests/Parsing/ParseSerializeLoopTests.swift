import JSON
import XCTest

/// Many parse/serialize cycles over a mixed document, including failures. Run under
/// `swift test --sanitize=address` this checks that every jansson tree is released
/// exactly once (LeakSanitizer reports a missed `json_decref`; ASan a double one).
final class ParseSerializeLoopTests: XCTestCase {
    private let mixed = #"""
    {"jsonrpc":"2.0","id":9007199254740993,"method":"catalog.search",
     "params":{"query":"caf\u00e9 \ud83d\ude00 \"quoted\"\n","limit":-25,"ratio":0.1,"tiny":5e-324,
               "flags":[true,false,null],"nested":[[[{"k":[]}]],{}],"big":9223372036854775807,
               "unicode":"中文 é 😀","empty":"", "exp":1e300}}
    """#

    func testTenThousandCyclesAreStable() throws {
        let bytes = Array(mixed.utf8)
        let expected = try JSONValue.parse(bytes)
        let canonical = expected.serialized()
        for iteration in 0..<10_000 {
            let value = try JSONValue.parse(bytes)
            let text = value.serialized()
            guard text == canonical else {
                return XCTFail("iteration \(iteration) serialized differently")
            }
            let document = try JSONDocument.parse(text)
            guard document.root["params"]?["limit"]?.int64Value == -25, document.root.value == expected else {
                return XCTFail("iteration \(iteration) read back differently")
            }
            // Failing parses must free jansson's partial trees too.
            if iteration % 10 == 0 {
                XCTAssertThrowsError(try JSONValue.parse(bytes.dropLast(3)))
                XCTAssertThrowsError(try JSONDocument.parse(Array(bytes.prefix(120)) + [0xFF]))
            }
        }
    }
}
