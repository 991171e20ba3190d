import Host
import JSON

/// What one complete input of the person means.
public enum ParsedLine: Equatable, Sendable {
    /// Nothing but whitespace.
    case empty
    /// A dot command.
    case meta(MetaCommand)
    /// A method call: `signup.nameChanged "Lisa"`, `signup.nameChanged name=Lisa`, `list`.
    case call(method: String, arguments: CallArguments)
    /// A JSON-RPC message or batch typed as JSON: sent unchanged.
    case raw(String)
}

/// The arguments of a typed call.
public enum CallArguments: Equatable, Sendable {
    /// No arguments: the request has no `params`.
    case none
    /// By position: `signup.nameChanged "Lisa"`.
    case positional([JSONValue])
    /// By label: `signup.nameChanged name="Lisa"`.
    case labelled(JSONObject)

    /// The request's `params`, if any.
    public var params: JSONValue? {
        switch self {
        case .none: return nil
        case let .positional(values): return .array(values)
        case let .labelled(object): return .object(object)
        }
    }
}

/// Why a typed line could not be understood, with what to do about it.
public struct ParseError: Error, Equatable, Sendable {
    /// What is wrong.
    public let message: String
    /// What the person can type instead.
    public let hint: String?

    init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }
}

/// Turns a typed line into a call, a dot command or a raw JSON-RPC message. Pure: the session
/// decides whether the method exists and whether the arguments fit.
public enum CommandParser {
    /// Parses one complete input (continuation lines already joined). `parameters` gives the
    /// declared parameters of a method, when the session knows them: a bare word that reads as
    /// a number or a boolean is then sent as text where the parameter takes text only (a phone
    /// number `0612345678`, a zip code), and refused with a hint where it could be either.
    public static func parse(_ line: String, parameters: (String) -> [ParameterDescription]? = { _ in nil }) -> Result<ParsedLine, ParseError> {
        let text = line.trimmingWhitespace()
        guard let first = text.first else { return .success(.empty) }
        if first == "{" || first == "[" { return .success(.raw(String(text))) }
        // The middle or end of JSON begun on an earlier line: one command a line when piped.
        if first == "}" || first == "]" || first == "\"" || first == "," {
            return .failure(ParseError("\(text.prefix(20)) reads as the rest of JSON from an earlier line, not a command", hint: "piped input is one command a line: write each JSON message on one line"))
        }
        let words = ArgumentTokenizer.words(text)
        guard let head = words.first?.text else { return .success(.empty) }
        let rest = Array(words.dropFirst().map(\.text))
        if let habit = bareWord(String(head), rest.map(String.init)) { return habit }
        if first == "." { return parseMeta(String(head), rest).map(ParsedLine.meta) }
        return parseArguments(rest, parameters: parameters(String(head))).map { .call(method: String(head), arguments: $0) }
    }

    /// What people used to redis-cli, psql or a shell type first, without the dot: `help`,
    /// `?` and `\?` (with or without a topic), `quit`, `exit` and `\q` run as their dot
    /// commands; `clear` and other backslash commands get a pointer to what does that here.
    /// Nil for anything else (a method call: `help` never names a method, which has a dot).
    static func bareWord(_ head: String, _ rest: [String]) -> Result<ParsedLine, ParseError>? {
        switch head {
        case "help", "?", "\\?", "\\h":
            guard rest.count <= 1 else { return .failure(ParseError("\(head) takes at most one topic", hint: ".help [type|instance|x.input]")) }
            return .success(.meta(.help(topic: rest.first)))
        case "quit", "exit", "\\q", "\\quit":
            guard rest.isEmpty else { return nil }
            return .success(.meta(.quit))
        case "clear", "cls":
            guard rest.isEmpty else { return nil }
            return .failure(ParseError("\(head) is not a command here", hint: "Ctrl-L clears the screen; .help lists the commands"))
        default:
            guard head.hasPrefix("\\") else { return nil }
            return .failure(ParseError("\(head) is not a command here: commands start with a dot", hint: ".help lists them (.types, .list, .quit…)"))
        }
    }

    // MARK: Arguments

    /// `"Lisa" 3 true` by position, or `name="Lisa" count=3` by label; never both.
    static func parseArguments(_ words: [Substring], parameters: [ParameterDescription]? = nil) -> Result<CallArguments, ParseError> {
        guard !words.isEmpty else { return .success(.none) }
        var positional: [JSONValue] = []
        var labelled = JSONObject()
        for word in words {
            if let (label, valueText) = splitLabel(word) {
                guard labelled[label] == nil else {
                    return .failure(ParseError("'\(label)' is given twice"))
                }
                guard !valueText.isEmpty else {
                    return .failure(ParseError("'\(label)=' has no value", hint: "write \(label)=\"text\", \(label)=42, \(label)=null…"))
                }
                switch value(of: valueText).flatMap({ fit($0, word: valueText, to: parameters?.first { bytesEqual($0.label, label) }) }) {
                case let .success(value): labelled[label] = value
                case let .failure(error): return .failure(error)
                }
            } else {
                let parameter = parameters.flatMap { $0.indices.contains(positional.count) ? $0[positional.count] : nil }
                switch value(of: word).flatMap({ fit($0, word: word, to: parameter) }) {
                case let .success(value): positional.append(value)
                case let .failure(error): return .failure(error)
                }
            }
        }
        if !positional.isEmpty && !labelled.isEmpty {
            return .failure(ParseError("arguments are either all by position or all by label", hint: "for example nameChanged \"Lisa\" or nameChanged name=\"Lisa\""))
        }
        return .success(labelled.isEmpty ? .positional(positional) : .labelled(labelled))
    }

