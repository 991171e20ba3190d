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

    /// Adds `instance`, whose id must not be taken.
    mutating func insert(_ instance: Instance) {
        instance.slot = order.count
        order.append(instance)
        index.insert(instance)
    }

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

/// Instances by id: open addressing with linear probing over a power-of-two table of
/// references, beside one byte per slot (0 for an empty slot, else 7 bits of the id's hash),
/// so a probe compares bytes and reads an instance's id only when they match.
///
/// Rather than a `Dictionary` keyed by `ExactString`: that stores the key's 16 bytes and the
/// value's 8 in every bucket and keeps at most 3/4 of them full, about 63 bytes per instance
/// with 100,000 live (BENCHMARKS.md, issue 18); this table keeps up to 7/8 full at 9 bytes a
/// slot, about 12. The hash is `Hasher`'s over the id's UTF-8 bytes, seeded per process, so
/// a client cannot choose ids that collide. Removal shifts the following entries back
/// rather than leaving tombstones, so lookups never slow down with churn.
struct InstanceIndex {
    private var slots: ContiguousArray<Instance?> = []
    private var tags: ContiguousArray<UInt8> = []
    private(set) var count = 0

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

    /// The tag of a hash: its top 7 bits, with the high bit set (0 means empty).
    private static func tag(_ hash: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: UInt(bitPattern: hash) >> 57) | 0x80
    }

    /// The slot of the instance whose id is `bytes` (whose hash is `hash`), compared in place:
    /// no string is made.
    private func slot(of bytes: UnsafeRawBufferPointer, hash: Int) -> Int? {
        guard count > 0 else { return nil }
        let mask = slots.count - 1
        let tag = Self.tag(hash)
        var position = hash & mask
        // Ends: the table is never full (at most 7/8), so an empty slot comes.
        while tags[position] != 0 {
            if tags[position] == tag, let instance = slots[position], bytesEqual(instance.id, bytes) {
                return position
            }
            position = (position + 1) & mask
        }
        return nil
    }

    /// The slot of the instance with this id.
    private func slot(of id: String) -> Int? {
        var id = id
        return id.withUTF8 { bytes in
            let bytes = UnsafeRawBufferPointer(bytes)
            return slot(of: bytes, hash: Self.hash(bytes: bytes))
        }
    }

    /// The instance with exactly this id.
    func find(_ id: String) -> Instance? {
        slot(of: id).flatMap { slots[$0] }
    }

    /// The instance whose id is `bytes`, whose hash is `hash`.
    func find(bytes: UnsafeRawBufferPointer, hash: Int) -> Instance? {
        slot(of: bytes, hash: hash).flatMap { slots[$0] }
    }

    /// Starts loading the tag and the slot where a lookup of this hash begins.
    func prefetch(hash: Int) {
        guard count > 0 else { return }
        let position = hash & (slots.count - 1)
        tags.withUnsafeBufferPointer { switchboard_prefetch($0.baseAddress.map { UnsafeRawPointer($0 + position) }, 1) }
        slots.withUnsafeBufferPointer { switchboard_prefetch($0.baseAddress.map { UnsafeRawPointer($0 + position) }, 8) }
    }

    /// Adds `instance`; its id must not be in the table.
    mutating func insert(_ instance: Instance) {
        if (count + 1) * 8 > slots.count * 7 { grow() }
        place(instance, hash: Self.hash(instance.id))
        count += 1
    }

    /// Removes `instance` (found by its id and identity); false if it is not here.
    mutating func remove(_ instance: Instance) -> Bool {
        guard let found = slot(of: instance.id), slots[found] === instance else {
            return false
        }
        let mask = slots.count - 1
        // Backward shift: each following entry of the run moves into the hole if the hole
        // lies on its probe path (between its home slot and where it is).
        var hole = found
        var next = (found + 1) & mask
        while tags[next] != 0 {
            if let moving = slots[next] {
                let home = Self.hash(moving.id) & mask
                if (next - home) & mask >= (next - hole) & mask {
                    slots[hole] = moving
                    tags[hole] = tags[next]
                    hole = next
                }
            }
            next = (next + 1) & mask
        }
        slots[hole] = nil
        tags[hole] = 0
        count -= 1
        return true
    }

    /// Puts `instance` in the first empty slot of its probe sequence.
    private mutating func place(_ instance: Instance, hash: Int) {
        let mask = slots.count - 1
        var position = hash & mask
        while tags[position] != 0 { position = (position + 1) & mask }
        slots[position] = instance
        tags[position] = Self.tag(hash)
    }

    /// Doubles the table (16 slots at first) and places every instance again.
    private mutating func grow() {
        let old = slots
        let size = Swift.max(16, slots.count * 2)
        slots = ContiguousArray(repeating: nil, count: size)
        tags = ContiguousArray(repeating: 0, count: size)
        for case let instance? in old { place(instance, hash: Self.hash(instance.id)) }
    }
}
