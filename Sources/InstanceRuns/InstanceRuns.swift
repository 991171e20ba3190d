import CInstanceRuns
import Host
import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// Keeps the objects each view-model instance is made of together in memory: every creation's
/// small allocations come from one run of a reserved region, runs back to back (issue 18).
///
/// This module links a replacement of `malloc` and its family into the process
/// (`Sources/CInstanceRuns/include/cinstanceruns.h` says how it works); outside a creation it
/// hands every request to glibc. Only the `switchboard` executable depends on it: a package
/// that uses `Host` keeps its own allocator unless it passes a placement itself.
public struct InstanceRuns: CreationPlacement {
    /// Address space reserved at the first creation: 16 GiB, about four million signup
    /// instances. Past it, creations are served by glibc.
    public static let regionBytes = 1 << 34
    /// Requests of at most this many bytes made during a creation are placed; larger ones go
    /// to glibc.
    public static let maxPlacedBytes = Int(SWITCHBOARD_RUNS_MAX_PLACED)
    /// A type's creation of this number (from 1) is observed to learn its temporaries.
    public static let observedCreation = Int(SWITCHBOARD_RUNS_OBSERVE_AT)
    /// A type whose creations differ from its plan this many times in a row is observed again.
    public static let relearnAfter = Int(SWITCHBOARD_RUNS_RELEARN_AFTER)
    /// How many view-model types get runs; creations of further types are glibc's.
    public static let typeSlots = Int(SWITCHBOARD_RUNS_TYPE_SLOTS)

    /// The environment variable that turns placement off (`SWITCHBOARD_INSTANCE_RUNS=off`), to
    /// compare with glibc alone or to debug with a tool that brings its own allocator.
    public static let environmentVariable = "SWITCHBOARD_INSTANCE_RUNS"

    /// The placement, unless this build has no allocator (under a sanitizer) or the
    /// environment turns it off.
    public static func fromEnvironment() -> InstanceRuns? {
        guard isAvailable else { return nil }
        if let value = getenv(environmentVariable), String(cString: value) == "off" { return nil }
        return InstanceRuns()
    }

    /// Whether this build has the allocator (not under AddressSanitizer or ThreadSanitizer).
    public static var isAvailable: Bool { switchboard_runs_available() != 0 }

    /// A placement; its region is reserved when the first creation begins.
    public init() {}

    /// Places the calling thread's allocations in a run of `type`'s until `didCreate()`
    /// (reserving the region first, at the first creation of the process).
    public func willCreate(_ type: ObjectIdentifier) {
        guard Self.installed else { return }
        switchboard_runs_begin(UInt(bitPattern: type))
    }

    /// Ends the placement `willCreate(_:)` began on this thread.
    public func didCreate() {
        // Without a matching begin (no region) this does nothing.
        switchboard_runs_end()
    }

    /// The memory of destroyed instances goes back to the system in chunks of this many bytes
    /// (a huge page): each chunk once none of the runs it holds is live any more. So the
    /// pages of live instances are never split, and a session that destroys every instance
    /// gives back all but the chunks its remaining instances (or other sessions') occupy.
    public static let chunkBytes = Int(SWITCHBOARD_RUNS_CHUNK_BYTES)

    /// How a chunk goes back, called from inside `free`, with the allocator's lock held: it
    /// neither allocates nor frees.
    private static let giveBack: switchboard_runs_discard = { address, bytes in
        guard let address else { return -1 }
        do { try VirtualMemory.discard(address, bytes: bytes) } catch { return -1 }
        return 0
    }

    /// Runs past this many bytes of the region lie on transparent huge pages, when the kernel
    /// has them: one translation for 2 MiB of instances rather than 512. At 100,000 signup
    /// instances, two sets of eight paired rounds put the wall ratio 0.035 and 0.077 lower and
    /// the CPU ratio 0.011 and 0.056 (DAEMON-ANALYSIS.md, seventeenth session). The first
    /// 8 MiB (some 2,300 signup instances) stay on small pages, so a small session's memory
    /// does not grow in 2 MiB steps.
    public static let smallPagesBytes = 8 << 20

