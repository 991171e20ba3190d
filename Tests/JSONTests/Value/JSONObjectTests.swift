import JSON
import XCTest

final class JSONObjectTests: XCTestCase {
    func testIterationFollowsInsertionOrder() {
        let object: JSONObject = ["z": 1, "a": 2, "m": 3]
        XCTAssertEqual(object.map(\.key), ["z", "a", "m"])
        XCTAssertEqual(object.map(\.value), [1, 2, 3])
        XCTAssertEqual(object.keys, ["z", "a", "m"])
        XCTAssertEqual(object.values, [1, 2, 3])
        XCTAssertEqual(object.count, 3)
        XCTAssertFalse(object.isEmpty)
        XCTAssertTrue(JSONObject().isEmpty)
    }

    func testSettingAnExistingKeyReplacesInPlace() {
        var object: JSONObject = ["a": 1, "b": 2, "c": 3]
        object["b"] = "two"
        object["d"] = 4
        XCTAssertEqual(JSONValue.object(object).serializedString(), #"{"a":1,"b":"two","c":3,"d":4}"#)
        XCTAssertEqual(object.updateValue(5, forKey: "a"), 1)
        XCTAssertNil(object.updateValue(6, forKey: "e"))
        XCTAssertEqual(object.keys, ["a", "b", "c", "d", "e"])
    }

    func testSettingNilRemovesAndKeepsTheRestInOrder() {
        var object: JSONObject = ["a": 1, "b": 2, "c": 3]
        object["b"] = nil
        object["missing"] = nil
        XCTAssertEqual(object.keys, ["a", "c"])
        XCTAssertNil(object["b"])
        XCTAssertEqual(object.removeValue(forKey: "a"), 1)
        XCTAssertNil(object.removeValue(forKey: "a"))
        XCTAssertEqual(object.keys, ["c"])
    }

    func testNullIsAValueNotARemoval() {
        var object = JSONObject()
        object["a"] = .null
        XCTAssertEqual(object.count, 1)
        XCTAssertEqual(object["a"], .null)
    }

    func testRepeatedKeysInInitializersKeepFirstPositionAndLastValue() {
        let pairs = JSONObject([("a", 1), ("b", 2), ("a", 3)])
        XCTAssertEqual(pairs.keys, ["a", "b"])
        XCTAssertEqual(pairs["a"], 3)
        let literal: JSONObject = ["x": 1, "x": 2]
        XCTAssertEqual(literal.count, 1)
        XCTAssertEqual(literal["x"], 2)
    }

    func testLargeObjectsStayConsistentAcrossTheIndexThreshold() {
        // Grows past the linear-scan size, shrinks below it, and grows again, checking
        // lookups and order against a plain model at every step.
        var object = JSONObject()
        var model: [(String, Int64)] = []
        func check(_ step: String) {
            XCTAssertEqual(object.keys, model.map(\.0), step)
            for (key, number) in model {
                XCTAssertEqual(object[key], .integer(number), "\(step): \(key)")
            }
            XCTAssertNil(object["absent"], step)
        }
        for number in 0..<40 {
            object["k\(number)"] = .integer(Int64(number))
            model.append(("k\(number)", Int64(number)))
            check("insert \(number)")
        }
        object["k5"] = 500
        model[5].1 = 500
        check("replace")
        for number in stride(from: 0, to: 40, by: 2) {
            object["k\(number)"] = nil
            model.removeAll { $0.0 == "k\(number)" }
            check("remove \(number)")
        }
        for number in 0..<15 {
            object["k\(2 * number + 1)"] = nil
            model.removeAll { $0.0 == "k\(2 * number + 1)" }
            check("shrink \(number)")
        }
        for number in 100..<110 {
            object["k\(number)"] = .integer(Int64(number))
            model.append(("k\(number)", Int64(number)))
        }
        check("regrow")
    }

    func testEqualityAndHashingIgnoreOrder() {
        let one: JSONObject = ["a": 1, "b": [1, 2], "c": nil]
        let two: JSONObject = ["c": nil, "b": [1, 2], "a": 1]
        XCTAssertEqual(one, two)
        XCTAssertEqual(one.hashValue, two.hashValue)
        XCTAssertNotEqual(one, ["a": 1, "b": [2, 1], "c": nil])
        XCTAssertNotEqual(one, ["a": 1, "b": [1, 2]])
        XCTAssertNotEqual(one, ["a": 1, "b": [1, 2], "d": nil])
        var big = JSONObject()
        var reversed = JSONObject()
        for number in 0..<20 { big["k\(number)"] = .integer(Int64(number)) }
        for number in (0..<20).reversed() { reversed["k\(number)"] = .integer(Int64(number)) }
        XCTAssertEqual(big, reversed)
        XCTAssertEqual(big.hashValue, reversed.hashValue)
        XCTAssertEqual(Set([big, reversed]).count, 1)
    }

    func testSerializationKeepsOrderWhileEqualityDoesNot() throws {
        let one = try JSONValue.parse(#"{"b":1,"a":2}"#)
        let two = try JSONValue.parse(#"{"a":2,"b":1}"#)
        XCTAssertEqual(one, two)
        XCTAssertEqual(one.serializedString(), #"{"b":1,"a":2}"#)
        XCTAssertEqual(two.serializedString(), #"{"a":2,"b":1}"#)
    }
}
