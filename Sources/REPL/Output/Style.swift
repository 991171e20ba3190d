/// When to colour: `--color auto|always|never`.
public enum ColorChoice: String, CaseIterable, Sendable {
    /// When stdout is a terminal, `NO_COLOR` is unset or empty and `TERM` is not `dumb`.
    case auto
    /// Always, whatever the environment says (an explicit request wins over `NO_COLOR`).
    case always
    /// Never.
    case never

    /// Whether to colour, given the environment and whether stdout is a terminal.
    public func isColored(environment: [String: String], outputIsTerminal: Bool) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return outputIsTerminal
        }
    }
}

/// ANSI colours by kind, or none: every piece of REPL text is painted through one of these,
/// so plain mode is the same text without escapes.
public struct Style: Sendable, Equatable {
    /// Whether escapes are written.
    public let isColored: Bool

    /// A style with or without colour.
    public init(colored: Bool) {
        isColored = colored
    }

    /// No colour.
    public static let plain = Style(colored: false)
    /// ANSI colour.
    public static let colored = Style(colored: true)

    /// The kinds of text, each with its colour.
    public enum Kind: Sendable {
        /// An output's name (`signup.submitButtonEnabled`): cyan.
        case name
        /// An output's value: green.
        case value
        /// An error: red.
        case error
        /// What to do about an error, a signature: yellow.
        case hint
        /// Secondary text (`ok`, wire JSON, notes): dim.
        case dim
        /// A call the session delegates to the client: magenta.
        case call
        /// The prompt: bold green.
        case prompt
        /// Headings in help: bold.
        case heading

        var code: String {
            switch self {
            case .name: return "36"
            case .value: return "32"
            case .error: return "31"
            case .hint: return "33"
            case .dim: return "2"
            case .call: return "35"
            case .prompt: return "1;32"
            case .heading: return "1"
            }
        }
    }

    /// `text` in the colour of `kind`.
    public func paint(_ text: String, _ kind: Kind) -> String {
        guard isColored, !text.isEmpty else { return text }
        return "\u{1B}[\(kind.code)m\(text)\u{1B}[0m"
    }

    /// The prompt for libedit: colour escapes between `\u{1}` delimiters take no columns. The
    /// last visible character follows the reset, because libedit attaches each literal to the
    /// character after it.
    func editorPrompt(_ text: String) -> String {
        guard isColored, let last = text.last else { return text }
        let body = String(text.dropLast())
        return "\u{1}\u{1B}[\(Kind.prompt.code)m\u{1}\(body)\u{1}\u{1B}[0m\u{1}\(last)"
    }
}
