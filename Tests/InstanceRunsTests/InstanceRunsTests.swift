import Dispatch
import Foundation
import InstanceRuns
import XCTest

#if canImport(Glibc)
import Glibc
#endif

// The allocator is one per process: every test uses types of its own (the key classes below)
// and reads the statistics as differences. Inside a creation a test only calls malloc and
// free and stores into memory allocated before it, so that nothing else (an assertion's
// message, an array's growth) takes a position in the creation's sequence.

private final class BackToBack {}
private final class Large {}
private final class Temporaries {}
private final class Diverging {}
private final class Reused {}
private final class OtherThread {}
private final class Zeroed {}
private final class Reallocated {}
private final class Nested {}
private final class Outgrown {}
private final class Counted {}
private final class Donor {}
private final class Fresh {}
private final class Borrower {}
private final class Arrayed {}
private final class Swept {}
private final class SweptLarge {}
private final class Modest {}
private final class Roomy {}
private final class Unplanned {}

/// Blocks a test keeps across a creation, allocated outside it.
private final class Slots: @unchecked Sendable {
    let pointers = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 64)
    init() { pointers.initialize(repeating: nil, count: 64) }
    deinit { pointers.deallocate() }
    subscript(index: Int) -> UnsafeMutableRawPointer? {
        get { pointers[index] }
        set { pointers[index] = newValue }
    }
    func address(_ index: Int) -> Int { Int(bitPattern: pointers[index]) }
}

/// One creation of `type`: `body` runs between the placement's two calls.
private func creation(of type: AnyObject.Type, _ body: () -> Void) {
    let placement = InstanceRuns()
    placement.willCreate(ObjectIdentifier(type))
    body()
    placement.didCreate()
}

private func placed(_ pointer: UnsafeMutableRawPointer?) -> Bool {
    pointer.map { InstanceRuns.isPlaced($0) } ?? false
}

private func runNumber(_ pointer: UnsafeMutableRawPointer?) -> Int? {
    pointer.flatMap { InstanceRuns.run(of: $0) }
}

