import SystemIO
import XCTest

@testable import Framing

/// The decoder's buffer: geometric growth, but never past the limit it is given.
final class ByteAccumulatorTests: XCTestCase {
    func testGrowth_IsCappedAtTheGrowthLimit() {
        var buffer = ByteAccumulator()
        let chunk = [UInt8](repeating: 7, count: 1000)
        for _ in 0..<100 {
            chunk.withUnsafeBytes { buffer.append($0, growthLimit: 100_000) }
        }
        XCTAssertEqual(buffer.count, 100_000)
        // Doubling alone would reach 128,000 or more; the cap keeps it at the limit (plus the
        // allocator's rounding).
        XCTAssertLessThan(buffer.peakCapacity, 100_000 + 1024)
    }

    func testTake_MovesTheBytesOutAndEmpties() {
        var buffer = ByteAccumulator()
        buffer.append(1, growthLimit: 10)
        buffer.append(2, growthLimit: 10)
        XCTAssertEqual(buffer.take(), [1, 2])
        XCTAssertTrue(buffer.isEmpty)
    }

    func testClear_ReleasesLargeStorage() {
        var buffer = ByteAccumulator()
        let big = [UInt8](repeating: 0, count: ByteAccumulator.retainedCapacity * 2)
        big.withUnsafeBytes { buffer.append($0, growthLimit: big.count) }
        buffer.clear()
        XCTAssertLessThanOrEqual(buffer.capacity, ByteAccumulator.retainedCapacity)
    }

    func testSaturatingAdd_DoesNotTrapAtIntMax() {
        XCTAssertEqual(Int.max.addingSaturated(1), Int.max)
        XCTAssertEqual(5.addingSaturated(3), 8)
    }
}
