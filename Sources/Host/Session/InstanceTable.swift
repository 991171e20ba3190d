import JSON

/// The live instances of a session: by id (exact bytes) and in creation order.
///
/// Every operation a request makes is O(1) (amortized), whatever the number of instances:
/// destroying one leaves a hole in the creation order instead of shifting the array, and the
/// holes are squeezed out once they are half of it.
struct InstanceTable {
    private var byID: [ExactString: Instance] = [:]
    /// Creation order, with nil where an instance was destroyed.
    private var order: [Instance?] = []
    private var holes = 0

    /// How many instances are alive.
    var count: Int { byID.count }

    /// The live instance with exactly this id.
    subscript(id: String) -> Instance? {
        byID[ExactString(id)]
    }

    /// Adds a new instance (its id must be free).
    mutating func insert(_ instance: Instance) {
        instance.slot = order.count
        order.append(instance)
        byID[ExactString(instance.id)] = instance
    }

    /// Removes an instance.
    mutating func remove(_ instance: Instance) {
        guard byID.removeValue(forKey: ExactString(instance.id)) != nil else { return }
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

    /// Every live instance (any order), for teardown.
    var all: Dictionary<ExactString, Instance>.Values { byID.values }

    private mutating func compact() {
        order = order.compactMap { $0 }
        for (slot, instance) in order.enumerated() { instance?.slot = slot }
        holes = 0
    }
}
