import CPrefetch
import JSON

/// The live instances of a session: found by id (compared by bytes, like every protocol
/// name), listed in creation order.
struct InstanceTable {
    /// By id.
    private var index = InstanceIndex()
    /// Creation order, with holes where instances were destroyed; compacted when the holes
    /// are many.
    private var order: [Instance?] = []
    private var holes = 0

    /// How many instances are alive.
    var count: Int { index.count }

    /// The index's number of slots (for tests: whether it grew).
    var slotCount: Int { index.slotCount }

    /// The live instance with exactly this id.
    subscript(id: String) -> Instance? {
        index.find(id)
    }

    /// The hash `find(bytes:hash:)` takes for an id's UTF-8 bytes.
    static func hash(bytes: UnsafeRawBufferPointer) -> Int {
        InstanceIndex.hash(bytes: bytes)
    }

    /// Starts loading the part of the table where an id with this hash is looked up.
    func prefetch(hash: Int) {
        index.prefetch(hash: hash)
    }

    /// The instance whose id is these UTF-8 bytes, whose hash is `hash`.
    func find(bytes: UnsafeRawBufferPointer, hash: Int) -> Instance? {
        index.find(bytes: bytes, hash: hash)
    }

    /// See `InstanceIndex.candidate(hash:)`.
    func candidate(hash: Int) -> InstanceCandidate? {
        index.candidate(hash: hash)
    }

    /// See `InstanceIndex.address(of:)`.
    func address(of candidate: InstanceCandidate) -> UnsafeRawPointer? {
        index.address(of: candidate)
    }

    /// See `InstanceIndex.layout(of:)`.
    func layout(of candidate: InstanceCandidate) -> Int {
        index.layout(of: candidate)
    }

    /// See `InstanceIndex.candidate(of:)`; for tests.
    func candidate(of id: String) -> InstanceCandidate? {
        index.candidate(of: id)
    }

    /// See `InstanceIndex.confirmed(_:bytes:)`.
    func confirmed(_ candidate: InstanceCandidate, bytes: UnsafeRawBufferPointer) -> Instance? {
        index.confirmed(candidate, bytes: bytes)
    }

    /// Adds `instance`, whose id must not be taken, with its layout number (see
    /// `InstanceIndex.layout(of:)`).
    mutating func insert(_ instance: Instance, layout: Int) {
        instance.slot = order.count
        order.append(instance)
        index.insert(instance, layout: layout)
    }

    /// Makes the index compare ids on every probe, as it does by itself if an instance lies at
    /// an address its tags would overwrite (see `InstanceIndex.tagBits`); for tests.
    mutating func dropTags() {
        index.dropTags()
    }

    /// Whether the index tags its entries (see `dropTags()`).
    var isTagging: Bool { index.isTagging }

    /// Makes the index forget layouts, as it does by itself if an instance lies at an address
    /// its layout bits would overwrite (see `InstanceIndex.layoutBits`); for tests.
    mutating func dropLayouts() {
        index.dropLayouts()
    }

    /// Whether the index keeps layouts (see `dropLayouts()`).
    var isKeepingLayouts: Bool { index.isKeepingLayouts }

    /// Removes an instance (nothing if it is not in the table).
    mutating func remove(_ instance: Instance) {
        guard index.remove(instance) else { return }
        if order.indices.contains(instance.slot) { order[instance.slot] = nil }
        holes += 1
        if holes > 64, holes * 2 > order.count { compact() }
    }

    /// Live instances in creation order.
    var inCreationOrder: [Instance] { order.compactMap { $0 } }

    /// The ids of the first `limit` live instances in creation order.
    func ids(limit: Int = .max) -> [String] {
        var ids: [String] = []
        for case let instance? in order {
            if ids.count == limit { break }
            ids.append(instance.id)
        }
        return ids
    }

    private mutating func compact() {
        order = order.compactMap { $0 }
        for (slot, instance) in order.enumerated() { instance?.slot = slot }
        holes = 0
    }
}

/// A table slot and the entry it held when a look-ahead read it: an instance's address, tag
/// and layout, checked against the slot again before the instance is used
/// (`InstanceIndex.confirmed(_:bytes:)`).
struct InstanceCandidate {
    let slot: Int
    let entry: UInt
}

