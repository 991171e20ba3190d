/// One JSON value's text, written once into bytes with a ``JSONPieceWriter``: for a value a
/// program writes field by field rather than building a ``JSONValue`` tree only to write it
/// (the MCP face's tool results, whose tree and its writing cost more than the view model's
/// work; DAEMON-ANALYSIS.md, issue 18's twenty-fourth session).
///
/// It holds what its writer wrote; valid JSON as long as the writer's `raw` pieces are.
public struct JSONText: Sendable, Equatable {
    /// The text's UTF-8 bytes: one compact value, no newline.
    public let bytes: [UInt8]

    /// The text `body` writes.
    public init(writing body: (inout JSONPieceWriter) -> Void) {
        var bytes: [UInt8] = []
        JSONPieceWriter.append(to: &bytes, body)
        self.bytes = bytes
    }

    /// The text of `value`: the bytes of ``JSONValue/serialized()``.
    public init(_ value: JSONValue) {
        bytes = value.serialized()
    }

    /// The value the text holds, parsed again: for tests and for readers of a message as a
    /// tree, which the wire never needs. Text that does not parse (a writer's `raw` piece
    /// that was not JSON) reads as `null`.
    public var value: JSONValue {
        (try? JSONValue.parse(bytes)) ?? .null
    }
}
