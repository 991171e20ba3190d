import SystemIO
import XCTest

#if canImport(Glibc)
import Glibc
#endif

final class VirtualMemoryTests: XCTestCase {
    func testAReservationIsPageAlignedZeroAndWritableAtBothEnds() throws {
        let bytes = 1 << 30
        let region = try VirtualMemory.reserve(bytes: bytes)
        XCTAssertEqual(Int(bitPattern: region) % 4096, 0)
        XCTAssertEqual(region.load(fromByteOffset: bytes - 1, as: UInt8.self), 0)
        region.storeBytes(of: 0xAB, toByteOffset: 0, as: UInt8.self)
        region.storeBytes(of: 0xCD, toByteOffset: bytes - 1, as: UInt8.self)
        XCTAssertEqual(region.load(fromByteOffset: 0, as: UInt8.self), 0xAB)
        XCTAssertEqual(region.load(fromByteOffset: bytes - 1, as: UInt8.self), 0xCD)
    }

    func testHugePagesAreAskedForOrTheKernelSaysWhyNot() throws {
        let bytes = 8 << 20
        let region = try VirtualMemory.reserve(bytes: bytes)
        do {
            try VirtualMemory.adviseHugePages(region, bytes: bytes)
        } catch {
            // A kernel without transparent huge pages refuses the advice as invalid.
            XCTAssertEqual(error.name, "EINVAL")
        }
        region.storeBytes(of: 1, toByteOffset: bytes - 1, as: UInt8.self)
        XCTAssertEqual(region.load(fromByteOffset: bytes - 1, as: UInt8.self), 1)
        XCTAssertThrowsError(try VirtualMemory.adviseHugePages(region + 1, bytes: 4096), "an unaligned address") { error in
            XCTAssertEqual((error as? Errno)?.name, "EINVAL")
        }
    }

    func testDiscardedPagesLeaveMemoryAndReadAsZerosWhileTheirNeighboursKeepTheirBytes() throws {
        let page = 4096, pages = 4
        let region = try VirtualMemory.reserve(bytes: page * pages)
        memset(region, 0x7e, page * pages)
        try VirtualMemory.discard(region + page, bytes: 2 * page)
        var resident = [UInt8](repeating: 0, count: pages)
        XCTAssertEqual(mincore(region, page * pages, &resident), 0)
        XCTAssertEqual(resident.map { $0 & 1 }, [1, 0, 0, 1], "the middle two pages left memory")
        let bytes = UnsafeRawBufferPointer(start: region, count: page * pages)
        XCTAssertTrue(bytes[page..<(3 * page)].allSatisfy { $0 == 0 }, "discarded pages read as zeros")
        XCTAssertTrue(bytes[..<page].allSatisfy { $0 == 0x7e })
        XCTAssertTrue(bytes[(3 * page)...].allSatisfy { $0 == 0x7e })
        // Written again, a discarded page holds what was written.
        region.storeBytes(of: 9, toByteOffset: page, as: UInt8.self)
        XCTAssertEqual(region.load(fromByteOffset: page, as: UInt8.self), 9)
        XCTAssertThrowsError(try VirtualMemory.discard(region + 1, bytes: page), "an unaligned address") { error in
            XCTAssertEqual((error as? Errno)?.name, "EINVAL")
        }
    }

    func testAnImpossibleReservationThrowsTheKernelsReason() {
        // More than a 47-bit address space holds.
        XCTAssertThrowsError(try VirtualMemory.reserve(bytes: 1 << 50)) { error in
            XCTAssertEqual((error as? Errno)?.name, "ENOMEM")
        }
    }
}
