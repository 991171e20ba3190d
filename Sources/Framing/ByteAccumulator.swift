/// The decoder's one growable buffer: a partial line, header line or body carried across feeds.
///
/// Why not a bare `[UInt8]`: `Array.append` doubles its storage, so a buffer allowed to hold
/// `limit` bytes could reach `2 × limit` of memory. Every append here names the most the buffer may
/// ever need (`growthLimit`) and storage doubles only up to that, so memory stays within the limit
/// whatever a peer sends. It also records the largest storage it ever had, which tests assert on.
struct ByteAccumulator: Sendable {
    /// The bytes accumulated so far.
    private(set) var bytes: [UInt8] = []

    /// The largest `capacity` this buffer has had since it was created (testing aid).
    private(set) var peakCapacity = 0

    /// Storage above this is released rather than kept for reuse, so one large message does not
    /// pin its memory for the rest of the session.
    static let retainedCapacity = 64 * 1024

    var count: Int { bytes.count }
    var isEmpty: Bool { bytes.isEmpty }
    var last: UInt8? { bytes.last }
    var capacity: Int { bytes.capacity }

    /// Appends `chunk`, growing storage geometrically but never beyond
    /// `max(growthLimit, count + chunk.count)`.
    mutating func append(_ chunk: UnsafeRawBufferPointer, growthLimit: Int) {
        guard !chunk.isEmpty else { return }
        reserve(adding: chunk.count, growthLimit: growthLimit)
        bytes.append(contentsOf: chunk)
    }

    /// Appends one byte under the same growth rule.
    mutating func append(_ byte: UInt8, growthLimit: Int) {
        reserve(adding: 1, growthLimit: growthLimit)
        bytes.append(byte)
    }

    /// Moves the contents out without copying them and leaves the buffer empty.
    mutating func take() -> [UInt8] {
        var out: [UInt8] = []
        swap(&out, &bytes)
        return out
    }

    /// Drops the contents; keeps small storage for reuse and releases large storage.
    mutating func clear() {
        bytes.removeAll(keepingCapacity: bytes.capacity <= Self.retainedCapacity)
    }

    private mutating func reserve(adding extra: Int, growthLimit: Int) {
        let needed = count.addingSaturated(extra)
        guard needed > bytes.capacity else { return }
        // Doubling keeps appends amortised O(1); the cap keeps memory within the limit.
        let doubled = Swift.max(needed, bytes.capacity.addingSaturated(bytes.capacity))
        bytes.reserveCapacity(Swift.min(doubled, Swift.max(needed, growthLimit)))
        peakCapacity = Swift.max(peakCapacity, bytes.capacity)
    }
}

extension Int {
    /// `self + other`, stopping at `Int.max` instead of trapping: limits such as
    /// `maxMessageLength + 1` must not crash when a caller passes `Int.max` to mean "unlimited".
    func addingSaturated(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? Int.max : Int.min) : sum
    }
}
