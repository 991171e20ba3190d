import Catalog
import Host
import JSON
import XCTest

/// `describe` and `rpc.discover` on the wire, byte for byte, and the description's decoding
/// (what the REPL reads) as the exact inverse of its encoding.
final class DescriptionWireTests: XCTestCase {
    /// The goldens were recorded from the daemon before the description model was unified;
    /// the two differences since are documented in protocol.md (`describe`): the `service`
    /// option's summary now states its default, `(default builtin)`, as every option with a
    /// default does, and a required option (updateFriend's `friendId`) says `"required": true`;
    /// and `rpc.discover` lists the host methods' parameters (`HostRequest.methods`), which
    /// it gave as none. To accept a deliberate change, rewrite them from the daemon:
    /// `printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"describe"}' | .build/debug/switchboard > Tests/HostTests/Golden/describe.json`
    /// (and the same with `rpc.discover` and id 2), then review the diff.
    private func golden(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/\(name)")
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    func testDescribe_IsByteForByteTheGolden() throws {
        let harness = SessionHarness(registry: BuiltinCatalog.registry())
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":1,"method":"describe"}"#), [try golden("describe.json")])
    }

    func testRPCDiscover_IsByteForByteTheGolden() throws {
        let harness = SessionHarness(registry: BuiltinCatalog.registry())
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":2,"method":"rpc.discover"}"#), [try golden("rpc.discover.json")])
    }

    func testDecodingDescribe_GivesBackEveryBuiltInTypeExactly() throws {
        let types = BuiltinCatalog.registry().descriptions
        XCTAssertEqual(types.count, 7)
        XCTAssertEqual(TypeDescription.types(fromDescribe: TypeDescription.describeDocument(types)), types)
        // Through the serialized text too, as the REPL receives it.
        let text = TypeDescription.describeDocument(types).serializedString()
        XCTAssertEqual(TypeDescription.types(fromDescribe: try JSONValue.parse(Array(text.utf8))), types)
    }

    func testDecoding_SkipsWhatItCannotReadAndIgnoresUnknownMembers() {
        let document: JSONValue = ["types": [
            ["summary": "no name: skipped"],
            ["name": "t", "future": true, "inputs": [["name": "go", "params": [["name": "x", "type": "integer", "optional": false, "schema": ["type": "integer"]], ["type": "nameless"]]]],
             "outputs": [["name": "o"]], "options": [["name": "k", "schema": ["type": "string"]]]],
        ]]
        let types = TypeDescription.types(fromDescribe: document)
        XCTAssertEqual(types.map(\.name), ["t"])
        XCTAssertEqual(types.first?.inputs.first?.signature, "go(x: integer)")
        XCTAssertEqual(types.first?.outputs, [OutputDescription(name: "o", typeName: "any", schema: [:], sendsCurrentValue: false, summary: nil)])
        XCTAssertEqual(types.first?.options.first?.typeText, "string")
    }

    func testOptionTypeText_ReadsTheSchemaAsPeopleDo() {
        XCTAssertEqual(OptionDescription(name: "a", schema: ["type": "number", "minimum": 0], summary: "").typeText, "number ≥ 0")
        XCTAssertEqual(OptionDescription(name: "b", schema: ["enum": ["token", "noToken"]], summary: "").typeText, #""token"|"noToken""#)
        XCTAssertEqual(OptionDescription(name: "c", schema: [:], summary: "").typeText, "any")
    }
}
