import JSON
import XCTest

final class JSONDocumentTests: XCTestCase {
    private let request = #"""
    {"jsonrpc":"2.0","id":42,"method":"signup.emailChanged",
     "params":{"email":"a@b.c","tags":["x",null,3.0],"ratio":0.5,"ok":true,"none":null}}
    """#

    func testReadsEnvelopeFieldsWithoutConvertingTheTree() throws {
        let root = try JSONDocument.parse(request).root
        XCTAssertEqual(root.kind, .object)
        XCTAssertEqual(root.count, 4)
        XCTAssertEqual(root["jsonrpc"]?.stringValue, "2.0")
        XCTAssertEqual(root["id"]?.int64Value, 42)
        XCTAssertEqual(root["id"]?.kind, .integer)
        XCTAssertEqual(root["method"]?.stringValue, "signup.emailChanged")
        XCTAssertNil(root["missing"])
        XCTAssertEqual(root.keys, ["jsonrpc", "id", "method", "params"])
    }

    func testMembersFindsFourNamesInOnePassAsTheSubscriptWould() throws {
        let root = try JSONDocument.parse(request).root
        let (id, version, method, params) = root.members("id", "jsonrpc", "method", "params")
        XCTAssertEqual(id?.int64Value, 42)
        XCTAssertEqual(version?.stringValue, "2.0")
        XCTAssertEqual(method?.stringValue, "signup.emailChanged")
        XCTAssertEqual(params?["email"]?.stringValue, "a@b.c")

        let (missing, alsoMissing, present, _) = root.members("nope", "Id", "id", "")
        XCTAssertNil(missing)
        XCTAssertNil(alsoMissing, "names compare by bytes, case included")
        XCTAssertEqual(present?.int64Value, 42)

        let scalar = try JSONDocument.parse("[1]").root
        let none = scalar.members("id", "jsonrpc", "method", "params")
        XCTAssertNil(none.0)
        XCTAssertNil(none.3)
    }

    func testMembersIsByteExactAndSeesTheLastOfARepeatedName() throws {
        // "\u{e9}" and "e\u{301}" are canonically equivalent: still different names. A
        // repeated name keeps its last value, as the subscript reads it.
        let root = try JSONDocument.parse(#"{"caf\u00e9":1,"cafe\u0301":2,"id":1,"id":3}"#).root
        let (composed, decomposed, id, _) = root.members("caf\u{e9}", "cafe\u{301}", "id", "x")
        XCTAssertEqual(composed?.int64Value, 1)
        XCTAssertEqual(decomposed?.int64Value, 2)
        XCTAssertEqual(id?.int64Value, root["id"]?.int64Value)
        XCTAssertEqual(id?.int64Value, 3)
    }

    func testMembersOfADocumentWithNulEscapesStillFindsTheirNames() throws {
        let root = try JSONDocument.parse(#"{"a\u0000b":1,"id":"x\u0000y","method":"m"}"#).root
        let (withNul, id, method, _) = root.members("a\0b", "id", "method", "params")
        XCTAssertEqual(withNul?.int64Value, 1)
        XCTAssertEqual(id?.stringValue, "x\u{0}y")
        XCTAssertEqual(method?.stringValue, "m")
    }

    func testScalarAccessorsMatchJSONValue() throws {
        let params = try XCTUnwrap(JSONDocument.parse(request).root["params"])
        XCTAssertEqual(params["email"]?.kind, .string)
        XCTAssertEqual(params["ratio"]?.doubleValue, 0.5)
        XCTAssertEqual(params["ratio"]?.kind, .double)
        XCTAssertNil(params["ratio"]?.int64Value)
        XCTAssertEqual(params["tags"]?[2]?.int64Value, 3)
        XCTAssertEqual(params["tags"]?[2]?.doubleValue, 3.0)
        XCTAssertEqual(params["ok"]?.boolValue, true)
        XCTAssertEqual(params["ok"]?.kind, .bool)
        XCTAssertNil(params["email"]?.boolValue)
        XCTAssertEqual(params["none"]?.isNull, true)
        XCTAssertEqual(params["none"]?.kind, .null)
        XCTAssertEqual(params["email"]?.isNull, false)
        XCTAssertNil(params["email"]?.int64Value)
        XCTAssertNil(params["email"]?.doubleValue)
        XCTAssertNil(params["ok"]?.stringValue)
        XCTAssertEqual(params["email"]?.count, 0)
        XCTAssertEqual(params["email"]?.typeName, "string")
        XCTAssertEqual(params["ratio"]?.typeName, "number")
    }

    func testIsStringComparesExactBytesInTheTree() throws {
        let root = try JSONDocument.parse(#"{"v":"2.0","w":"2.00","n":2.0,"e":"","u":"\u00e9","d":"e\u0301","z":"2\u00000"}"#).root
        XCTAssertEqual(root["v"]?.isString("2.0"), true)
        XCTAssertEqual(root["w"]?.isString("2.0"), false, "a longer string")
        XCTAssertEqual(root["n"]?.isString("2.0"), false, "a number is not a string")
        XCTAssertEqual(root["e"]?.isString(""), true)
        XCTAssertEqual(root["u"]?.isString("\u{e9}"), true)
        // Canonically equivalent to "é" as a Swift String, but other bytes: not equal.
        XCTAssertEqual(root["d"]?.isString("\u{e9}"), false)
        XCTAssertEqual(root["z"]?.isString("2.0"), false, "a string with a NUL inside")
    }

    func testIndexingIsBoundsChecked() throws {
        let tags = try XCTUnwrap(JSONDocument.parse(request).root["params"]?["tags"])
        XCTAssertEqual(tags.kind, .array)
        XCTAssertEqual(tags.count, 3)
        XCTAssertEqual(tags[0]?.stringValue, "x")
        XCTAssertEqual(tags[1]?.isNull, true)
        XCTAssertNil(tags[3])
        XCTAssertNil(tags[-1])
        XCTAssertNil(tags[Int.max])
        XCTAssertNil(tags["x"])
        XCTAssertNil(try JSONDocument.parse("{}").root[0])
    }

    func testIterationInDocumentOrder() throws {
        let root = try JSONDocument.parse(#"{"z":1,"a":[true,"s"],"m":{}}"#).root
        var members: [String] = []
        root.forEachMember { key, node in members.append("\(key)=\(node.typeName)") }
        XCTAssertEqual(members, ["z=integer", "a=array", "m=object"])
        var elements: [JSONNode.Kind] = []
        root["a"]?.forEachElement { elements.append($0.kind) }
        XCTAssertEqual(elements, [.bool, .string])
        var none = 0
        root["z"]?.forEachMember { _, _ in none += 1 }
        root.forEachElement { _ in none += 1 }
        XCTAssertEqual(none, 0)
    }

    func testIterationStopsAtATypedError() throws {
        struct Stop: Error {}
        let root = try JSONDocument.parse(#"{"a":1,"b":2,"c":3}"#).root
        var seen: [String] = []
        XCTAssertThrowsError(try root.forEachMember { (key, _) throws(Stop) in
            seen.append(key)
            if key == "b" { throw Stop() }
        })
        XCTAssertEqual(seen, ["a", "b"])
    }

    func testEmptyAndUnusualKeys() throws {
        let root = try JSONDocument.parse(#"{"":1,"é😀":2,"a.b":3}"#).root
        XCTAssertEqual(root[""]?.int64Value, 1)
        XCTAssertEqual(root["é😀"]?.int64Value, 2)
        XCTAssertEqual(root["a.b"]?.int64Value, 3)
        XCTAssertNil(root["a"])
    }

    func testValueUsesTheSameConverterAsJSONValueParse() throws {
        let document = try JSONDocument.parse(request)
        XCTAssertEqual(document.root.value, try JSONValue.parse(request))
        XCTAssertEqual(document.root["params"]?["tags"]?.value, ["x", nil, 3.0])
        XCTAssertEqual(
            document.root.value.serializedString(),
            #"{"jsonrpc":"2.0","id":42,"method":"signup.emailChanged","params":{"email":"a@b.c","tags":["x",null,3.0],"ratio":0.5,"ok":true,"none":null}}"#
        )
    }

    func testTopLevelScalars() throws {
        XCTAssertEqual(try JSONDocument.parse("7").root.int64Value, 7)
        XCTAssertEqual(try JSONDocument.parse(#""s""#).root.stringValue, "s")
        XCTAssertEqual(try JSONDocument.parse("null").root.isNull, true)
        XCTAssertEqual(try JSONDocument.parse("false").root.boolValue, false)
    }

    func testANodeKeepsItsDocumentAlive() throws {
        weak var weakDocument: JSONDocument?
        var node: JSONNode?
        do {
            let document = try JSONDocument.parse(#"{"deep":{"text":"still here"}}"#)
            weakDocument = document
            node = document.root["deep"]?["text"]
        }
        XCTAssertNotNil(weakDocument, "the node must retain its document")
        XCTAssertEqual(node?.stringValue, "still here")
        node = nil
        XCTAssertNil(weakDocument, "the document must be freed once no node uses it")
    }

    func testNodesCanBeReadFromOtherTasks() async throws {
        let node = try XCTUnwrap(JSONDocument.parse(request).root["params"])
        let email = await Task.detached { node["email"]?.stringValue }.value
        XCTAssertEqual(email, "a@b.c")
    }

    func testParseOverloads() throws {
        let bytes = Array(#"[1,{"a":2}]"#.utf8)
        XCTAssertEqual(try JSONDocument.parse(bytes).root[1]?["a"]?.int64Value, 2)
        XCTAssertEqual(try JSONDocument.parse(bytes[...]).root.count, 2)
        let framed = Array("##".utf8) + bytes
        XCTAssertEqual(try JSONDocument.parse(framed[2...]).root.count, 2)
        try bytes.withUnsafeBytes { raw in
            XCTAssertEqual(try JSONDocument.parse(raw).root.count, 2)
        }
        assertParseFails("[1,", .prematureEnd)
    }
}
