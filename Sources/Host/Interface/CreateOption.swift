import JSON

/// A `create` option, declared once: its key, JSON Schema, summary, default and constraints.
///
/// From this one declaration the host derives what `describe` says about the option, the
/// validation of a `create` (unknown keys, types, ranges, choices) and its error messages,
/// which always name the option and what it expects. A type's `make` then reads typed values:
/// ```swift
/// static let latency = CreateOption.number("latencyMs", minimum: 0, default: 300,
///                                          summary: "Built-in service latency in milliseconds")
/// …
/// make: { context throws(CreationFailure) in
///     let seconds = try context.value(of: latency) / 1000
/// ```
/// An absent option and an explicit `null` both mean "the default".
public struct CreateOption<Value: Sendable>: Sendable {
    /// What `describe` says about the option.
    public let description: OptionDescription
    /// Reads the option's value from the `options` object (nil when absent).
    let read: @Sendable (JSONValue?) throws(CreationFailure) -> Value

    /// The option's key.
    public var name: String { description.name }

    /// An option with its description and reader (the factories below cover the usual kinds).
    public init(description: OptionDescription, read: @escaping @Sendable (JSONValue?) throws(CreationFailure) -> Value) {
        self.description = description
        self.read = read
    }

    /// `summary (default shown).`: the default is said once, where it is declared.
    static func summary(_ summary: String, default shown: String?) -> String {
        guard let shown else { return summary + "." }
        return "\(summary) (default \(shown))."
    }

    /// The message for a value of the wrong kind.
    static func expected(_ name: String, _ what: String, got value: JSONValue) -> CreationFailure {
        CreationFailure("option '\(name)' expects \(what), got \(value.typeName)", option: name)
    }
}

extension CreateOption {
    /// A value of a JSON-convertible type; `default` when absent or null. `check` returns what
    /// is wrong with a well-typed value (said after "option 'name' "), or nil.
    public static func value(
        _ name: String, _ type: Value.Type = Value.self, default defaultValue: Value, defaultText: String? = nil,
        summary: String, check: (@Sendable (Value) -> String?)? = nil
    ) -> CreateOption where Value: JSONConvertible {
        CreateOption(
            description: OptionDescription(
                name: name, schema: Value.jsonSchema,
                summary: Self.summary(summary, default: defaultText ?? defaultValue.json.serializedString())
            ),
            read: { json throws(CreationFailure) in
                guard let json, !json.isNull else { return defaultValue }
                let value: Value
                do { value = try Value(json: json) } catch { throw expected(name, Value.jsonTypeName, got: json) }
                if let problem = check?(value) { throw CreationFailure("option '\(name)' \(problem)", option: name) }
                return value
            }
        )
    }

    /// A value the client must give (not null).
    public static func required(
        _ name: String, _ type: Value.Type = Value.self, summary: String
    ) -> CreateOption where Value: JSONConvertible {
        CreateOption(
            description: OptionDescription(
                name: name, schema: Value.jsonSchema, summary: "Required: " + Self.summary(summary, default: nil), isRequired: true
            ),
            read: { json throws(CreationFailure) in
                guard let json, !json.isNull else {
                    throw CreationFailure("option '\(name)' is required: \(summary) (\(Value.jsonTypeName))", option: name)
                }
                do { return try Value(json: json) } catch { throw expected(name, Value.jsonTypeName, got: json) }
            }
        )
    }

    /// A text the client may give; nil when absent or null. `defaultText` says what nil means.
    public static func text(_ name: String, defaultText: String, summary: String) -> CreateOption where Value == String? {
        CreateOption(
            description: OptionDescription(name: name, schema: ["type": "string"], summary: Self.summary(summary, default: defaultText)),
            read: { json throws(CreationFailure) in
                guard let json, !json.isNull else { return nil }
                guard let text = json.stringValue else { throw expected(name, "string", got: json) }
                return text
            }
        )
    }

    /// A number of at least `minimum` (whole bounds and default, which is what the schema and
    /// summary show); `default` when absent or null.
    public static func number(_ name: String, minimum: Int, default defaultValue: Int, summary: String) -> CreateOption where Value == Double {
        CreateOption(
            description: OptionDescription(
                name: name, schema: ["type": "number", "minimum": .integer(Int64(minimum))],
                summary: Self.summary(summary, default: String(defaultValue))
            ),
            read: { json throws(CreationFailure) in
                guard let json, !json.isNull else { return Double(defaultValue) }
                guard let number = json.doubleValue else { throw expected(name, "number", got: json) }
                guard number >= Double(minimum), number.isFinite else {
                    throw CreationFailure("option '\(name)' must be a number ≥ \(minimum), got \(json.serializedString())", option: name)
                }
                return number
            }
        )
    }

    /// One of a fixed set of words, read as an enum's case; `default` when absent or null.
    public static func choice(_ name: String, default defaultValue: Value, summary: String) -> CreateOption
    where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
        // A closure, not `\.rawValue`: a key path on a generic type is built at run time, and
        // every daemon declares its options at start-up.
        let words = Value.allCases.map { $0.rawValue }
        return CreateOption(
            description: OptionDescription(
                name: name, schema: ["enum": .array(words.map { .string($0) })],
                summary: Self.summary(summary, default: defaultValue.rawValue)
            ),
            read: { json throws(CreationFailure) in
                guard let json, !json.isNull else { return defaultValue }
                guard let word = json.stringValue, let value = Value(rawValue: word) else {
                    throw CreationFailure("option '\(name)' must be \(alternatives(words)), got \(json.serializedString())", option: name)
                }
                return value
            }
        )
    }
}

/// `"a", "b" or "c"`, built only when an error needs it (joining strings costs start-up time).
private func alternatives(_ words: [String]) -> String {
    let listed = words.map { "\"\($0)\"" }
    guard let last = listed.last, listed.count > 1 else { return listed.first ?? "" }
    return listed.dropLast().joined(separator: ", ") + " or " + last
}

/// A declared option with its value type erased: what a declaration lists.
public protocol AnyCreateOption: Sendable {
    /// What `describe` says about it.
    var description: OptionDescription { get }
    /// Reads and checks the option's value, discarding it.
    func validate(_ json: JSONValue?) throws(CreationFailure)
}

extension CreateOption: AnyCreateOption {
    /// Reads and checks the option's value, discarding it.
    public func validate(_ json: JSONValue?) throws(CreationFailure) {
        _ = try read(json)
    }
}

extension CreationContext {
    /// The value of a declared option. The host has already checked every declared option
    /// before `make` runs, so this only fails for an option the type forgot to declare and
    /// that has no default (never silently: it throws the option's own error).
    public func value<Value>(of option: CreateOption<Value>) throws(CreationFailure) -> Value {
        try option.read(options[option.name])
    }
}

/// Checks a `create`'s options against the declared ones: unknown keys first (a typo should
/// not pass silently), then each declared option's value, in declaration order.
func validate(_ options: JSONObject, against declared: [any AnyCreateOption], type: String) throws(CreationFailure) {
    let names = declared.map(\.description.name)
    if let unknown = options.keys.first(where: { key in !names.contains { bytesEqual($0, key) } }) {
        let known = names.isEmpty ? "\(type) takes no options" : "options are \(names.joined(separator: ", "))"
        throw CreationFailure("unknown option '\(unknown)' for \(type); \(known)", option: unknown)
    }
    for option in declared {
        try option.validate(options[option.description.name])
    }
}
