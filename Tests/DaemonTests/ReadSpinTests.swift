@testable import Daemon
import XCTest

/// The reader's spin after a lone request, adapted to the client: on until four spins in a row
/// find nothing, then one probe every sixteenth request, on again after a hit.
final class ReadSpinTests: XCTestCase {
    private let length = 50_000

    func testAClientThatAnswersQuicklyKeepsTheSpin() {
        var spin = ReadSpin(length: length)
        for _ in 0..<100 {
            let spun = spin.next()
            XCTAssertEqual(spun, length)
            spin.record(found: true)
        }
        XCTAssertTrue(spin.isOn)
    }

    func testSpinningStopsAfterFourMissesInARowNotBefore() {
        var spin = ReadSpin(length: length)
        var spins: [Int] = []
        for _ in 0..<6 {
            let spun = spin.next()
            spins.append(spun)
            spin.record(found: false)
        }
        XCTAssertEqual(spins, [length, length, length, length, 0, 0])
        XCTAssertFalse(spin.isOn)
    }

    func testAHitAmongMissesKeepsItOn() {
        // A quick client whose next request is sometimes late: three misses, a hit, three
        // misses, and so on, never four in a row.
        var spin = ReadSpin(length: length)
        for round in 0..<40 {
            let spun = spin.next()
            XCTAssertEqual(spun, length, "round \(round)")
            spin.record(found: round % 4 == 3)
        }
    }

    func testWhileOffEverySixteenthRequestProbesAndAHitTurnsItBackOn() {
        var spin = ReadSpin(length: length)
        for _ in 0..<ReadSpin.missesBeforeOff {
            XCTAssertEqual(spin.next(), length)
            spin.record(found: false)
        }
        XCTAssertFalse(spin.isOn)
        var spins: [Int] = []
        for _ in 0..<(2 * ReadSpin.probeInterval) {
            let spun = spin.next()
            spins.append(spun)
            spin.record(found: false)
        }
        XCTAssertEqual(spins.indices.filter { spins[$0] > 0 }, [ReadSpin.probeInterval - 1, 2 * ReadSpin.probeInterval - 1],
                       "one full spin in sixteen, each a miss")
        XCTAssertFalse(spin.isOn)
        var probe = spin.next()
        while probe == 0 { probe = spin.next() }
        XCTAssertEqual(probe, length)
        spin.record(found: true)
        XCTAssertTrue(spin.isOn)
        XCTAssertEqual(spin.next(), length)
    }

    func testTheLimitsSpinOnlyWithAProcessorToSpare() {
        var limits = ServerLimits()
        XCTAssertEqual(limits.spinMicroseconds, 50, "the default the README names")
        XCTAssertEqual(ReadSpin(limits, processors: 2).length, 50_000)
        XCTAssertEqual(ReadSpin(limits, processors: 64).length, 50_000)
        // One processor: a spinning reader would keep the client from sending.
        XCTAssertEqual(ReadSpin(limits, processors: 1).length, 0)
        limits.spinMicroseconds = 0
        XCTAssertEqual(ReadSpin(limits, processors: 2).length, 0)
        limits.spinMicroseconds = ServerLimits.maxSpinMicroseconds
        XCTAssertEqual(ReadSpin(limits, processors: 2).length, 1_000_000)
    }

    func testNoSpinConfiguredNeverSpins() {
        var spin = ReadSpin(length: 0)
        for _ in 0..<(3 * ReadSpin.probeInterval) {
            XCTAssertEqual(spin.next(), 0)
        }
    }
}
