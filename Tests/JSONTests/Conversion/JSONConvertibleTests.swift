import JSON
import XCTest

/// Every standard conformance, both directions, and the error text of each rejection.
final class JSONConvertibleTests: XCTestCase {
    func testBool() throws {
        XCTAssertEqual(try Bool(json: true), true)
        XCTAssertEqual(false.json, .bool(false))
        assertRejects(Bool.self, 1, "expected boolean at value, found integer")
        XCTAssertEqual(Bool.jsonSchema.serializedString(), #"{"type":"boolean"}"#)
    }

    func testInt() throws {
        XCTAssertEqual(try Int(json: 42), 42)
        XCTAssertEqual(try Int(json: 3.0), 3)
        XCTAssertEqual(try Int(json: .integer(.min)), Int.min)
        XCTAssertEqual(Int(-5).json, .integer(-5))
        assertRejects(Int.self, 3.5, "expected integer at value, found number (3.5 is not an integer)")
        assertRejects(Int.self, 1e20, "expected integer at value, found number (1e+20 is out of range)")
        assertRejects(Int.self, "3", "expected integer at value, found string")
        assertRejects(Int.self, nil, "expected integer at value, found null")
        XCTAssertEqual(Int.jsonSchema.serializedString(), #"{"type":"integer"}"#)
        XCTAssertEqual(Int.jsonTypeName, "integer")
    }

    func testInt64() throws {
        XCTAssertEqual(try Int64(json: .integer(.max)), .max)
        XCTAssertEqual(try Int64(json: -2.0), -2)
        XCTAssertEqual(Int64.min.json.serializedString(), "-9223372036854775808")
        assertRejects(Int64.self, .double(.nan), "expected integer at value, found number (nan is not an integer)")
        assertRejects(Int64.self, [], "expected integer at value, found array")
    }

    func testDouble() throws {
        XCTAssertEqual(try Double(json: 2.5), 2.5)
        XCTAssertEqual(try Double(json: 2), 2.0)
        XCTAssertEqual(0.1.json, .double(0.1))
        XCTAssertEqual(1.0.json.serializedString(), "1.0")
        assertRejects(Double.self, "2.5", "expected number at value, found string")
        XCTAssertEqual(Double.jsonSchema.serializedString(), #"{"type":"number"}"#)
    }

    func testString() throws {
        XCTAssertEqual(try String(json: "é"), "é")
        XCTAssertEqual("x".json, .string("x"))
        assertRejects(String.self, ["a": 1], "expected string at value, found object")
        XCTAssertEqual(String.jsonSchema.serializedString(), #"{"type":"string"}"#)
    }

    func testJSONValueAndJSONObjectAreIdentity() throws {
        let value: JSONValue = ["a": [1, nil]]
        XCTAssertEqual(try JSONValue(json: value), value)
        XCTAssertEqual(value.json, value)
        XCTAssertEqual(JSONValue.jsonSchema.serializedString(), "{}")
        XCTAssertEqual(JSONValue.jsonTypeName, "any value")
        XCTAssertEqual(try JSONObject(json: value), ["a": [1, nil]])
        assertRejects(JSONObject.self, [1], "expected object at value, found array")
    }

    func testOptional() throws {
        XCTAssertEqual(try String?(json: nil), nil)
        XCTAssertEqual(try String?(json: "s"), "s")
        XCTAssertEqual(String?.none.json, .null)
        XCTAssertEqual(String?.some("s").json, "s")
        assertRejects(String?.self, 1, "expected string or null at value, found integer")
        XCTAssertEqual(String?.jsonTypeName, "string or null")
        XCTAssertEqual(String??.jsonTypeName, "string or null")
        XCTAssertEqual(String?.jsonSchema.serializedString(), #"{"type":["string","null"]}"#)
        XCTAssertEqual(String??.jsonSchema.serializedString(), #"{"type":["string","null"]}"#)
        XCTAssertEqual(JSONValue?.jsonSchema.serializedString(), #"{"anyOf":[{},{"type":"null"}]}"#)
        XCTAssertEqual([Int]?.jsonSchema.serializedString(), #"{"type":["array","null"],"items":{"type":"integer"}}"#)
        // A failure inside the wrapped value keeps its own expectation.
        assertRejects([Int]?.self, [1, "x"], "expected integer at [1], found string")
    }

    func testArray() throws {
        XCTAssertEqual(try [Int](json: [1, 2.0]), [1, 2])
        XCTAssertEqual([1, 2].json.serializedString(), "[1,2]")
        XCTAssertEqual(try [String?](json: ["a", nil]), ["a", nil])
        assertRejects([Int].self, [1, 2, "3"], "expected integer at [2], found string")
        assertRejects([[Int]].self, [[1], [2, nil]], "expected integer at [1][1], found null")
        assertRejects([Int].self, ["a": 1], "expected array of integer at value, found object")
        XCTAssertEqual([Int].jsonTypeName, "array of integer")
        XCTAssertEqual([String?].jsonSchema.serializedString(), #"{"type":"array","items":{"type":["string","null"]}}"#)
    }

    func testDictionary() throws {
        XCTAssertEqual(try [String: Int](json: ["a": 1, "b": 2]), ["a": 1, "b": 2])
        XCTAssertEqual(["b": 2, "a": 1].json.serializedString(), #"{"a":1,"b":2}"#)
        assertRejects([String: Int].self, ["ok": 1, "bad key": true], #"expected integer at ["bad key"], found boolean"#)
        assertRejects([String: Int].self, [1], "expected object of integer at value, found array")
        XCTAssertEqual([String: Bool].jsonSchema.serializedString(), #"{"type":"object","additionalProperties":{"type":"boolean"}}"#)
    }

    func testDecodingFieldsOfAnObject() throws {
        let params: JSONValue = ["name": "Ada", "age": 36, "friend": ["id": "seven"]]
        XCTAssertEqual(try params.decode(String.self, forKey: "name"), "Ada")
        XCTAssertEqual(try params.decode(Int?.self, forKey: "missing"), nil)
        XCTAssertEqual(try params.decode(forKey: "age") as Int, 36)
        assertThrows("expected string at age, found integer") { () throws(JSONDecodingError) in
            _ = try params.decode(String.self, forKey: "age")
        }
        assertThrows("expected integer at missing, found nothing (missing key)") { () throws(JSONDecodingError) in
            _ = try params.decode(Int.self, forKey: "missing")
        }
        assertThrows("expected object at value, found array") { () throws(JSONDecodingError) in
            _ = try JSONValue.array([]).decode(Int.self, forKey: "x")
        }
        XCTAssertEqual(try JSONValue.integer(4).decode(Int.self), 4)
    }

    func testCompositeTypesPrefixTheirPath() {
        struct Friend: JSONConvertible, Equatable {
            var id: Int
            init(id: Int) { self.id = id }
            init(json: JSONValue) throws(JSONDecodingError) {
                guard case .object(let object) = json else {
                    throw JSONDecodingError(expected: Self.jsonTypeName, found: json)
                }
                id = try object.decode(forKey: "id")
            }
            var json: JSONValue { ["id": .integer(Int64(id))] }
            static var jsonSchema: JSONValue { ["type": "object", "properties": ["id": Int.jsonSchema]] }
            static var jsonTypeName: String { "friend" }
        }
        let request: JSONValue = ["params": ["friend": ["id": "7"]]]
        assertThrows("expected integer at params.friend.id, found string") { () throws(JSONDecodingError) in
            let params = try JSONDecodingError.at(.key("params")) { () throws(JSONDecodingError) in
                try JSONObject(json: request["params"] ?? .null)
            }
            _ = try JSONDecodingError.at(.key("params")) { () throws(JSONDecodingError) in
                try params.decode(Friend.self, forKey: "friend")
            }
        }
        XCTAssertEqual(try [Friend](json: [["id": 1]]), [Friend(id: 1)])
        assertRejects([Friend].self, [["id": 1], ["id": nil]], "expected integer at [1].id, found null")
    }

    // MARK: - Helpers

    private func assertRejects<T: JSONConvertible>(
        _ type: T.Type, _ json: JSONValue, _ description: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        assertThrows(description, file: file, line: line) { () throws(JSONDecodingError) in
            _ = try T(json: json)
        }
    }

    private func assertThrows(
        _ description: String, file: StaticString = #filePath, line: UInt = #line,
        _ body: () throws(JSONDecodingError) -> Void
    ) {
        do throws(JSONDecodingError) {
            try body()
            XCTFail("no error; expected \(description)", file: file, line: line)
        } catch {
            XCTAssertEqual(error.description, description, file: file, line: line)
        }
    }
}
