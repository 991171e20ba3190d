/// A JSON object: unique string keys mapped to values, remembering insertion order.
///
/// Order matters only for output: serialization writes members in insertion order so
/// responses read the way they were built, while `==` and hashing ignore order because
/// JSON objects are unordered (`{"a":1,"b":2}` equals `{"b":2,"a":1}`).
///
/// Storage is an array of pairs. Objects on the wire are mostly small (a JSON-RPC
/// envelope has four keys), where a linear scan beats hashing; above
/// ``indexThreshold`` keys an `[ExactString: Int]` position index is kept alongside.
///
/// Keys are compared by their UTF-8 bytes, as jansson and JSON itself compare them: `"é"` and
/// `"e\u0301"` are two different keys, although Swift's `String` would call them equal.
public struct JSONObject: Sendable {
    /// One member, as iteration yields it.
    public typealias Element = (key: String, value: JSONValue)

    /// Above this many keys, lookups go through `positions` instead of a scan.
    static let indexThreshold = 8

    /// Members in insertion order. Keys are unique.
    private(set) var entries: [Element]

    /// Key → index into `entries`; non-nil exactly when `entries.count > indexThreshold`.
    private var positions: [ExactString: Int]?

    /// Creates an empty object.
    public init() {
        entries = []
        positions = nil
    }

    /// Creates an object from pairs in order. A repeated key replaces the earlier
    /// value and keeps the earlier position, as assignment through the subscript does.
    public init(_ pairs: [(String, JSONValue)]) {
        self.init()
        entries.reserveCapacity(pairs.count)
        for (key, value) in pairs {
            updateValue(value, forKey: key)
        }
    }

    /// The number of members.
    public var count: Int { entries.count }

    /// Whether the object has no members.
    public var isEmpty: Bool { entries.isEmpty }

    /// The keys in insertion order.
    public var keys: [String] { entries.map(\.key) }

    /// The values in insertion order.
    public var values: [JSONValue] { entries.map(\.value) }

    /// The value for `key`, or nil. Setting a value for an existing key replaces it in
    /// place (its position is kept); setting nil removes the member.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let position = position(of: key) else { return nil }
            return entries[position].value
        }
        set {
            if let newValue {
                updateValue(newValue, forKey: key)
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// Sets `value` for `key`, appending a new key at the end.
    /// - Returns: the value it replaced, if any.
    @discardableResult
    public mutating func updateValue(_ value: JSONValue, forKey key: String) -> JSONValue? {
        if let position = position(of: key) {
            let old = entries[position].value
            entries[position].value = value
            return old
        }
        entries.append((key: key, value: value))
        if positions != nil {
            positions?[ExactString(key)] = entries.count - 1
        } else if entries.count > Self.indexThreshold {
            rebuildPositions()
        }
        return nil
    }

    /// Removes the member named `key`, keeping the order of the others.
    /// - Returns: the removed value, if there was one.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let position = position(of: key) else { return nil }
        let removed = entries.remove(at: position).value
        // Every later member moved down one slot, so the index is stale from here on;
        // rebuilding is O(n), the same order as the removal itself.
        rebuildPositions()
        return removed
    }

    /// The index of `key` in `entries`.
    private func position(of key: String) -> Int? {
        if let positions {
            return positions[ExactString(key)]
        }
        return entries.firstIndex { bytesEqual($0.key, key) }
    }

    /// Recomputes `positions`, or drops it when the object is small enough to scan.
    private mutating func rebuildPositions() {
        guard entries.count > Self.indexThreshold else {
            positions = nil
            return
        }
        var rebuilt = [ExactString: Int](minimumCapacity: entries.count)
        for (offset, entry) in entries.enumerated() {
            rebuilt[ExactString(entry.key)] = offset
        }
        positions = rebuilt
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// Creates an object from a literal, keeping the written order.
    /// A repeated key replaces the earlier value instead of trapping.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}

extension JSONObject: Sequence {
    /// Iterates members in insertion order.
    public struct Iterator: IteratorProtocol {
        var base: IndexingIterator<[Element]>

        /// The next member, or nil at the end.
        public mutating func next() -> Element? {
            base.next()
        }
    }

    /// An iterator over the members in insertion order.
    public func makeIterator() -> Iterator {
        Iterator(base: entries.makeIterator())
    }

    /// The exact number of members.
    public var underestimatedCount: Int { entries.count }
}

extension JSONObject: CustomStringConvertible {
    /// The compact serialized JSON text of the object.
    public var description: String {
        JSONValue.object(self).serializedString()
    }
}
