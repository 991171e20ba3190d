import JSON
import XCTest

final class JSONValueEncoderTests: XCTestCase {
    private let encoder = JSONValueEncoder()

    func testPrimitives() throws {
        XCTAssertEqual(try encoder.encode(true), true)
        XCTAssertEqual(try encoder.encode("s"), "s")
        XCTAssertEqual(try encoder.encode(Int8(-3)), -3)
        XCTAssertEqual(try encoder.encode(UInt64(Int64.max)), .integer(.max))
        XCTAssertEqual(try encoder.encode(0.1 as Float), .double(0.1))
        XCTAssertEqual(try encoder.encode(2.5), .double(2.5))
        XCTAssertEqual(try encoder.encode(Int?.none), .null)
        XCTAssertEqual(try encoder.encode([1, 2]), [1, 2])
    }

    func testIntegersBeyondInt64AreRejected() {
        XCTAssertThrowsError(try encoder.encode(UInt64.max)) { error in
            guard case EncodingError.invalidValue = error else {
                return XCTFail("\(error)")
            }
        }
        XCTAssertThrowsError(try encoder.encode(["big": UInt(Int64.max) + 1]))
    }

    func testKeyOrderFollowsEncoding() throws {
        struct Ordered: Encodable {
            var zebra = 1
            var apple = 2
            var mango = [3]
        }
        XCTAssertEqual(try encoder.encode(Ordered()).serializedString(), #"{"zebra":1,"apple":2,"mango":[3]}"#)
    }

    func testCustomContainersAndSuperEncoder() throws {
        struct Custom: Encodable {
            enum Keys: String, CodingKey { case a, b, nested }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode("x", forKey: .b)
                var list = container.nestedUnkeyedContainer(forKey: .nested)
                try list.encode(1)
                try list.encodeNil()
                var inner = list.nestedContainer(keyedBy: Keys.self)
                try inner.encode(true, forKey: .a)
                try container.encode("y", forKey: .a)
                // Encoding a key again replaces its value and keeps its place.
                try container.encode("z", forKey: .b)
                try "base".encode(to: container.superEncoder())
            }
        }
        XCTAssertEqual(
            try encoder.encode(Custom()).serializedString(),
            #"{"b":"z","nested":[1,null,{"a":true}],"a":"y","super":"base"}"#
        )
    }

    func testJSONValuesPassThroughUnchanged() throws {
        let raw: JSONValue = ["z": 1, "a": [nil, 2.5]]
        XCTAssertEqual(try encoder.encode(raw).serializedString(), #"{"z":1,"a":[null,2.5]}"#)
        XCTAssertEqual(try encoder.encode(["k": raw]).serializedString(), #"{"k":{"z":1,"a":[null,2.5]}}"#)
    }

    func testAValueThatEncodesNothingIsAnError() {
        struct Silent: Encodable {
            func encode(to encoder: any Encoder) throws {}
        }
        XCTAssertThrowsError(try encoder.encode(Silent()))
        // Inside a container it becomes null instead, keeping positions aligned.
        XCTAssertEqual(try encoder.encode([Silent()]), [nil])
    }
}
