import JSON

/// Whether a text field's content is acceptable; sent over the wire as "valid" / "notValid".
public enum TextFieldStatus: String, Equatable, Sendable, CaseIterable, Codable, JSONConvertible {
    /// The content is acceptable.
    case valid
    /// The content is not acceptable.
    case notValid
}