    /// The region, reserved once for the process. A refusal (a strict overcommit policy)
    /// leaves every allocation to glibc.
    private static let installed: Bool = {
        guard isAvailable, let region = try? VirtualMemory.reserve(bytes: regionBytes),
              switchboard_runs_install(region, regionBytes) == 0 else { return false }
        let hugeFrom = switchboard_runs_block_area_offset(regionBytes) + smallPagesBytes
        // Without huge pages in the kernel (EINVAL) the runs stay on small pages.
        try? VirtualMemory.adviseHugePages(region + hugeFrom, bytes: regionBytes - hugeFrom)
        switchboard_runs_set_give_back(giveBack)
        return true
    }()

    /// Reserves and installs the region now rather than at the first creation; false if it
    /// could not be (unavailable, or the kernel refused the reservation).
    @discardableResult
    public static func install() -> Bool { installed }

    /// What the allocator has done in this process so far.
    public static var statistics: Statistics {
        var raw = switchboard_runs_statistics()
        switchboard_runs_get_statistics(&raw)
        return Statistics(raw)
    }

    /// Counters of the allocator, for tests and benchmarks.
    public struct Statistics: Sendable, Equatable {
        /// Whether a region is installed.
        public var installed: Bool
        /// Runs made from fresh memory, and dead runs reused whole.
        public var runsMade: UInt64
        public var runsReused: UInt64
        /// Runs whose every block is free, waiting to be reused.
        public var runsDead: UInt64
        /// Blocks placed in runs.
        public var blocksPlaced: UInt64
        /// Requests a type's plan sent to glibc as temporaries of its creation.
        public var temporariesToGlibc: UInt64
        /// Requests of a creation that found no room in the region and went to glibc.
        public var declined: UInt64
        /// Creations observed to make a type's plan, and creations that differed from it.
        public var creationsObserved: UInt64
        public var creationsDiverged: UInt64
        /// Bytes of the region given to runs so far.
        public var regionBytesUsed: UInt64
        /// Bytes of the runs not dead, holes included (what `mallinfo2` adds to glibc's).
        public var bytesInLiveRuns: UInt64
        /// Chunks given back to the system (each time one held no live run any more), and
        /// their bytes.
        public var chunksGivenBack: UInt64
        public var bytesGivenBack: UInt64

        init(_ raw: switchboard_runs_statistics) {
            installed = raw.installed != 0
            runsMade = raw.runs_made
            runsReused = raw.runs_reused
            runsDead = raw.runs_dead
            blocksPlaced = raw.blocks_placed
            temporariesToGlibc = raw.temporaries_to_glibc
            declined = raw.declined
            creationsObserved = raw.creations_observed
            creationsDiverged = raw.creations_diverged
            regionBytesUsed = raw.region_bytes_used
            bytesInLiveRuns = raw.bytes_in_live_runs
            chunksGivenBack = raw.chunks_given_back
            bytesGivenBack = raw.bytes_given_back
        }
    }

    /// The bytes `malloc` has handed out in this process, runs included (`mallinfo2()`'s
    /// `uordblks + hblkhd`, which this allocator extends with its live runs).
    public static var mallocBytesInUse: Int {
        let info = mallinfo2()
        return info.uordblks + info.hblkhd
    }

    /// Whether `pointer` is a block placed in a run.
    public static func isPlaced(_ pointer: UnsafeRawPointer) -> Bool {
        switchboard_runs_contains(pointer) != 0
    }

    /// The usable bytes of a block from `malloc`, placed or glibc's (`malloc_usable_size`,
    /// which this allocator answers for its own blocks); 0 for nil.
    public static func usableSize(of pointer: UnsafeMutableRawPointer?) -> Int {
        malloc_usable_size(pointer)
    }

    /// The run number of a placed block, nil for memory outside the region.
    public static func run(of pointer: UnsafeRawPointer) -> Int? {
        let number = switchboard_runs_run_of(pointer)
        return number < 0 ? nil : Int(number)
    }
}
