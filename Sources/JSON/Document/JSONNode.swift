import CJansson
#if canImport(Glibc)
import Glibc
#endif

/// A read-only view of one value inside a ``JSONDocument``.
///
/// A node is cheap to copy (a reference to its document and a pointer). The pointer is
/// borrowed from the document's tree, which the node keeps alive by holding the
/// document, so no reference counting happens per node.
public struct JSONNode: @unchecked Sendable {
    /// What kind of JSON value a node is; mirrors the cases of ``JSONValue``.
    public enum Kind: Sendable, Hashable {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool
        /// An integer that fits `Int64`.
        case integer
        /// A number with a fraction or exponent.
        case double
        /// A string.
        case string
        /// An array.
        case array
        /// An object.
        case object
    }

    /// Keeps the tree alive while this node exists.
    let document: JSONDocument
    /// Borrowed from `document`'s tree; never released here.
    let pointer: UnsafeMutablePointer<json_t>

    init(document: JSONDocument, pointer: UnsafeMutablePointer<json_t>) {
        self.document = document
        self.pointer = pointer
    }

    /// The kind of value.
    public var kind: Kind {
        switch cjansson_typeof(pointer) {
        case JSON_OBJECT: return .object
        case JSON_ARRAY: return .array
        case JSON_STRING: return .string
        case JSON_INTEGER: return .integer
        case JSON_REAL: return .double
        case JSON_TRUE, JSON_FALSE: return .bool
        default: return .null
        }
    }

    /// The JSON type name, as ``JSONValue/typeName`` gives it.
    public var typeName: String {
        switch kind {
        case .null: return "null"
        case .bool: return "boolean"
        case .integer: return "integer"
        case .double: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// The whole subtree converted to a ``JSONValue`` (the same converter that
    /// ``JSONValue/parse(_:)-(UnsafeRawBufferPointer)`` uses).
    public var value: JSONValue {
        JanssonTree.value(of: pointer, restoring: document.nul)
    }

    /// The string, or nil unless this is a string. Copies the text out of the tree.
    public var stringValue: String? {
        kind == .string ? JanssonTree.string(pointer, restoring: document.nul) : nil
    }

    /// The integer, or nil; like ``JSONValue/int64Value``, an integral double in
    /// range is accepted.
    public var int64Value: Int64? {
        switch kind {
        case .integer: return Int64(json_integer_value(pointer))
        case .double: return Int64(exactly: json_real_value(pointer))
        default: return nil
        }
    }

    /// The number as a `Double`, or nil; integers convert.
    public var doubleValue: Double? {
        switch kind {
        case .integer: return Double(json_integer_value(pointer))
        case .double: return json_real_value(pointer)
        default: return nil
        }
    }

    /// The boolean, or nil unless this is `true` or `false`.
    public var boolValue: Bool? {
        switch cjansson_typeof(pointer) {
        case JSON_TRUE: return true
        case JSON_FALSE: return false
        default: return nil
        }
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        kind == .null
    }

    /// Whether this is a string whose UTF-8 bytes are exactly `text`'s, compared in the tree
    /// without copying it out: protocol constants such as `"jsonrpc": "2.0"` are checked on
    /// every message, and making a `String` for the comparison would cost far more.
    public func isString(_ text: StaticString) -> Bool {
        guard kind == .string, let bytes = json_string_value(pointer) else { return false }
        let length = json_string_length(pointer)
        return length == text.utf8CodeUnitCount && memcmp(bytes, text.utf8Start, length) == 0
    }
}