final class InstanceRunsTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(InstanceRuns.isAvailable, "this build has no instance runs (a sanitizer build)")
        XCTAssertTrue(InstanceRuns.install(), "the region could not be reserved")
    }

    func testOutsideACreationEveryRequestIsGlibcs() {
        let block = malloc(40)
        XCTAssertNotNil(block)
        XCTAssertFalse(placed(block))
        free(block)
    }

    func testACreationsRequestsLieBackToBackIn16ByteAlignedBlocks() {
        let slots = Slots()
        creation(of: BackToBack.self) {
            slots[0] = malloc(40)   // 48 bytes with its header
            slots[1] = malloc(1)    // 16
            slots[2] = malloc(100)  // 112
            slots[3] = malloc(0)    // 16, a pointer of its own as glibc gives
        }
        let after = malloc(40)
        XCTAssertFalse(placed(after), "placement ends with the creation")
        free(after)
        for index in 0..<4 {
            XCTAssertTrue(placed(slots[index]), "block \(index)")
            XCTAssertEqual(slots.address(index) % 16, 0, "block \(index) is 16-aligned")
            XCTAssertEqual(runNumber(slots[index]), runNumber(slots[0]), "block \(index) is in the creation's run")
        }
        XCTAssertEqual(slots.address(1) - slots.address(0), 48)
        XCTAssertEqual(slots.address(2) - slots.address(1), 16)
        XCTAssertEqual(slots.address(3) - slots.address(2), 112)
        XCTAssertEqual(InstanceRuns.usableSize(of: slots[0]), 40)
        XCTAssertEqual(InstanceRuns.usableSize(of: slots[1]), 8)
        XCTAssertEqual(InstanceRuns.usableSize(of: slots[2]), 104)
        for index in 0..<4 { free(slots[index]) }
    }

    func testMallinfoCountsEveryLiveRunWhole() {
        let slots = Slots()
        let before = InstanceRuns.statistics
        creation(of: Counted.self) {
            slots[0] = malloc(40)
            slots[1] = malloc(1)
            slots[2] = malloc(100)
        }
        let made = InstanceRuns.statistics
        XCTAssertEqual(made.bytesInLiveRuns - before.bytesInLiveRuns, 48 + 16 + 112)
        free(slots[1])
        XCTAssertEqual(InstanceRuns.statistics.bytesInLiveRuns, made.bytesInLiveRuns, "a hole is still held")
        free(slots[0])
        free(slots[2])
        XCTAssertEqual(InstanceRuns.statistics.bytesInLiveRuns, before.bytesInLiveRuns, "a dead run is not in use")

        // mallinfo2 adds them to glibc's figure, which other threads (an earlier test's,
        // winding down) move by tens of kilobytes at any time: 2,000 runs of 1 KB are
        // compared, within 5%.
        let count = 2_000, runBytes = 2 * 496
        let blocks = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: count * 2)
        defer { blocks.deallocate() }
        let inUseBefore = InstanceRuns.mallocBytesInUse
        for index in 0..<count {
            creation(of: Counted.self) {
                blocks[2 * index] = malloc(488)      // 496 bytes with its header
                blocks[2 * index + 1] = malloc(488)
            }
        }
        let inUseMade = InstanceRuns.mallocBytesInUse
        let expected = Double(count * runBytes)
        XCTAssertEqual(Double(inUseMade - inUseBefore), expected, accuracy: expected * 0.05)
        for index in 0..<(count * 2) { free(blocks[index]) }
        XCTAssertEqual(Double(inUseMade - InstanceRuns.mallocBytesInUse), expected, accuracy: expected * 0.05)
    }

    func testRequestsAboveTheLimitGoToGlibcEvenInACreation() {
        let slots = Slots()
        creation(of: Large.self) {
            slots[0] = malloc(InstanceRuns.maxPlacedBytes)
            slots[1] = malloc(InstanceRuns.maxPlacedBytes + 1)
        }
        XCTAssertTrue(placed(slots[0]))
        XCTAssertGreaterThanOrEqual(InstanceRuns.usableSize(of: slots[0]), InstanceRuns.maxPlacedBytes)
        XCTAssertFalse(placed(slots[1]))
        XCTAssertGreaterThanOrEqual(InstanceRuns.usableSize(of: slots[1]), InstanceRuns.maxPlacedBytes + 1, "glibc's usable size, through ours")
        free(slots[0])
        free(slots[1])
    }

    /// keep, temporary (freed before the end), keep.
    private func keepTemporaryKeep(_ type: AnyObject.Type, _ slots: Slots, extra: Int? = nil) {
        creation(of: type) {
            slots[0] = malloc(40)
            if let extra { slots[3] = malloc(extra) }
            slots[1] = malloc(64)
            free(slots[1])
            slots[2] = malloc(40)
        }
    }

    func testTheObservedCreationsTemporariesGoToGlibcInLaterOnes() {
        let slots = Slots()
        let before = InstanceRuns.statistics
        // Before and during the observed creation, the temporary takes its place in the run.
        for number in 1...InstanceRuns.observedCreation {
            keepTemporaryKeep(Temporaries.self, slots)
            XCTAssertTrue(placed(slots[1]), "creation \(number)")
            XCTAssertEqual(slots.address(2) - slots.address(0), 48 + 80, "creation \(number): a hole where the temporary was")
            free(slots[0])
            free(slots[2])
        }
        XCTAssertEqual(InstanceRuns.statistics.creationsObserved, before.creationsObserved + 1)
        keepTemporaryKeep(Temporaries.self, slots)
        XCTAssertFalse(placed(slots[1]), "the temporary is glibc's")
        XCTAssertTrue(placed(slots[0]))
        XCTAssertEqual(slots.address(2) - slots.address(0), 48, "no hole")
        let after = InstanceRuns.statistics
        XCTAssertEqual(after.temporariesToGlibc, before.temporariesToGlibc + 1)
        XCTAssertEqual(after.creationsDiverged, before.creationsDiverged)
        free(slots[0])
        free(slots[2])
    }

    func testACreationThatDiffersFromItsPlanPlacesTheRestAndATypeThatKeepsDifferingIsObservedAgain() {
        let slots = Slots()
        for _ in 1...InstanceRuns.observedCreation {
            keepTemporaryKeep(Diverging.self, slots)
            free(slots[0])
            free(slots[2])
        }
        let learned = InstanceRuns.statistics
        // A 200-byte request where the plan has the 64-byte temporary: everything after it is
        // placed, the temporary too.
        for number in 1...InstanceRuns.relearnAfter {
            keepTemporaryKeep(Diverging.self, slots, extra: 200)
            XCTAssertTrue(placed(slots[1]), "differing creation \(number) places its temporary")
            XCTAssertTrue(placed(slots[3]))
            for index in [0, 2, 3] { free(slots[index]) }
        }
        let differed = InstanceRuns.statistics
        XCTAssertEqual(differed.creationsDiverged, learned.creationsDiverged + UInt64(InstanceRuns.relearnAfter))
        XCTAssertEqual(differed.creationsObserved, learned.creationsObserved)
        // Observed again, then the new sequence's temporary is glibc's.
        keepTemporaryKeep(Diverging.self, slots, extra: 200)
        for index in [0, 2, 3] { free(slots[index]) }
        XCTAssertEqual(InstanceRuns.statistics.creationsObserved, differed.creationsObserved + 1)
        keepTemporaryKeep(Diverging.self, slots, extra: 200)
        XCTAssertFalse(placed(slots[1]))
        XCTAssertEqual(slots.address(2) - slots.address(3), 208, "the kept block follows the 200-byte one")
        for index in [0, 2, 3] { free(slots[index]) }
        XCTAssertEqual(InstanceRuns.statistics.creationsDiverged, differed.creationsDiverged)
    }

    func testARunWhoseBlocksAreAllFreedIsReusedWhole() {
        let slots = Slots()
        creation(of: Reused.self) {
            slots[0] = malloc(40)
            slots[1] = malloc(40)
        }
        let first = runNumber(slots[0])
        let firstAddress = slots.address(0)
        XCTAssertNotNil(first)
        let before = InstanceRuns.statistics
        free(slots[0])
        XCTAssertEqual(InstanceRuns.statistics.runsDead, before.runsDead, "one block still lives")
        free(slots[1])
        XCTAssertEqual(InstanceRuns.statistics.runsDead, before.runsDead + 1)
        creation(of: Reused.self) {
            slots[2] = malloc(40)
        }
        XCTAssertEqual(runNumber(slots[2]), first)
        XCTAssertEqual(slots.address(2), firstAddress, "from the run's start")
        let after = InstanceRuns.statistics
        XCTAssertEqual(after.runsReused, before.runsReused + 1)
        XCTAssertEqual(after.runsMade, before.runsMade)
        free(slots[2])
    }

    func testBlocksFreedOnAnotherThreadEndTheirRun() {
        let slots = Slots()
        creation(of: OtherThread.self) {
            for index in 0..<32 { slots[index] = malloc(16 + index) }
        }
        let before = InstanceRuns.statistics
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            for index in 0..<32 { free(slots[index]) }
            done.signal()
        }
        thread.start()
        done.wait()
        XCTAssertEqual(InstanceRuns.statistics.runsDead, before.runsDead + 1)
    }

    func testCallocZeroesAReusedRunsMemory() {
        let slots = Slots()
        creation(of: Zeroed.self) {
            slots[0] = malloc(64)
            if let block = slots[0] { memset(block, 0xAB, 64) }
        }
        free(slots[0])
        creation(of: Zeroed.self) {
            slots[1] = calloc(8, 8)
        }
        XCTAssertEqual(slots.address(1), slots.address(0), "the same run, from its start")
        let bytes = UnsafeRawBufferPointer(start: slots[1], count: 64)
        XCTAssertTrue(bytes.allSatisfy { $0 == 0 })
        free(slots[1])
    }

    func testReallocOfAPlacedBlockKeepsItsBytes() {
        let slots = Slots()
        creation(of: Reallocated.self) {
            slots[0] = malloc(24)
            slots[1] = malloc(24)
        }
        guard let block = slots[0] else { return XCTFail("no block") }
        for offset in 0..<24 { block.storeBytes(of: UInt8(offset), toByteOffset: offset, as: UInt8.self) }
        XCTAssertEqual(InstanceRuns.usableSize(of: block), 24)
        XCTAssertEqual(realloc(block, 20), block, "a smaller size keeps the block")
        let before = InstanceRuns.statistics
        guard let moved = realloc(block, 300) else { return XCTFail("realloc failed") }
        XCTAssertFalse(placed(moved), "outside a creation the new block is glibc's")
        XCTAssertEqual((0..<24).map { moved.load(fromByteOffset: $0, as: UInt8.self) }, (0..<24).map(UInt8.init))
        XCTAssertNil(realloc(slots[1], 0), "a size of zero frees, as glibc's does")
        XCTAssertEqual(InstanceRuns.statistics.runsDead, before.runsDead + 1, "both blocks of the run are free")
        free(moved)
    }

    func testACreationThatOutgrowsAReusedRunGoesOnInAFreshOne() {
        let slots = Slots()
        creation(of: Outgrown.self) { slots[0] = malloc(40) }
        let small = runNumber(slots[0])
        free(slots[0])
        let before = InstanceRuns.statistics
        creation(of: Outgrown.self) {
            slots[1] = malloc(40)   // fills the reused run
            slots[2] = malloc(300)  // cannot follow it there
            slots[3] = malloc(40)
        }
        XCTAssertEqual(runNumber(slots[1]), small, "the dead run reused")
        XCTAssertTrue(placed(slots[2]))
        XCTAssertNotEqual(runNumber(slots[2]), small)
        XCTAssertEqual(runNumber(slots[3]), runNumber(slots[2]))
        XCTAssertEqual(slots.address(3) - slots.address(2), 320)
        let after = InstanceRuns.statistics
        XCTAssertEqual(after.runsReused, before.runsReused + 1)
        XCTAssertEqual(after.runsMade, before.runsMade + 1)
        XCTAssertEqual(after.declined, before.declined)
        for index in 1...3 { free(slots[index]) }
        XCTAssertEqual(InstanceRuns.statistics.runsDead, after.runsDead + 2)
    }

    func testAFreshRunTakesTheRegionsEndAndGivesBackWhatItDidNotUse() {
        let slots = Slots()
        let before = InstanceRuns.statistics
        XCTAssertTrue(before.installed)
        // A type's first creation takes fresh memory at the region's end.
        creation(of: Fresh.self) { slots[0] = malloc(40); slots[1] = malloc(100) }
        let after = InstanceRuns.statistics
        XCTAssertEqual(after.runsMade, before.runsMade + 1)
        XCTAssertEqual(after.regionBytesUsed - before.regionBytesUsed, 48 + 112, "its bytes, the step's rest given back")
        free(slots[0])
        free(slots[1])
        // Dead, it is reused whole, taking no new memory.
        creation(of: Fresh.self) { slots[2] = malloc(40) }
        XCTAssertEqual(InstanceRuns.statistics.regionBytesUsed, after.regionBytesUsed)
        XCTAssertEqual(slots.address(2), slots.address(0))
        free(slots[2])
    }

    /// Makes the first `SWITCHBOARD_RUNS_OBSERVE_AT` creations of `type`, each placing
    /// `count` blocks of `bytes`, and keeps their blocks (at `first` on): the type then has a
    /// plan, its usual run, and no dead run of its own.
    private func learn(_ type: AnyObject.Type, blocks: UnsafeMutablePointer<UnsafeMutableRawPointer?>, first: Int, count: Int, bytes: Int) -> Int {
        var next = first
        for _ in 0..<InstanceRuns.observedCreation {
            let start = next
            creation(of: type) { for index in start..<(start + count) { blocks[index] = malloc(bytes) } }
            next += count
        }
        return next
    }

    func testADeadRunOfAnotherTypeIsReusedWhenItFits() {
        let blocks = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 64)
        defer { blocks.deallocate() }
        // The borrower's usual run: 48 bytes (its creations kept alive).
        let next = learn(Borrower.self, blocks: blocks, first: 0, count: 1, bytes: 40)
        // A larger run of another type (80 bytes: less than twice the borrower's), then dead.
        creation(of: Donor.self) { blocks[next] = malloc(60) }
        free(blocks[next])
        let before = InstanceRuns.statistics
        XCTAssertGreaterThan(before.runsDead, 0)
        creation(of: Borrower.self) { blocks[next + 1] = malloc(40) }
        // Another type's dead run (the donor's, or an earlier test's that fits), not fresh memory.
        let after = InstanceRuns.statistics
        XCTAssertEqual(after.runsReused, before.runsReused + 1)
        XCTAssertEqual(after.runsMade, before.runsMade)
        for index in 0..<next { free(blocks[index]) }
        free(blocks[next + 1])
    }

    func testBeforeItsPlanATypeTakesFreshRunsRatherThanAnotherTypesDeadOne() {
        let slots = Slots()
        // Another type's dead run of 80 bytes, which 48-byte creations would fit.
        creation(of: Donor.self) { slots[0] = malloc(60) }
        free(slots[0])
        let before = InstanceRuns.statistics
        XCTAssertGreaterThan(before.runsDead, 0)
        // Its first two creations (the plan comes at the fourth): what one places is not yet
        // known, so neither borrows.
        creation(of: Unplanned.self) { slots[1] = malloc(40) }
        creation(of: Unplanned.self) { slots[2] = malloc(40) }
        let after = InstanceRuns.statistics
        XCTAssertEqual(after.runsMade, before.runsMade + 2)
        XCTAssertEqual(after.runsReused, before.runsReused)
        free(slots[1])
        free(slots[2])
    }

    func testADeadRunTwiceATypesUsualRunIsNotBorrowed() {
        // Sizes no other test's runs have, so that without the rule Roomy's dead run would be
        // the only one Modest could borrow: Modest's usual run 6,144 bytes (12 blocks of
        // 512), Roomy's 13,312 (26), more than twice that.
        let blocks = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 128)
        defer { blocks.deallocate() }
        func make(_ type: AnyObject.Type, _ count: Int, at first: Int) {
            creation(of: type) { for index in first..<(first + count) { blocks[index] = malloc(496) } }
        }
        let learned = learn(Modest.self, blocks: blocks, first: 0, count: 12, bytes: 496)  // kept alive
        make(Roomy.self, 26, at: learned)
        let roomyRun = runNumber(blocks[learned])
        XCTAssertNotNil(roomyRun)
        XCTAssertEqual(runNumber(blocks[learned + 25]), roomyRun, "one run")
        for index in learned..<(learned + 26) { free(blocks[index]) }
        make(Modest.self, 12, at: learned + 26)
        XCTAssertTrue(placed(blocks[learned + 26]))
        XCTAssertNotEqual(runNumber(blocks[learned + 26]), roomyRun, "Modest took a dead run more than twice its size")
        // Still dead, it is its own type's next run.
        make(Roomy.self, 26, at: learned + 38)
        XCTAssertEqual(runNumber(blocks[learned + 38]), roomyRun)
        for index in 0..<(learned + 64) where !(learned..<(learned + 26)).contains(index) { free(blocks[index]) }
    }

    func testAChunkWhoseRunsAllDieGoesBackAndLiveRunsKeepTheirBytes() throws {
        // Runs of one step (4 KiB) and runs grown by two more steps as they were made.
        try checkChunksGoBack(Swept.self, blocksPerRun: 8)
        try checkChunksGoBack(SweptLarge.self, blocksPerRun: 17)
    }

    /// 2,400 runs of `blocksPerRun` 512-byte blocks, every byte of run k set to k + 1 (mod
    /// 256); two of them stay live, the rest die, in stretches of more than 4 MiB (each holds
    /// a whole chunk wherever it lies).
    private func checkChunksGoBack(_ type: AnyObject.Type, blocksPerRun perRun: Int) throws {
        let runs = 2_400, blockBytes = 496
        let blocks = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: runs * perRun)
        defer { blocks.deallocate() }
        for run in 0..<runs {
            creation(of: type) {
                for index in 0..<perRun { blocks[run * perRun + index] = malloc(blockBytes) }
            }
        }
        for run in 0..<runs {
            XCTAssertEqual(runNumber(blocks[run * perRun]), runNumber(blocks[run * perRun + perRun - 1]), "one run")
            for index in 0..<perRun {
                let block = try XCTUnwrap(blocks[run * perRun + index])
                XCTAssertTrue(InstanceRuns.isPlaced(block))
                memset(block, Int32(truncatingIfNeeded: run + 1), blockBytes)
            }
        }
        let before = InstanceRuns.statistics
        let kept: Set = [8, 1_200]
        for run in 0..<runs where !kept.contains(run) {
            for index in 0..<perRun { free(blocks[run * perRun + index]) }
        }
        let after = InstanceRuns.statistics

        // Each dead run's blocks span [first block - 8, last block + 504); adjacent spans are
        // one stretch. Every whole chunk inside a stretch holds dead runs only, and went back.
        var stretches: [(start: Int, end: Int)] = []
        for run in 0..<runs where !kept.contains(run) {
            let start = Int(bitPattern: blocks[run * perRun]) - 8
            let end = Int(bitPattern: blocks[run * perRun + perRun - 1]) + blockBytes + 8
            if let last = stretches.last, last.end == start {
                stretches[stretches.count - 1].end = end
            } else {
                stretches.append((start, end))
            }
        }
        let page = Int(sysconf(Int32(_SC_PAGESIZE))), chunk = InstanceRuns.chunkBytes
        var chunksGone = 0
        for stretch in stretches {
            var low = (stretch.start + chunk - 1) / chunk * chunk
            while low + chunk <= stretch.end {
                var resident = [UInt8](repeating: 1, count: chunk / page)
                XCTAssertEqual(mincore(UnsafeMutableRawPointer(bitPattern: low), chunk, &resident), 0)
                XCTAssertEqual(resident.filter { $0 & 1 != 0 }.count, 0, "a chunk of dead runs still in memory")
                chunksGone += 1
                low += chunk
            }
        }
        XCTAssertGreaterThanOrEqual(chunksGone, 2, "two stretches of over 4 MiB of dead runs hold whole chunks")
        XCTAssertGreaterThanOrEqual(after.chunksGivenBack - before.chunksGivenBack, UInt64(chunksGone))
        XCTAssertEqual(after.bytesGivenBack - before.bytesGivenBack, (after.chunksGivenBack - before.chunksGivenBack) * UInt64(chunk))
        // The live runs keep every byte, and their chunks their memory.
        for run in kept {
            for index in 0..<perRun {
                let bytes = UnsafeRawBufferPointer(start: blocks[run * perRun + index], count: blockBytes)
                XCTAssertTrue(bytes.allSatisfy { $0 == UInt8(truncatingIfNeeded: run + 1) }, "run \(run) changed")
            }
        }
        // The dead runs are reused as before, their memory back as it is written.
        let reusedBefore = InstanceRuns.statistics.runsReused
        for run in 0..<runs where !kept.contains(run) {
            creation(of: type) {
                for index in 0..<perRun { blocks[run * perRun + index] = malloc(blockBytes) }
            }
        }
        XCTAssertEqual(InstanceRuns.statistics.runsReused - reusedBefore, UInt64(runs - kept.count))
        for run in 0..<runs where !kept.contains(run) {
            for index in 0..<perRun {
                let block = try XCTUnwrap(blocks[run * perRun + index])
                memset(block, 0x5a, blockBytes)
                XCTAssertTrue(UnsafeRawBufferPointer(start: block, count: blockBytes).allSatisfy { $0 == 0x5a })
            }
        }
        for index in 0..<(runs * perRun) { free(blocks[index]) }
    }

    func testReallocarrayChecksItsProductAndKeepsAPlacedBlocksBytes() {
        let slots = Slots()
        creation(of: Arrayed.self) { slots[0] = malloc(16) }
        guard let block = slots[0] else { return XCTFail("no block") }
        XCTAssertTrue(placed(block))
        block.storeBytes(of: 0x1234_5678_9ABC_DEF0, as: UInt64.self)
        errno = 0
        XCTAssertNil(reallocarray(block, Int.max / 2, 4), "an overflowing product")
        XCTAssertEqual(errno, ENOMEM)
        XCTAssertEqual(block.load(as: UInt64.self), 0x1234_5678_9ABC_DEF0, "left as it was")
        guard let moved = reallocarray(block, 100, 8) else { return XCTFail("reallocarray failed") }
        XCTAssertFalse(placed(moved))
        XCTAssertEqual(moved.load(as: UInt64.self), 0x1234_5678_9ABC_DEF0)
        free(moved)
    }

    func testOnlyTheOutermostOfNestedCreationsCounts() {
        let slots = Slots()
        let placement = InstanceRuns()
        placement.willCreate(ObjectIdentifier(Nested.self))
        placement.willCreate(ObjectIdentifier(Nested.self))
        slots[0] = malloc(40)
        placement.didCreate()
        slots[1] = malloc(40)
        placement.didCreate()
        slots[2] = malloc(40)
        XCTAssertTrue(placed(slots[0]))
        XCTAssertTrue(placed(slots[1]), "still inside the outer creation")
        XCTAssertEqual(slots.address(1) - slots.address(0), 48)
        XCTAssertFalse(placed(slots[2]))
        placement.didCreate() // unbalanced: ignored
        for index in 0..<3 { free(slots[index]) }
    }

    /// Two threads make creations of a few types with varied sizes, write a pattern into
    /// every block, free some during the creation and the rest later from the other thread;
    /// every pattern must be intact when freed, and at the end no run this made is alive.
    func testManyCreationsOnTwoThreadsKeepEveryBlockIntactAndEndEveryRun() {
        let before = InstanceRuns.statistics
        let group = DispatchGroup()
        let handOff = HandOff()
        let types: [AnyObject.Type] = [StressA.self, StressB.self, StressC.self]
        let failures = Failures()
        for worker in 0..<2 {
            group.enter()
            Thread {
                // A deterministic sequence of types (Knuth's MMIX generator), so a failure reproduces.
                var state = UInt64(worker + 1)
                let kept = UnsafeMutablePointer<(UnsafeMutableRawPointer, Int, UInt8)>.allocate(capacity: 64)
                for iteration in 0..<3_000 {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    let typeIndex = Int((state >> 33) % 3)
                    let count = 8 + typeIndex * 4 + (iteration % 97 == 0 ? 1 : 0)
                    var keptCount = 0
                    creation(of: types[typeIndex]) {
                        for position in 0..<count {
                            let size = 8 + ((position * 37 + typeIndex * 11) % 400)
                            guard let block = malloc(size) else { continue }
                            let pattern = UInt8(truncatingIfNeeded: position &+ iteration)
                            memset(block, Int32(pattern), size)
                            if position % 3 == 1 {
                                if !check(block, size, pattern) { failures.add() }
                                free(block)
                            } else {
                                kept[keptCount] = (block, size, pattern)
                                keptCount += 1
                            }
                        }
                    }
                    for index in 0..<keptCount { handOff.put(kept[index], from: worker) }
                    // The other worker's blocks, freed here.
                    while let (block, size, pattern) = handOff.take(excluding: worker) {
                        if !check(block, size, pattern) { failures.add() }
                        free(block)
                    }
                }
                kept.deallocate()
                group.leave()
            }.start()
        }
        group.wait()
        while let (block, size, pattern) = handOff.takeAny() {
            if !check(block, size, pattern) { failures.add() }
            free(block)
        }
        XCTAssertEqual(failures.count, 0, "blocks whose pattern changed before they were freed")
        let after = InstanceRuns.statistics
        XCTAssertGreaterThan(after.blocksPlaced - before.blocksPlaced, 20_000)
        XCTAssertGreaterThan(after.runsReused - before.runsReused, 1_000, "dead runs are reused")
        XCTAssertGreaterThanOrEqual(after.creationsObserved - before.creationsObserved, 3)
        XCTAssertGreaterThan(after.temporariesToGlibc, before.temporariesToGlibc)
        XCTAssertEqual(after.runsMade - after.runsDead, before.runsMade - before.runsDead, "no run this test used is alive")
        XCTAssertEqual(after.declined, before.declined, "the region never ran out")
    }
}

