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

    /// The instance whose id is these UTF-8 bytes.
    func find(bytes: UnsafeRawBufferPointer) -> Instance? {
        index.find(bytes: bytes)
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

/// Instances by id: open addressing with linear probing over a power-of-two array of slots,
/// each holding an instance and its id's full hash. A probe compares hashes and reads an
/// instance's id only when they match, so a lookup touches one or two slots of the array and
/// the one instance it returns. Rather than a `Dictionary` keyed by `ExactString`: that keeps
/// the key's string and the value in every bucket, and would hash with `String`'s canonical
/// equivalence unless wrapped; here a slot is 16 bytes, the table at most 7/8 full.
///
/// The hash is `Hasher`'s over the id's UTF-8 bytes, seeded per process, so a client cannot
/// choose ids that collide. Removal shifts the following entries back rather than leaving
/// tombstones, so lookups never slow down with churn.
struct InstanceIndex {
    private struct Slot {
        var hash: Int
        var instance: Instance?
    }

    private var slots: ContiguousArray<Slot> = []
    private(set) var count = 0

    /// The hash of an id's UTF-8 bytes (consistent with `bytesEqual`, not with `String`'s `==`).
    private static func hash(_ id: String) -> Int {
        var id = id
        return id.withUTF8 { hash(bytes: UnsafeRawBufferPointer($0)) }
    }

    private static func hash(bytes: UnsafeRawBufferPointer) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: bytes)
        return hasher.finalize()
    }

    /// The position of the instance whose id is `bytes`, whose hash is `hash`: ids are
    /// compared in place, no string is made.
    private func position(of bytes: UnsafeRawBufferPointer, hash: Int) -> Int? {
        guard count > 0 else { return nil }
        let mask = slots.count - 1
        var position = hash & mask
        // Ends: the table is never full (at most 7/8), so an empty slot comes.
        while let instance = slots[position].instance {
            if slots[position].hash == hash, bytesEqual(instance.id, bytes) { return position }
            position = (position + 1) & mask
        }
        return nil
    }

    private func position(of id: String) -> Int? {
        var id = id
        return id.withUTF8 { bytes in
            let bytes = UnsafeRawBufferPointer(bytes)
            return position(of: bytes, hash: Self.hash(bytes: bytes))
        }
    }

    /// The instance with exactly this id.
    func find(_ id: String) -> Instance? {
        position(of: id).flatMap { slots[$0].instance }
    }

    /// The instance whose id is `bytes`.
    func find(bytes: UnsafeRawBufferPointer) -> Instance? {
        position(of: bytes, hash: Self.hash(bytes: bytes)).flatMap { slots[$0].instance }
    }

    /// Adds `instance`; its id must not be in the table.
    mutating func insert(_ instance: Instance) {
        if (count + 1) * 8 > slots.count * 7 { rebuild(size: Swift.max(16, slots.count * 2)) }
        place(Slot(hash: Self.hash(instance.id), instance: instance))
        count += 1
    }

    /// Removes `instance` (found by its id and identity); false if it is not here.
    mutating func remove(_ instance: Instance) -> Bool {
        guard let found = position(of: instance.id), slots[found].instance === instance else {
            return false
        }
        let mask = slots.count - 1
        // Backward shift: each following entry of the run moves into the hole if the hole
        // lies on its probe path (between its home slot and where it is).
        var hole = found
        var next = (found + 1) & mask
        while slots[next].instance != nil {
            let home = slots[next].hash & mask
            if (next - home) & mask >= (next - hole) & mask {
                slots[hole] = slots[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        slots[hole] = Slot(hash: 0, instance: nil)
        count -= 1
        return true
    }

    /// Puts `slot` in the first empty slot of its probe sequence.
    private mutating func place(_ slot: Slot) {
        let mask = slots.count - 1
        var position = slot.hash & mask
        while slots[position].instance != nil { position = (position + 1) & mask }
        slots[position] = slot
    }

    /// Places every instance again in a table of `size` slots (a power of two).
    private mutating func rebuild(size: Int) {
        let old = slots
        slots = ContiguousArray(repeating: Slot(hash: 0, instance: nil), count: size)
        for slot in old where slot.instance != nil { place(slot) }
    }

    /// How many slots the table has.
    var slotCount: Int { slots.count }
}
