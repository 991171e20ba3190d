import CJansson
#if canImport(Glibc)
import Glibc
#endif

// Navigation into arrays and objects. Child nodes share the parent's document, and
// every lookup is bounds- or presence-checked: bytes from the wire decide the shape.

extension JSONNode {
    /// The number of elements (array) or members (object); 0 for any other kind.
    public var count: Int {
        switch kind {
        case .array: return json_array_size(pointer)
        case .object: return json_object_size(pointer)
        default: return 0
        }
    }

    /// The member named `key`, or nil when absent or when this is not an object.
    public subscript(key: String) -> JSONNode? {
        guard kind == .object else { return nil }
        var key = document.nul.map { $0.substitute(in: key) } ?? key
        let child = key.withUTF8 { utf8 -> UnsafeMutablePointer<json_t>? in
            guard let base = utf8.baseAddress else {
                // The empty key: any valid pointer with length 0 will do.
                return json_object_getn(pointer, "", 0)
            }
            // `getn` takes the length, so keys need no NUL terminator.
            return json_object_getn(pointer, UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), utf8.count)
        }
        return child.map { JSONNode(document: document, pointer: $0) }
    }

    /// The members named `first` … `fourth`, found in one pass over the object instead of a
    /// hash lookup per name: the JSON-RPC envelope reads four names from every message, and
    /// one pass is cheaper than four lookups.
    /// Names compare by bytes, as the subscript's; nil for a name the object lacks, and four
    /// nils if this is not an object.
    public func members(
        _ first: StaticString, _ second: StaticString, _ third: StaticString, _ fourth: StaticString
    ) -> (JSONNode?, JSONNode?, JSONNode?, JSONNode?) {
        guard kind == .object else { return (nil, nil, nil, nil) }
        // Names are compared with the keys as jansson stores them, which are the document's
        // own unless it had `\u0000` escapes (then the subscript applies the substitution).
        guard document.nul == nil, first.hasPointerRepresentation, second.hasPointerRepresentation,
              third.hasPointerRepresentation, fourth.hasPointerRepresentation
        else {
            return (self[first.description], self[second.description], self[third.description], self[fourth.description])
        }
        var found: (UnsafeMutablePointer<json_t>?, UnsafeMutablePointer<json_t>?, UnsafeMutablePointer<json_t>?, UnsafeMutablePointer<json_t>?)
        var iterator = json_object_iter(pointer)
        while let current = iterator {
            if let key = json_object_iter_key(current), let child = json_object_iter_value(current) {
                let length = json_object_iter_key_len(current)
                func named(_ name: StaticString) -> Bool {
                    length == name.utf8CodeUnitCount && memcmp(key, name.utf8Start, length) == 0
                }
                if named(first) {
                    found.0 = child
                } else if named(second) {
                    found.1 = child
                } else if named(third) {
                    found.2 = child
                } else if named(fourth) {
                    found.3 = child
                }
            }
            iterator = json_object_iter_next(pointer, current)
        }
        return (
            found.0.map { JSONNode(document: document, pointer: $0) },
            found.1.map { JSONNode(document: document, pointer: $0) },
            found.2.map { JSONNode(document: document, pointer: $0) },
            found.3.map { JSONNode(document: document, pointer: $0) }
        )
    }

    /// The element at `index`, or nil when out of range or when this is not an array.
    public subscript(index: Int) -> JSONNode? {
        guard kind == .array, index >= 0, index < json_array_size(pointer),
              let child = json_array_get(pointer, index)
        else { return nil }
        return JSONNode(document: document, pointer: child)
    }

    /// The member keys in document order; empty unless this is an object.
    public var keys: [String] {
        var keys: [String] = []
        keys.reserveCapacity(count)
        forEachMember { key, _ in keys.append(key) }
        return keys
    }

    /// Calls `body` with each member of an object in document order; does nothing for
    /// other kinds. Errors thrown by `body` stop the iteration and propagate.
    public func forEachMember<E: Error>(_ body: (String, JSONNode) throws(E) -> Void) throws(E) {
        guard kind == .object else { return }
        var iterator = json_object_iter(pointer)
        while let current = iterator {
            if let child = json_object_iter_value(current) {
                try body(JanssonTree.key(at: current, restoring: document.nul), JSONNode(document: document, pointer: child))
            }
            iterator = json_object_iter_next(pointer, current)
        }
    }

    /// Calls `body` with each element of an array in order; does nothing for other
    /// kinds. Errors thrown by `body` stop the iteration and propagate.
    public func forEachElement<E: Error>(_ body: (JSONNode) throws(E) -> Void) throws(E) {
        guard kind == .array else { return }
        let size = json_array_size(pointer)
        for index in 0..<size {
            if let child = json_array_get(pointer, index) {
                try body(JSONNode(document: document, pointer: child))
            }
        }
    }
}