private final class StressA {}
private final class StressB {}
private final class StressC {}

private func check(_ block: UnsafeMutableRawPointer, _ size: Int, _ pattern: UInt8) -> Bool {
    UnsafeRawBufferPointer(start: block, count: size).allSatisfy { $0 == pattern }
}

/// Blocks passed between the stress test's threads, tagged with who made them.
private final class HandOff: @unchecked Sendable {
    private let lock = NSLock()
    private var blocks: [(UnsafeMutableRawPointer, Int, UInt8, Int)] = []

    func put(_ block: (UnsafeMutableRawPointer, Int, UInt8), from worker: Int) {
        lock.lock()
        blocks.append((block.0, block.1, block.2, worker))
        lock.unlock()
    }

    func take(excluding worker: Int) -> (UnsafeMutableRawPointer, Int, UInt8)? {
        lock.lock()
        defer { lock.unlock() }
        guard let index = blocks.lastIndex(where: { $0.3 != worker }) else { return nil }
        let block = blocks.remove(at: index)
        return (block.0, block.1, block.2)
    }

    func takeAny() -> (UnsafeMutableRawPointer, Int, UInt8)? {
        lock.lock()
        defer { lock.unlock() }
        guard let block = blocks.popLast() else { return nil }
        return (block.0, block.1, block.2)
    }
}

private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func add() { lock.lock(); value += 1; lock.unlock() }
    var count: Int { lock.lock(); defer { lock.unlock() }; return value }
}
