import JSON
import XCTest

final class JSONValueDecoderTests: XCTestCase {
    private let decoder = JSONValueDecoder()

    func testPrimitivesAndNumberLeniency() throws {
        XCTAssertEqual(try decoder.decode(Bool.self, from: true), true)
        XCTAssertEqual(try decoder.decode(Int.self, from: 3.0), 3)
        XCTAssertEqual(try decoder.decode(UInt8.self, from: 255), 255)
        XCTAssertEqual(try decoder.decode(Double.self, from: 2), 2.0)
        XCTAssertEqual(try decoder.decode(Float.self, from: 0.5), 0.5)
        XCTAssertEqual(try decoder.decode([String?].self, from: ["a", nil]), ["a", nil])
        XCTAssertEqual(try decoder.decode([String: Int].self, from: ["a": 1]), ["a": 1])
    }

    func testFailuresAreDecodingErrorsWithJSONDetail() throws {
        let failures: [(() throws -> Any, String)] = [
            ({ try self.decoder.decode(UInt8.self, from: 256) }, "expected integer at value, found integer (256 is out of range for UInt8)"),
            ({ try self.decoder.decode(Int.self, from: "1") }, "expected integer at value, found string"),
            ({ try self.decoder.decode([Int].self, from: [1, true]) }, "expected integer at [1], found boolean"),
            ({ try self.decoder.decode([String: [Int]].self, from: ["k": [1, nil]]) }, "expected integer at k[1], found null"),
        ]
        for (decode, description) in failures {
            XCTAssertThrowsError(try decode()) { error in
                guard let decodingError = error as? DecodingError else {
                    return XCTFail("not a DecodingError: \(error)")
                }
                let detail: JSONDecodingError?
                switch decodingError {
                case .typeMismatch(_, let context), .valueNotFound(_, let context),
                     .keyNotFound(_, let context), .dataCorrupted(let context):
                    detail = context.underlyingError as? JSONDecodingError
                @unknown default:
                    detail = nil
                }
                XCTAssertEqual(detail?.description, description)
            }
        }
    }

    func testUnkeyedContainerStopsAtTheEnd() {
        struct Pair: Decodable {
            var first: Int
            var second: Int
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                first = try container.decode(Int.self)
                second = try container.decode(Int.self)
            }
        }
        XCTAssertThrowsError(try decoder.decode(Pair.self, from: [1])) { error in
            guard case DecodingError.valueNotFound = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try decoder.decode(Pair.self, from: [1, 2, 3]).second, 2)
    }

    func testRawJSONFieldsKeepTheirOrder() throws {
        struct Envelope: Decodable {
            var payload: JSONValue
            var object: JSONObject
        }
        let envelope = try decoder.decode(
            Envelope.self, from: ["payload": ["z": 1, "a": 2], "object": ["y": nil, "b": true]]
        )
        XCTAssertEqual(envelope.payload.serializedString(), #"{"z":1,"a":2}"#)
        XCTAssertEqual(envelope.object.keys, ["y", "b"])
        XCTAssertThrowsError(try decoder.decode(Envelope.self, from: ["payload": 1, "object": [1]]))
    }

    func testAllKeysAndContains() throws {
        struct Keys: Decodable {
            var names: [String]
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyKey.self)
                names = container.allKeys.map(\.stringValue)
                XCTAssertTrue(container.contains(AnyKey(stringValue: "b")))
                XCTAssertFalse(container.contains(AnyKey(stringValue: "zz")))
                XCTAssertTrue(try container.decodeNil(forKey: AnyKey(stringValue: "b")))
            }
        }
        struct AnyKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        XCTAssertEqual(try decoder.decode(Keys.self, from: ["c": 1, "b": nil, "a": 2]).names, ["c", "b", "a"])
    }
}
