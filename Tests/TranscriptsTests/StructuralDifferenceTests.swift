import JSON
@testable import Transcripts
import XCTest

/// The first difference between an expected and an actual message, as a path and two values.
final class StructuralDifferenceTests: XCTestCase {
    private func first(_ expected: String, _ actual: String) -> StructuralDifference? {
        StructuralDifference.first(expectedLine: expected, actualLine: actual)
    }

    func testNestedObjectsAndArraysGiveThePath() {
        let expected = #"{"params":{"value":{"friends":[{"name":"a"},{"name":"b"},{"name":"c"}]}}}"#
        let actual = #"{"params":{"value":{"friends":[{"name":"a"},{"name":"b"},{"name":"z"}]}}}"#
        XCTAssertEqual(first(expected, actual), StructuralDifference(path: "params.value.friends[2].name", expected: "c", actual: "z"))
        XCTAssertEqual(first(expected, actual)?.summary, #"at params.value.friends[2].name: expected "c", actual "z""#)
        XCTAssertNil(first(expected, expected))
    }

    func testArraysOfDifferentLengths() {
        XCTAssertEqual(first(#"{"v":[1,2]}"#, #"{"v":[1,2,3]}"#), StructuralDifference(path: "v[2]", expected: nil, actual: 3))
        XCTAssertEqual(first(#"{"v":[1,2,3]}"#, #"{"v":[1]}"#), StructuralDifference(path: "v[1]", expected: 2, actual: nil))
        XCTAssertEqual(first(#"{"v":[1,2]}"#, #"{"v":[1]}"#)?.summary, "at v[1]: expected 2, actual nothing")
    }

    func testNumbersAgainstStringsAndEqualNumbers() {
        XCTAssertEqual(first(#"{"v":1}"#, #"{"v":"1"}"#), StructuralDifference(path: "v", expected: 1, actual: "1"))
        // As the comparison of steps takes them: an integer and a fraction are different values.
        XCTAssertEqual(first(#"{"v":1}"#, #"{"v":1.5}"#), StructuralDifference(path: "v", expected: 1, actual: 1.5))
        XCTAssertNil(first(#"{"v":[1,"a",null,true]}"#, #"{"v":[1,"a",null,true]}"#))
    }

    func testAMissingAndAnExtraMember() {
        XCTAssertEqual(first(#"{"a":1,"b":2}"#, #"{"a":1}"#), StructuralDifference(path: "b", expected: 2, actual: nil))
        XCTAssertEqual(first(#"{"a":1}"#, #"{"a":1,"c":3}"#), StructuralDifference(path: "c", expected: nil, actual: 3))
        XCTAssertEqual(first(#"{"odd key":1}"#, #"{"odd key":2}"#)?.path, #"["odd key"]"#)
        XCTAssertEqual(first("1", "2")?.summary, "at the whole message: expected 1, actual 2")
    }
}
