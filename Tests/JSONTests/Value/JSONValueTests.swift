import JSON
import XCTest

final class JSONValueTests: XCTestCase {
    func testLiteralsBuildTheMatchingCases() {
        let value: JSONValue = ["n": nil, "b": true, "i": 3, "d": 2.5, "s": "x", "a": [1], "o": ["k": "v"]]
        XCTAssertEqual(value["n"], .null)
        XCTAssertEqual(value["b"], .bool(true))
        XCTAssertEqual(value["i"], .integer(3))
        XCTAssertEqual(value["d"], .double(2.5))
        XCTAssertEqual(value["s"], .string("x"))
        XCTAssertEqual(value["a"], .array([.integer(1)]))
        XCTAssertEqual(value["o"], .object(JSONObject([("k", .string("v"))])))
        XCTAssertEqual(value.objectValue?.keys, ["n", "b", "i", "d", "s", "a", "o"])
    }

    func testTypeNames() {
        let cases: [(JSONValue, String)] = [
            (nil, "null"), (true, "boolean"), (1, "integer"), (1.5, "number"), ("", "string"),
            ([], "array"), ([:], "object"),
        ]
        for (value, name) in cases {
            XCTAssertEqual(value.typeName, name)
        }
    }

    func testScalarAccessors() {
        XCTAssertEqual(JSONValue.string("s").stringValue, "s")
        XCTAssertNil(JSONValue.integer(1).stringValue)
        XCTAssertEqual(JSONValue.bool(false).boolValue, false)
        XCTAssertNil(JSONValue.null.boolValue)
        XCTAssertTrue(JSONValue.null.isNull)
        XCTAssertFalse(JSONValue.bool(false).isNull)
        XCTAssertEqual(([1, 2] as JSONValue).arrayValue, [1, 2])
        XCTAssertNil(JSONValue.string("[]").arrayValue)
        XCTAssertEqual((["a": 1] as JSONValue).objectValue, ["a": 1])
        XCTAssertNil(([] as JSONValue).objectValue)
    }

    func testInt64ValueAcceptsIntegralDoublesOnly() {
        XCTAssertEqual(JSONValue.integer(.min).int64Value, .min)
        XCTAssertEqual(JSONValue.double(3.0).int64Value, 3)
        XCTAssertEqual(JSONValue.double(-0.0).int64Value, 0)
        XCTAssertNil(JSONValue.double(3.5).int64Value)
        XCTAssertNil(JSONValue.double(1e19).int64Value)
        XCTAssertNil(JSONValue.double(.nan).int64Value)
        XCTAssertNil(JSONValue.string("3").int64Value)
    }

    func testDoubleValueConvertsIntegers() {
        XCTAssertEqual(JSONValue.integer(3).doubleValue, 3.0)
        XCTAssertEqual(JSONValue.double(0.1).doubleValue, 0.1)
        XCTAssertNil(JSONValue.bool(true).doubleValue)
    }

    func testSubscriptsAreSafe() {
        let value: JSONValue = ["list": [10, 20], "name": "n"]
        XCTAssertEqual(value["list"]?[1], 20)
        XCTAssertNil(value["list"]?[2])
        XCTAssertNil(value["list"]?[-1])
        XCTAssertNil(value["missing"])
        XCTAssertNil(value[0])
        XCTAssertNil(value["name"]?["x"])
        XCTAssertNil(JSONValue.null["x"])
    }

    func testNumbersOfDifferentCasesAreDifferentValues() {
        XCTAssertNotEqual(JSONValue.integer(1), JSONValue.double(1))
        XCTAssertEqual(JSONValue.double(0.0), JSONValue.double(-0.0))
        XCTAssertNotEqual(JSONValue.double(.nan), JSONValue.double(.nan))
        XCTAssertNotEqual(JSONValue.null, JSONValue.bool(false))
        XCTAssertNotEqual([1, 2] as JSONValue, [2, 1] as JSONValue)
        XCTAssertNotEqual([1] as JSONValue, [1, 1] as JSONValue)
    }

    func testEqualValuesHashEqually() {
        let one: JSONValue = ["a": [1, ["b": 2, "c": [true, nil]]], "d": "e"]
        let two: JSONValue = ["d": "e", "a": [1, ["c": [true, nil], "b": 2]]]
        XCTAssertEqual(one, two)
        XCTAssertEqual(one.hashValue, two.hashValue)
        XCTAssertEqual(Set([one, two, 1, 1.0, "1"]).count, 4)
        XCTAssertNotEqual(one.hashValue, (["d": "e"] as JSONValue).hashValue)
    }

    func testValuesNestedBeyondTheHashedLevelsStillCompareCorrectly() {
        func nested(_ depth: Int, innermost: JSONValue) -> JSONValue {
            var value = innermost
            for _ in 0..<depth { value = ["k": value] }
            return value
        }
        let one = nested(100, innermost: 1)
        let two = nested(100, innermost: 2)
        XCTAssertNotEqual(one, two)
        XCTAssertEqual(one, nested(100, innermost: 1))
        XCTAssertEqual(Set([one, two]).count, 2)
    }

    func testIsSendableAcrossTasks() async {
        let value: JSONValue = ["shared": [1, 2, 3]]
        let copy = await Task.detached { value["shared"]?[2] }.value
        XCTAssertEqual(copy, 3)
    }
}