/// Instances by id: open addressing with linear probing over a power-of-two table of words,
/// each 0 for an empty slot or an instance's address with 7 bits of its id's hash in the
/// address's unused top bits (its *tag*), so a probe compares the tag and reads an instance's
/// id only when they match, and a lookup reads one word of the table. The address's unused
/// low bits hold the instance's *layout* number, which says the look-ahead how its type's
/// objects lie around it without reading the instance (see `Session.lookAhead(atMethod:)`).
///
/// Rather than a `Dictionary` keyed by `ExactString`: that stores the key's 16 bytes and the
/// value's 8 in every bucket and keeps at most 3/4 of them full, about 63 bytes per instance
/// with 100,000 live (BENCHMARKS.md, issue 18); this table keeps up to 7/8 full at 8 bytes a
/// slot, about 10. (The tags used to be an array of bytes beside an array of references: a
/// lookup at 100,000 instances then reached two random places of the table rather than one;
/// see DAEMON-ANALYSIS.md, issue 18's thirteenth session.) The hash is `Hasher`'s over the id's
/// UTF-8 bytes, seeded per process, so a client cannot choose ids that collide. Removal shifts
/// the following entries back rather than leaving tombstones, so lookups never slow down with
/// churn.
///
/// The words hold no reference count: every instance here is also in `InstanceTable.order`,
/// which keeps it alive, and is removed from here first.
struct InstanceIndex {
    /// One word per slot: 0, or an instance's address with its tag (see `tagBits`).
    private var entries: ContiguousArray<UInt> = []
    private(set) var count = 0
    /// The bits of an entry that hold its tag: the top 7 of a 64-bit word, which no user-space
    /// address on Linux has set (x86-64 and AArch64 give processes at most 57 bits of address
    /// space, 47 or 48 unless a program asks for more). Should an instance lie where they are
    /// set, the table stops tagging (`dropTags()`) and every probe compares ids: slower, never
    /// wrong.
    private var tagBits: UInt = Self.tagBitsWhenTagging
    private static let tagBitsWhenTagging: UInt = 0x7F << 57
    /// The bits of an entry that hold its layout number (see `layout(of:)`): the low 4, which
    /// an instance's address does not have set (glibc's `malloc` and the instance runs both
    /// return 16-byte aligned blocks). Should an instance lie where they are set, the table
    /// stops keeping layouts (`dropLayouts()`) and every entry's layout is 0: a look-ahead
    /// then loads only the instance, never the wrong neighbourhood.
    private var layoutBits: UInt = Self.layoutBitsWhenKept
    private static let layoutBitsWhenKept: UInt = 0xF
    /// How many layout numbers an entry can hold (0 among them, meaning none).
    static let layoutCount = 16

    /// The hash of an id's UTF-8 bytes (consistent with `bytesEqual`, not with `String`'s `==`).
    private static func hash(_ id: String) -> Int {
        var id = id
        return id.withUTF8 { hash(bytes: UnsafeRawBufferPointer($0)) }
    }

