import XCTest
@testable import SystemIO

final class PauseTests: XCTestCase {
    /// Reads `clock` a thousand times and checks that it never goes back.
    private func assertNeverGoesBack(_ clock: () -> Int64, file: StaticString = #filePath, line: UInt = #line) {
        var last = clock()
        for _ in 0..<1_000 {
            let now = clock()
            XCTAssertGreaterThanOrEqual(now, last, file: file, line: line)
            last = now
        }
    }

    func testTheMonotonicClockNeverGoesBack() {
        assertNeverGoesBack { Pause.monotonicMilliseconds }
    }

    func testTheNanosecondClockIsTheMillisecondOne() {
        assertNeverGoesBack { Pause.monotonicNanoseconds }
        let milliseconds = Pause.monotonicMilliseconds, nanoseconds = Pause.monotonicNanoseconds
        XCTAssertLessThanOrEqual(milliseconds, nanoseconds / 1_000_000, "read after it, never behind")
        XCTAssertLessThan(nanoseconds / 1_000_000 - milliseconds, 1_000)
    }

    /// A pause lasts at least what was asked (a lower bound: a loaded machine may add to it).
    func testASleepLastsAtLeastItsMilliseconds() {
        let start = Pause.monotonicMilliseconds
        Pause.sleep(milliseconds: 30)
        XCTAssertGreaterThanOrEqual(Pause.monotonicMilliseconds - start, 30)
    }

    func testNothingOrLessIsNoSleep() {
        let start = Pause.monotonicMilliseconds
        Pause.sleep(milliseconds: 0)
        Pause.sleep(milliseconds: -5)
        XCTAssertLessThan(Pause.monotonicMilliseconds - start, 1_000)
    }
}
