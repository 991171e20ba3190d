import JSON

/// The first place where two JSON values differ: the path to it inside them and the value
/// each has there. What a person reviewing a failed step wants first, rather than two whole
/// lines to compare by eye.
public struct StructuralDifference: Equatable, Sendable {
    /// Where: `params.value.friends[2].name`, or `""` for the values themselves. An object key
    /// that is not a plain name is written as `["key"]`.
    public let path: String
    /// The expected value there; nil when the expected value has nothing there.
    public let expected: JSONValue?
    /// The actual value there; nil when the actual value has nothing there.
    public let actual: JSONValue?

    /// The first difference, in the expected value's order (an object's keys as written, then
    /// keys only the actual value has; an array's elements by index); nil for equal values.
    /// Values of different JSON types differ where they are (`1` and `"1"`), as the comparison
    /// of steps takes them.
    public static func first(_ expected: JSONValue, _ actual: JSONValue) -> StructuralDifference? {
        find(expected, actual, path: "").map { found in
            StructuralDifference(path: found.path.hasPrefix(".") ? String(found.path.dropFirst()) : found.path, expected: found.expected, actual: found.actual)
        }
    }

    /// The first difference between two lines of JSON text; nil when equal or unparsable.
    public static func first(expectedLine: String, actualLine: String) -> StructuralDifference? {
        guard let expected = try? JSONValue.parse(expectedLine), let actual = try? JSONValue.parse(actualLine) else { return nil }
        return first(expected, actual)
    }

    private static func find(_ expected: JSONValue, _ actual: JSONValue, path: String) -> StructuralDifference? {
        switch (expected, actual) {
        case let (.object(left), .object(right)):
            for key in left.keys {
                let child = path + component(key)
                guard let value = left[key] else { continue }
                guard let other = right[key] else { return StructuralDifference(path: child, expected: value, actual: nil) }
                if let found = find(value, other, path: child) { return found }
            }
            for key in right.keys where left[key] == nil {
                return StructuralDifference(path: path + component(key), expected: nil, actual: right[key])
            }
            return nil
        case let (.array(left), .array(right)):
            for index in 0..<Swift.max(left.count, right.count) {
                let child = path + "[\(index)]"
                guard index < left.count else { return StructuralDifference(path: child, expected: nil, actual: right[index]) }
                guard index < right.count else { return StructuralDifference(path: child, expected: left[index], actual: nil) }
                if let found = find(left[index], right[index], path: child) { return found }
            }
            return nil
        default:
            return expected == actual ? nil : StructuralDifference(path: path, expected: expected, actual: actual)
        }
    }

    /// `.key` for a plain name, `["key"]` (JSON-quoted) for anything else.
    private static func component(_ key: String) -> String {
        let plain = !key.isEmpty && key.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
        } && !(key.utf8.first.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? false)
        return plain ? "." + key : "[" + JSONValue.string(key).serializedString() + "]"
    }

    /// One line: `at params.value: expected "a", actual "b"` (`nothing` for an absent side).
    public var summary: String {
        let place = path.isEmpty ? "the whole message" : path
        return "at \(place): expected \(expected.map { $0.serializedString() } ?? "nothing"), actual \(actual.map { $0.serializedString() } ?? "nothing")"
    }
}
