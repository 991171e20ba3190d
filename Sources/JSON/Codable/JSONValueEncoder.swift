/// Encodes any `Encodable` value straight into a ``JSONValue`` (no text in between).
///
/// Keyed containers keep the order in which keys are first encoded, which for
/// synthesized conformances is the declaration order of the properties, so output
/// reads like the Swift type. Integers must fit `Int64`; a `UInt64` above
/// `Int64.max` is an `EncodingError.invalidValue`.
public struct JSONValueEncoder: Sendable {
    /// Creates an encoder.
    public init() {}

    /// Encodes `value`, or throws an `EncodingError` (or whatever its `encode(to:)` throws).
    public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        try ValueEncoder.encode(value, codingPath: [])
    }
}

/// A value under construction. Containers hand out references to boxes so that nested
/// containers can keep filling them after the call that created them has returned.
final class EncodingBox {
    private enum Content {
        case empty
        case value(JSONValue)
        case array([EncodingBox])
        case object(keys: [String], boxes: [String: EncodingBox])
    }

    private var content = Content.empty

    /// Stores a finished value (a later store replaces an earlier one).
    func set(_ value: JSONValue) {
        content = .value(value)
    }

    /// Appends a new, empty box for an array element.
    func appendElement() -> EncodingBox {
        let box = EncodingBox()
        // Take the array out of the enum first so that appending does not copy it.
        var elements: [EncodingBox] = []
        if case .array(let existing) = content { elements = existing }
        content = .empty
        elements.append(box)
        content = .array(elements)
        return box
    }

    /// The box for `key`, created (at the end of the key order) if new.
    func member(_ key: String) -> EncodingBox {
        var keys: [String] = []
        var boxes: [String: EncodingBox] = [:]
        if case .object(let existingKeys, let existingBoxes) = content {
            keys = existingKeys
            boxes = existingBoxes
        }
        content = .empty
        let box: EncodingBox
        if let existing = boxes[key] {
            box = existing
        } else {
            box = EncodingBox()
            keys.append(key)
            boxes[key] = box
        }
        content = .object(keys: keys, boxes: boxes)
        return box
    }

    /// The number of elements if this box is an array, otherwise 0.
    var elementCount: Int {
        if case .array(let elements) = content { return elements.count }
        return 0
    }

    /// Makes this box an array if nothing else was put in it.
    func becomeArray() {
        if case .array = content { return }
        content = .array([])
    }

    /// Makes this box an object if nothing else was put in it.
    func becomeObject() {
        if case .object = content { return }
        content = .object(keys: [], boxes: [:])
    }

    /// The finished value; nil if nothing was ever encoded into this box.
    func resolve() -> JSONValue? {
        switch content {
        case .empty:
            return nil
        case .value(let value):
            return value
        case .array(let boxes):
            // An element whose `encode(to:)` encoded nothing becomes null rather than
            // disappearing, so indices stay aligned.
            return .array(boxes.map { $0.resolve() ?? .null })
        case .object(let keys, let boxes):
            var object = JSONObject()
            for key in keys {
                object[key] = boxes[key]?.resolve() ?? .null
            }
            return .object(object)
        }
    }
}
