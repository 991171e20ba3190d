import BenchText
@testable import DaemonFigures
import XCTest

final class RowsTests: XCTestCase {
    func testRowsAreGroupedByKindWithoutTheirKind() {
        let rows = Rows(text: "scale\tswitchboard\t1\nscale\tjansson-echo\t2\nthroughput\tswitchboard\t3\n")
        XCTAssertEqual(rows.rows("scale", "switchboard"), [["switchboard", "1"]])
        XCTAssertEqual(rows.rows("scale", "jansson-echo"), [["jansson-echo", "2"]])
        XCTAssertEqual(rows.rows("throughput", "switchboard"), [["switchboard", "3"]])
        XCTAssertEqual(rows.rows("pingpong", "switchboard"), [])
    }

    func testMetaRowsAreKeyAndValue() {
        let rows = Rows(text: "meta\tcommit\tabc123\nmeta\tshort\n")
        XCTAssertEqual(rows.meta["commit"], "abc123")
        // A meta row without a value is not a key.
        XCTAssertNil(rows.meta["short"])
    }

    func testEmptyFieldsKeepTheirPlace() {
        let rows = Rows(text: "scale\tswitchboard\t\t7\n")
        XCTAssertEqual(rows.rows("scale", "switchboard"), [["switchboard", "", "7"]])
        XCTAssertEqual(rows.numbers("scale", "switchboard", 2), [7])
        // A field that is empty, or past the row's end, is no number.
        XCTAssertEqual(rows.numbers("scale", "switchboard", 1), [])
        XCTAssertEqual(rows.numbers("scale", "switchboard", 9), [])
    }

    func testMedian() {
        XCTAssertNil(median([]))
        XCTAssertEqual(median([3, 1, 2]), 2)
        XCTAssertEqual(median([4, 1, 3, 2]), 2.5)
    }

    func testQuartilesAreTheMediansOfTheHalves() {
        XCTAssertNil(quartiles([]))
        XCTAssertNil(quartiles([1]))
        // Odd count: the middle value (3) belongs to neither half.
        let odd = try? XCTUnwrap(quartiles([5, 1, 4, 2, 3]))
        XCTAssertEqual(odd?.lower, 1.5)
        XCTAssertEqual(odd?.upper, 4.5)
        let even = try? XCTUnwrap(quartiles([8, 1, 2, 7, 3, 6]))
        XCTAssertEqual(even?.lower, 2)
        XCTAssertEqual(even?.upper, 7)
        let two = try? XCTUnwrap(quartiles([2, 1]))
        XCTAssertEqual(two?.lower, 1)
        XCTAssertEqual(two?.upper, 2)
    }

    func testGroupedDigits() {
        XCTAssertEqual(grouped(1_234_567), "1,234,567")
        XCTAssertEqual(grouped(999), "999")
        XCTAssertEqual(grouped(-1_234), "-1,234")
        XCTAssertEqual(grouped(2.6), "3")
        XCTAssertEqual(grouped(nil), "n/a")
        XCTAssertEqual(grouped(.infinity), "n/a")
        // Beyond any integer: not a trap.
        XCTAssertEqual(grouped(1e30), "n/a")
    }

    func testFixedDigits() {
        XCTAssertEqual(fixed(1.005, digits: 2), "1.00")
        XCTAssertEqual(fixed(2.5, digits: 0), "3")
        XCTAssertEqual(fixed(-0.25, digits: 1), "-0.3")
        XCTAssertEqual(fixed(0.07, digits: 2), "0.07")
        // Too large for the digits, or not finite: Swift's rendering, not a trap.
        XCTAssertEqual(fixed(1e300, digits: 2), "1e+300")
        XCTAssertEqual(fixed(.infinity, digits: 2), "inf")
    }

    func testRatioNeedsAPositiveReference() {
        XCTAssertEqual(ratio(3, 2), 1.5)
        XCTAssertNil(ratio(3, 0))
        XCTAssertNil(ratio(nil, 2))
    }
}