    /// A bare word's value for `parameter`'s declared type: a number or boolean becomes text
    /// when the parameter takes text and not that kind; when it takes both, the person must say
    /// which (quotes). Quoted words, JSON containers and `null` are left as they are.
    static func fit(_ value: JSONValue, word: Substring, to parameter: ParameterDescription?) -> Result<JSONValue, ParseError> {
        guard let parameter, let first = word.first, first != "\"", first != "[", first != "{" else { return .success(value) }
        let kinds = Set(parameter.typeName.components(separatedBy: " or "))
        let kind: String
        switch value {
        case .integer: kind = kinds.contains("integer") ? "integer" : "number"
        case .double: kind = "number"
        case .bool: kind = "boolean"
        default: return .success(value)
        }
        guard kinds.contains("string") else { return .success(value) }
        guard kinds.contains(kind) else { return .success(.string(String(word))) }
        return .failure(ParseError(
            "\(word) could be text or \(kind == "integer" ? "an" : "a") \(kind) for '\(parameter.label)' (\(parameter.typeName))",
            hint: "write \"\(word)\" for the text, or \(parameter.label)=\(word) with a JSON \(kind) in a raw message"
        ))
    }

    /// `name=value` → ("name", "value") when the part before `=` is an identifier.
    static func splitLabel(_ word: Substring) -> (String, Substring)? {
        guard let equals = word.firstIndex(of: "=") else { return nil }
        let label = word[..<equals]
        guard let head = label.first, head == "_" || head.isLetter,
              label.allSatisfy({ $0 == "_" || $0.isLetter || $0.isNumber }) else { return nil }
        return (String(label), word[word.index(after: equals)...])
    }

    /// A word as a JSON value: JSON when it parses, else a bare word is a string. Words that
    /// start like a string, an array or an object must be valid JSON.
    static func value(of word: Substring) -> Result<JSONValue, ParseError> {
        do {
            return .success(try JSONValue.parse(String(word)))
        } catch {
            guard let first = word.first, first == "\"" || first == "[" || first == "{" else {
                return .success(.string(String(word)))
            }
            return .failure(ParseError("\(word) is not valid JSON: \(error)", hint: "quote text with double quotes: \"like this\""))
        }
    }

    // MARK: Dot commands

    static func parseMeta(_ name: String, _ arguments: [Substring]) -> Result<MetaCommand, ParseError> {
        let args = arguments.map(String.init)
        switch name {
        case ".help":
            guard args.count <= 1 else { return usage(".help") }
            return .success(.help(topic: args.first))
        case ".types":
            return args.isEmpty ? .success(.types) : usage(".types")
        case ".list":
            return args.isEmpty ? .success(.list) : usage(".list")
        case ".stop":
            return args.isEmpty ? .success(.stop) : usage(".stop")
        case ".quit", ".exit":
            return args.isEmpty ? .success(.quit) : usage(".quit")
        case ".new":
            return parseNew(args)
        case ".destroy":
            guard args.count == 1, let id = args.first else { return usage(".destroy") }
            return .success(.destroy(id: id))
        case ".snapshot":
            guard args.count == 1, let id = args.first else { return usage(".snapshot") }
            return .success(.snapshot(id: id))
        case ".advance":
            guard args.count == 1, let text = args.first, let ms = Double(text), ms >= 0, ms.isFinite else {
                return usage(".advance")
            }
            return .success(.advance(ms: ms))
        case ".raw":
            switch args {
            case []: return .success(.raw(nil))
            case ["on"]: return .success(.raw(true))
            case ["off"]: return .success(.raw(false))
            default: return usage(".raw")
            }
        case ".record":
            guard !args.isEmpty else { return usage(".record") }
            return .success(.record(path: args.joined(separator: " ")))
        case ".timeline":
            guard !args.isEmpty else { return usage(".timeline") }
            return .success(.timeline(path: args.joined(separator: " ")))
        default:
            if let near = Suggestion.closest(to: String(name), among: MetaCommand.names) {
                return .failure(ParseError("unknown command \(name)", hint: "did you mean \(near)? .help lists the commands"))
            }
            return .failure(ParseError("unknown command \(name)", hint: "commands are \(MetaCommand.names.joined(separator: " ")); .help explains them"))
        }
    }

    /// `.new TYPE [as ID] [{options}]`.
    private static func parseNew(_ args: [String]) -> Result<MetaCommand, ParseError> {
        var rest = args[...]
        guard let type = rest.popFirst(), !type.hasPrefix("{") else { return usage(".new") }
        var id: String?
        if rest.first == "as" {
            rest.removeFirst()
            guard let given = rest.popFirst(), !given.hasPrefix("{") else { return usage(".new") }
            id = given
        }
        var options: JSONObject?
        if let text = rest.popFirst() {
            guard case let .object(object)? = try? JSONValue.parse(text) else {
                return .failure(ParseError("the options of .new must be a JSON object, got \(text)", hint: "for example .new \(type) {\"latencyMs\": 1000}"))
            }
            options = object
        }
        guard rest.isEmpty else { return usage(".new") }
        return .success(.new(type: type, id: id, options: options))
    }

    private static func usage(_ name: String) -> Result<MetaCommand, ParseError> {
        let arguments = MetaCommand.usage.first { $0.name == name }?.arguments ?? ""
        return .failure(ParseError("usage: \(name)\(arguments.isEmpty ? "" : " " + arguments)"))
    }
}

extension StringProtocol {
    /// The text without leading and trailing whitespace.
    func trimmingWhitespace() -> SubSequence {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return self[start..<Swift.max(start, end)]
    }
}
