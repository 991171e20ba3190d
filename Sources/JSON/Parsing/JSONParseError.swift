import CJansson

/// Why a JSON text could not be parsed, and where.
///
/// Locations follow jansson's conventions so they match its messages: `line` is
/// 1-based; `column` counts Unicode scalars on that line up to and including the one
/// where the problem was noticed; `position` is a 0-based byte offset (for
/// jansson-reported errors, the number of bytes consumed when it gave up, which is
/// usually just past the offending byte).
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of problem, stable enough to branch on (JSON-RPC maps all of them to
    /// "Parse error", but logs and tests want to tell them apart).
    public enum Category: String, Sendable {
        /// Malformed JSON: an unexpected token, a bad escape, a lone surrogate,
        /// trailing content after the value.
        case syntax
        /// Bytes that are not well-formed UTF-8 (including overlong forms).
        case invalidUTF8
        /// Nesting beyond jansson's limit of 2048 levels.
        case tooDeep
        /// An integer outside `Int64`, or a real that overflows `Double`.
        case numberOutOfRange
        /// A NUL byte in the input, or a `\u0000` escape (jansson cannot hold either).
        case nulByte
        /// The input ended inside a value.
        case prematureEnd
        /// Nothing but whitespace (or nothing at all).
        case emptyInput
        /// Anything else jansson reports, such as running out of memory.
        case other
    }

    /// The kind of problem.
    public let category: Category
    /// The 1-based line of the problem.
    public let line: Int
    /// The column on that line, counted in Unicode scalars.
    public let column: Int
    /// The byte offset of the problem.
    public let position: Int
    /// A short human-readable explanation (jansson's message where jansson found it).
    public let text: String

    /// Creates an error; the parser makes these, tests may too.
    public init(category: Category, line: Int, column: Int, position: Int, text: String) {
        self.category = category
        self.line = line
        self.column = column
        self.position = position
        self.text = text
    }

    /// For example `JSON syntax error at line 1, column 5 (byte 4): '}' expected`.
    public var description: String {
        "JSON \(category.phrase) at line \(line), column \(column) (byte \(position)): \(text)"
    }
}

extension JSONParseError.Category {
    /// How the category reads inside ``JSONParseError/description``.
    var phrase: String {
        switch self {
        case .syntax: return "syntax error"
        case .invalidUTF8: return "encoding error (invalid UTF-8)"
        case .tooDeep: return "nesting error (too deep)"
        case .numberOutOfRange: return "number out of range"
        case .nulByte: return "NUL byte error"
        case .prematureEnd: return "premature end of input"
        case .emptyInput: return "empty input"
        case .other: return "error"
        }
    }
}

extension JSONParseError {
    /// The one place a jansson failure becomes a Swift error.
    ///
    /// jansson stores its `enum json_error_code` in the last byte of `error.text`
    /// (read through the shim, since `json_error_code()` cannot be imported).
    init(jansson error: json_error_t) {
        var error = error
        let category: Category
        switch UInt32(truncatingIfNeeded: cjansson_error_code(&error)) {
        case json_error_invalid_syntax.rawValue,
             json_error_end_of_input_expected.rawValue,
             json_error_invalid_format.rawValue,
             json_error_wrong_type.rawValue,
             json_error_duplicate_key.rawValue:
            category = .syntax
        case json_error_invalid_utf8.rawValue:
            category = .invalidUTF8
        case json_error_stack_overflow.rawValue:
            category = .tooDeep
        case json_error_numeric_overflow.rawValue:
            category = .numberOutOfRange
        case json_error_null_character.rawValue,
             json_error_null_byte_in_key.rawValue:
            category = .nulByte
        case json_error_premature_end_of_input.rawValue:
            category = .prematureEnd
        default:
            // unknown, out_of_memory, cannot_open_file, invalid_argument, null_value,
            // item_not_found, index_out_of_range: not input problems we can name.
            category = .other
        }
        self.init(
            category: category,
            line: Int(error.line),
            column: Int(error.column),
            position: Int(error.position),
            text: Self.message(in: error)
        )
    }

    /// The NUL-terminated message in `error.text`, decoded leniently: jansson quotes
    /// input bytes after "near", and a quote may cut a UTF-8 sequence in half.
    private static func message(in error: json_error_t) -> String {
        withUnsafeBytes(of: error.text) { raw in
            // The last byte is the error code, not text; the message ends before it.
            let text = raw.prefix(Int(JSON_ERROR_TEXT_LENGTH) - 1)
            let end = text.firstIndex(of: 0) ?? text.endIndex
            return String(decoding: text[..<end], as: UTF8.self)
        }
    }
}
