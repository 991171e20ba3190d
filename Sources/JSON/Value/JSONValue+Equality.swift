// Hand-written equality and hashing. The synthesized versions recurse once per level
// of nesting with large frames (a deep stack for the 2048 levels the parser accepts, in
// debug builds); these keep the native stack flat.

extension JSONValue {
    /// Structural equality: same case and equal payloads; objects compare without
    /// regard to member order. `.integer(1)` and `.double(1)` are different values,
    /// and NaN is unequal to itself, as for `Double`. Strings and keys compare by their
    /// UTF-8 bytes (`"é"` is not `"e\u0301"`), unlike Swift's `String`.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        // Pairs still to compare; containers push their members instead of recursing.
        var pending: [(JSONValue, JSONValue)] = []
        var pair = (lhs, rhs)
        while true {
            switch pair {
            case (.null, .null):
                break
            case (.bool(let left), .bool(let right)):
                guard left == right else { return false }
            case (.integer(let left), .integer(let right)):
                guard left == right else { return false }
            case (.double(let left), .double(let right)):
                guard left == right else { return false }
            case (.string(let left), .string(let right)):
                // Code points, not canonical equivalence: JSON strings are exact.
                guard bytesEqual(left, right) else { return false }
            case (.array(let left), .array(let right)):
                guard left.count == right.count else { return false }
                pending.append(contentsOf: zip(left, right))
            case (.object(let left), .object(let right)):
                guard left.count == right.count else { return false }
                for (key, value) in left {
                    guard let other = right[key] else { return false }
                    pending.append((value, other))
                }
            default:
                return false
            }
            guard let next = pending.popLast() else { return true }
            pair = next
        }
    }

    /// Hashes consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hash(into: &hasher, levels: Self.hashedLevels)
    }

    /// How many levels of nesting contribute to the hash. Values that differ only
    /// deeper than this collide, which costs nothing in correctness (equal values
    /// still hash equally) and bounds the recursion.
    static let hashedLevels = 32

    /// Hashes this value and `levels` levels of its members.
    func hash(into hasher: inout Hasher, levels: Int) {
        switch self {
        case .null:
            hasher.combine(0 as UInt8)
        case .bool(let flag):
            hasher.combine(1 as UInt8)
            hasher.combine(flag)
        case .integer(let number):
            hasher.combine(2 as UInt8)
            hasher.combine(number)
        case .double(let number):
            hasher.combine(3 as UInt8)
            hasher.combine(number)
        case .string(let text):
            hasher.combine(4 as UInt8)
            hasher.combine(text)
        case .array(let elements):
            hasher.combine(5 as UInt8)
            hasher.combine(elements.count)
            guard levels > 0 else { return }
            for element in elements {
                element.hash(into: &hasher, levels: levels - 1)
            }
        case .object(let object):
            hasher.combine(6 as UInt8)
            object.hash(into: &hasher, levels: levels)
        }
    }
}

extension JSONObject: Hashable {
    /// Order-insensitive equality: same keys, and equal values for each key.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.count == rhs.count && JSONValue.object(lhs) == JSONValue.object(rhs)
    }

    /// Order-insensitive hashing, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hash(into: &hasher, levels: JSONValue.hashedLevels)
    }

    /// Hashes the members and `levels` levels below them.
    func hash(into hasher: inout Hasher, levels: Int) {
        hasher.combine(count)
        guard levels > 0 else { return }
        // Each member is hashed on its own and the results are combined with XOR,
        // which does not depend on order (the same scheme `Dictionary` uses).
        var members = 0
        for (key, value) in self {
            var memberHasher = Hasher()
            memberHasher.combine(key)
            value.hash(into: &memberHasher, levels: levels - 1)
            members ^= memberHasher.finalize()
        }
        hasher.combine(members)
    }
}