    static func hash(bytes: UnsafeRawBufferPointer) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: bytes)
        return hasher.finalize()
    }

    /// The tag of a hash: its top 7 bits, where an entry keeps them (0 when not tagging).
    @inline(__always)
    private func tag(_ hash: Int) -> UInt {
        UInt(bitPattern: hash) & tagBits
    }

    /// The address of an occupied entry's instance.
    @inline(__always)
    private func address(_ entry: UInt) -> UnsafeMutableRawPointer? {
        UnsafeMutableRawPointer(bitPattern: entry & ~(tagBits | layoutBits))
    }

    /// Calls `body` with the instance of an occupied entry, without a reference count (the
    /// table's `order` holds one).
    @inline(__always)
    private func withInstance<Result>(_ entry: UInt, _ body: (Instance) -> Result) -> Result? {
        Self.withInstance(at: UInt(bitPattern: address(entry)), body)
    }

    /// Calls `body` with the instance at `address` (an entry without its tag and layout; nil
    /// for 0), without a reference count.
    @inline(__always)
    private static func withInstance<Result>(at address: UInt, _ body: (Instance) -> Result) -> Result? {
        guard let pointer = UnsafeMutableRawPointer(bitPattern: address) else { return nil }
        return Unmanaged<Instance>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }

    /// Whether the occupied `entry` is the instance whose id is `bytes`: the one read of an
    /// instance a lookup makes.
    @inline(__always)
    private func entry(_ entry: UInt, hasID bytes: UnsafeRawBufferPointer) -> Bool {
        withInstance(entry, { bytesEqual($0.id, bytes) }) == true
    }

    /// The first slot along `hash`'s probe whose entry has the hash's tag and passes
    /// `accepts`; nil when an empty slot comes first. `accepts` sees only entries whose tag
    /// matches (with tags dropped, every entry).
    @inline(__always)
    private func probe(hash: Int, accepting accepts: (UInt) -> Bool) -> Int? {
        guard count > 0 else { return nil }
        let mask = entries.count - 1
        let tag = tag(hash)
        var position = hash & mask
        // Ends: the table is never full (at most 7/8), so an empty slot comes.
        while true {
            let entry = entries[position]
            if entry == 0 { return nil }
            if entry & tagBits == tag, accepts(entry) { return position }
            position = (position + 1) & mask
        }
    }

    /// The slot of the instance whose id is `bytes` (whose hash is `hash`), compared in place:
    /// no string is made.
    private func slot(of bytes: UnsafeRawBufferPointer, hash: Int) -> Int? {
        probe(hash: hash) { entry($0, hasID: bytes) }
    }

    /// The slot of the instance with this id.
    private func slot(of id: String) -> Int? {
        var id = id
        return id.withUTF8 { bytes in
            let bytes = UnsafeRawBufferPointer(bytes)
            return slot(of: bytes, hash: Self.hash(bytes: bytes))
        }
    }

    /// The instance of the entry at `slot`; nil for an empty slot (whose address is 0).
    private func instance(at slot: Int) -> Instance? {
        address(entries[slot]).map { Unmanaged<Instance>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The instance with exactly this id.
    func find(_ id: String) -> Instance? {
        slot(of: id).flatMap(instance(at:))
    }

    /// The instance whose id is `bytes`, whose hash is `hash`.
    func find(bytes: UnsafeRawBufferPointer, hash: Int) -> Instance? {
        slot(of: bytes, hash: hash).flatMap(instance(at:))
    }

    /// Where a lookup of `hash` would first compare an id: the first slot of its probe whose
    /// entry has the hash's tag, with that entry; nil when an empty slot comes first. Reads
    /// only the table, none of the instances (see `Session.lookAhead(atMethod:)`); the entry
    /// may be another instance's (a tag is 7 bits), which `confirmed(_:bytes:)` finds out.
    func candidate(hash: Int) -> InstanceCandidate? {
        probe(hash: hash) { _ in true }.map { InstanceCandidate(slot: $0, entry: entries[$0]) }
    }

    /// The address of a candidate's instance, for prefetching only: by the time it is read the
    /// instance may be gone.
    func address(of candidate: InstanceCandidate) -> UnsafeRawPointer? {
        address(candidate.entry).map { UnsafeRawPointer($0) }
    }

    /// The layout number the candidate's instance was inserted with (0 when none was, or the
    /// table keeps none), for prefetching only.
    func layout(of candidate: InstanceCandidate) -> Int {
        Int(candidate.entry & layoutBits)
    }

    /// The entry of the instance with exactly this id, as a candidate, found by comparing
    /// ids (`candidate(hash:)` may give another instance's); for tests.
    func candidate(of id: String) -> InstanceCandidate? {
        slot(of: id).map { InstanceCandidate(slot: $0, entry: entries[$0]) }
    }

    /// The candidate's instance if its slot still holds the same entry (so the instance is
    /// still in the table, and alive: `InstanceTable.order` holds it) and its id is `bytes`.
    /// Anything else (the instance destroyed, the table rebuilt or shifted by a removal, a tag
    /// shared with another id) gives nil, and the caller looks the id up.
    func confirmed(_ candidate: InstanceCandidate, bytes: UnsafeRawBufferPointer) -> Instance? {
        guard entries.indices.contains(candidate.slot), entries[candidate.slot] == candidate.entry,
              entry(candidate.entry, hasID: bytes) else { return nil }
        return instance(at: candidate.slot)
    }

    /// Starts loading the entry where a lookup of this hash begins.
    func prefetch(hash: Int) {
        guard count > 0 else { return }
        let position = hash & (entries.count - 1)
        entries.withUnsafeBufferPointer { switchboard_prefetch($0.baseAddress.map { UnsafeRawPointer($0 + position) }, 8) }
    }

    /// Adds `instance` with its layout number (`0..<layoutCount`; see `layout(of:)`); its id
    /// must not be in the table.
    mutating func insert(_ instance: Instance, layout: Int) {
        let address = UInt(bitPattern: Unmanaged.passUnretained(instance).toOpaque())
        if address & tagBits != 0 { dropTags() }
        if address & layoutBits != 0 { dropLayouts() }
        if (count + 1) * 8 > entries.count * 7 { rebuild(size: Swift.max(16, entries.count * 2)) }
        place(address, layout: UInt(truncatingIfNeeded: layout) & layoutBits, hash: Self.hash(instance.id))
        count += 1
    }

    /// Removes `instance` (found by its id and identity); false if it is not here.
    mutating func remove(_ instance: Instance) -> Bool {
        guard let found = slot(of: instance.id), self.instance(at: found) === instance else {
            return false
        }
        let mask = entries.count - 1
        // Backward shift: each following entry of the run moves into the hole if the hole
        // lies on its probe path (between its home slot and where it is).
        var hole = found
        var next = (found + 1) & mask
        while entries[next] != 0 {
            if let home = withInstance(entries[next], { Self.hash($0.id) & mask }),
               (next - home) & mask >= (next - hole) & mask {
                entries[hole] = entries[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        entries[hole] = 0
        count -= 1
        return true
    }

    /// Puts the instance at `address`, with its layout number, in the first empty slot of its
    /// probe sequence.
    private mutating func place(_ address: UInt, layout: UInt, hash: Int) {
        let mask = entries.count - 1
        var position = hash & mask
        while entries[position] != 0 { position = (position + 1) & mask }
        entries[position] = address | tag(hash) | layout
    }

    /// Places every instance again in a table of `size` slots (a power of two), with tag and
    /// layout bits as given: each instance keeps its layout number unless layouts are dropped.
    private mutating func rebuild(size: Int, tagBits newTagBits: UInt? = nil, layoutBits newLayoutBits: UInt? = nil) {
        // Read from the old slots with the old bits, placed with the new. No list of the
        // instances is made on the way: at the last growth before 100,000 instances a list of
        // (instance, layout) pairs left 0.5 MB more resident, one of instances 0.35 MB.
        let old = entries, oldBits = tagBits | layoutBits
        let keptLayoutBits = layoutBits & (newLayoutBits ?? layoutBits)
        tagBits = newTagBits ?? tagBits
        layoutBits = newLayoutBits ?? layoutBits
        entries = ContiguousArray(repeating: 0, count: size)
        for entry in old where entry != 0 {
            let address = entry & ~oldBits
            guard let hash = Self.withInstance(at: address, { Self.hash($0.id) }) else { continue }
            place(address, layout: entry & keptLayoutBits, hash: hash)
        }
    }

    /// Stops tagging entries, for good: an instance lies at an address with a tag bit set.
    /// Every probe then compares ids. Internal so that tests can run the table this way.
    mutating func dropTags() {
        if tagBits != 0 { rebuild(size: entries.count, tagBits: 0) }
    }

    /// Whether entries carry tags (see `tagBits`).
    var isTagging: Bool { tagBits != 0 }

    /// Stops keeping layout numbers, for good: an instance lies at an address with a layout bit
    /// set. Every entry's layout is then 0. Internal so that tests can run the table this way.
    mutating func dropLayouts() {
        if layoutBits != 0 { rebuild(size: entries.count, layoutBits: 0) }
    }

    /// Whether entries carry layout numbers (see `layoutBits`).
    var isKeepingLayouts: Bool { layoutBits != 0 }

    /// How many slots the table has.
    var slotCount: Int { entries.count }
}
