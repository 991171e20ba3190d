#if canImport(Glibc)
import Glibc
#endif

/// A string that compares and hashes by its UTF-8 bytes.
///
/// Swift's `String` compares by Unicode canonical equivalence: `"\u{e9}" == "e\u{301}"` and
/// `"\u{212A}" == "K"` are true. JSON and JSON-RPC compare names as code points, so a protocol
/// name (an object key, a method, an instance id) must never be looked up with `String`'s `==`
/// or hash. Key a dictionary by `ExactString`, or compare with ``bytesEqual(_:_:)``.
public struct ExactString: Hashable, Sendable, CustomStringConvertible {
    /// The string.
    public let string: String

    /// Wraps `string`.
    @inlinable
    public init(_ string: String) {
        self.string = string
    }

    /// The string itself.
    public var description: String { string }

    @inlinable
    public static func == (lhs: ExactString, rhs: ExactString) -> Bool {
        bytesEqual(lhs.string, rhs.string)
    }

    /// Hashes the UTF-8 bytes (consistent with `==`). Both paths feed the hasher the same
    /// bytes and nothing else, so equal strings hash alike whether or not their storage is
    /// contiguous.
    public func hash(into hasher: inout Hasher) {
        let utf8 = string.utf8
        if let hashed: Void = utf8.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) {
            return hashed
        }
        for byte in utf8 { hasher.combine(byte) }
    }
}

/// Whether two strings hold the same UTF-8 bytes (not merely canonically equivalent text).
@inlinable
public func bytesEqual(_ lhs: String, _ rhs: String) -> Bool {
    let left = lhs.utf8
    let right = rhs.utf8
    guard left.count == right.count else { return false }
    let compared: Bool?? = left.withContiguousStorageIfAvailable { a in
        right.withContiguousStorageIfAvailable { b in bytesEqual(UnsafeRawBufferPointer(a), UnsafeRawBufferPointer(b)) }
    }
    if let compared, let compared { return compared }
    return left.elementsEqual(right)
}

/// Whether two buffers hold the same bytes (protocol names compared as bytes, see
/// `bytesEqual(_:_:)` for strings).
@inlinable
public func bytesEqual(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Bool {
    guard lhs.count == rhs.count else { return false }
    guard let left = lhs.baseAddress, let right = rhs.baseAddress else { return true } // both empty
    return memcmp(left, right, lhs.count) == 0
}

/// Whether `string` holds exactly these UTF-8 bytes (compared in place: no string is made).
@inlinable
public func bytesEqual(_ string: String, _ bytes: UnsafeRawBufferPointer) -> Bool {
    // In place when the string's bytes are contiguous (every native string's): a mutable copy
    // for `withUTF8` would take a reference on a string longer than 15 bytes.
    if let equal = string.utf8.withContiguousStorageIfAvailable({ bytesEqual(UnsafeRawBufferPointer($0), bytes) }) {
        return equal
    }
    var string = string
    return string.withUTF8 { bytesEqual(UnsafeRawBufferPointer($0), bytes) }
}
