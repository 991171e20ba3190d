/// Whether the JSON brackets and braces of typed text are balanced, so the REPL knows when a
/// pasted multi-line value is complete and when to ask for more with the continuation prompt.
///
/// Brackets inside JSON strings do not count, and a backslash escapes the next character of a
/// string. Only double quotes delimit strings. A closing bracket with nothing open is left for
/// the parser to report: it never makes the REPL wait.
public struct BracketBalance: Sendable, Equatable {
    /// Brackets and braces opened and not yet closed.
    public private(set) var depth = 0
    /// Whether the text so far ends inside a string.
    public private(set) var isInString = false
    private var isEscaped = false

    /// An empty balance.
    public init() {}

    /// The balance of `text`.
    public init(_ text: String) {
        feed(text)
    }

    /// True while an opened bracket or brace has not been closed.
    public var needsMoreInput: Bool { depth > 0 }

    /// Takes more text into account (the next line of a multi-line input).
    public mutating func feed(_ text: String) {
        for byte in text.utf8 {
            if isInString {
                if isEscaped {
                    isEscaped = false
                } else if byte == UInt8(ascii: "\\") {
                    isEscaped = true
                } else if byte == UInt8(ascii: "\"") {
                    isInString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): isInString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth = max(0, depth - 1)
            default: break
            }
        }
    }
}
