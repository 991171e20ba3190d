import JSON
import XCTest

/// A nested Codable type with an optional and enums adopts JSONConvertible in one line.
final class CodableBridgeTests: XCTestCase {
    enum Plan: String, Codable, CaseIterable, JSONConvertible {
        case free, pro
    }

    enum Contact: Codable, Equatable {
        case email(String)
        case phone(country: Int, number: String)
    }

    struct Friend: Codable, Equatable, JSONConvertible {
        var id: Int
        var nickname: String?
    }

    struct Signup: Codable, Equatable, JSONConvertible {
        var email: String
        var age: Int?
        var plan: Plan
        var contact: Contact
        var friends: [Friend]
        var score: Double
        var extra: JSONValue
    }

    private let signup = Signup(
        email: "a@b.c", age: nil, plan: .pro, contact: .phone(country: 44, number: "7700"),
        friends: [Friend(id: 1, nickname: "bo"), Friend(id: 2, nickname: nil)], score: 1.0,
        extra: ["z": 1, "a": [true]]
    )

    func testNestedStructRoundTripsInDeclarationOrder() throws {
        let json = signup.json
        XCTAssertEqual(
            json.serializedString(),
            #"{"email":"a@b.c","plan":"pro","contact":{"phone":{"country":44,"number":"7700"}},"#
                + #""friends":[{"id":1,"nickname":"bo"},{"id":2}],"score":1.0,"extra":{"z":1,"a":[true]}}"#
        )
        XCTAssertEqual(try Signup(json: json), signup)
        XCTAssertEqual(try Signup(json: JSONValue.parse(json.serialized())), signup)
    }

    func testOptionalAcceptsNullAndAbsence() throws {
        var json = try XCTUnwrap(signup.json.objectValue)
        json["age"] = .null
        XCTAssertNil(try Signup(json: .object(json)).age)
        json["age"] = 30
        XCTAssertEqual(try Signup(json: .object(json)).age, 30)
    }

    func testErrorsCarryTheJSONPath() throws {
        var json = try XCTUnwrap(signup.json.objectValue)
        json["friends"] = [["id": 1], ["id": "two"]]
        assertRejects(Signup.self, .object(json), "expected integer at friends[1].id, found string")

        json = try XCTUnwrap(signup.json.objectValue)
        json["email"] = nil
        assertRejects(Signup.self, .object(json), "expected string at email, found nothing (missing key)")

        json = try XCTUnwrap(signup.json.objectValue)
        json["age"] = 3.5
        assertRejects(Signup.self, .object(json), "expected integer at age, found number (3.5 is not an integer)")

        json = try XCTUnwrap(signup.json.objectValue)
        json["friends"] = [["id": 1, "nickname": 5]]
        assertRejects(Signup.self, .object(json), "expected string at friends[0].nickname, found integer")

        assertRejects(Signup.self, [1], "expected object at value, found array")
    }

    func testRawValueEnumsListTheirValues() throws {
        XCTAssertEqual(try Plan(json: "free"), .free)
        XCTAssertEqual(Plan.pro.json, "pro")
        XCTAssertEqual(Plan.jsonTypeName, #"one of "free", "pro""#)
        XCTAssertEqual(Plan.jsonSchema.serializedString(), #"{"enum":["free","pro"]}"#)
        assertRejects(Plan.self, "gold", #"expected one of "free", "pro" at value, found string ("gold" is not one of them)"#)
        assertRejects(Plan.self, 1, #"expected one of "free", "pro" at value, found integer"#)
        // Inside a Codable struct, the standard library's RawRepresentable decoding
        // reports the failure; the bridge still locates it.
        var json = try XCTUnwrap(signup.json.objectValue)
        json["plan"] = "gold"
        do throws(JSONDecodingError) {
            _ = try Signup(json: .object(json))
            XCTFail("accepted an unknown plan")
        } catch {
            XCTAssertEqual(error.path, [.key("plan")])
            XCTAssertEqual(error.expected, "valid value")
            XCTAssertEqual(error.found, "string")
            XCTAssertEqual(error.message?.contains("gold"), true, error.description)
        }
    }

    func testDefaultSchemaAndTypeName() {
        XCTAssertEqual(Signup.jsonSchema.serializedString(), #"{"type":"object"}"#)
        XCTAssertEqual(Signup.jsonTypeName, "object")
        XCTAssertEqual([Friend].jsonTypeName, "array of object")
    }

    func testCustomDecodingErrorsAreLocated() throws {
        struct Even: Codable, JSONConvertible {
            var value: Int
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                value = try container.decode(Int.self)
                guard value % 2 == 0 else {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(value) is odd")
                }
            }
        }
        struct Pair: Codable, JSONConvertible {
            var left: Even
            var right: Even
        }
        assertRejects(Pair.self, ["left": 2, "right": 3], "expected valid value at right, found integer (3 is odd)")
        assertRejects(Even.self, 3, "expected object at value, found integer (3 is odd)")
    }

    private func assertRejects<T: JSONConvertible>(
        _ type: T.Type, _ json: JSONValue, _ description: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        do throws(JSONDecodingError) {
            _ = try T(json: json)
            XCTFail("accepted \(json)", file: file, line: line)
        } catch {
            XCTAssertEqual(error.description, description, file: file, line: line)
        }
    }
}
