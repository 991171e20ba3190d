import CJansson

/// A parsed JSON text kept in jansson's memory, for reading a few fields without
/// converting the whole tree into ``JSONValue``s.
///
/// The RPC layer uses it to look at `jsonrpc`, `id` and `method` first, and converts
/// only `params` (via ``JSONNode/value``) once it knows the method exists.
///
/// Ownership: the document holds the single reference to the jansson root that
/// parsing returned and releases it in `deinit`. Every ``JSONNode`` keeps its document
/// alive, so nodes stay valid however long they are kept.
///
/// Thread safety: the tree is never modified after parsing, and jansson's read-only
/// functions and reference counting are thread-safe (it is built with atomic
/// builtins), so documents and nodes can be shared across threads.
public final class JSONDocument: @unchecked Sendable {
    /// The root of the tree; owned (reference count one, released in `deinit`).
    let handle: UnsafeMutablePointer<json_t>
    /// How `\u0000` escapes were let through jansson, if the text had any.
    let nul: NulEscapeSubstitution?

    /// Takes over a reference returned by ``JanssonLoader/load(_:)``.
    private init(owning handle: UnsafeMutablePointer<json_t>, nul: NulEscapeSubstitution?) {
        self.handle = handle
        self.nul = nul
    }

    deinit {
        json_decref(handle)
    }

    /// The top-level value.
    public var root: JSONNode {
        JSONNode(document: self, pointer: handle)
    }

    /// Parses one JSON text with the same rules as ``JSONValue/parse(_:)-(UnsafeRawBufferPointer)``.
    /// The bytes are not retained: jansson copies what it keeps.
    public static func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONDocument {
        let (root, nul) = try JanssonLoader.load(bytes)
        return JSONDocument(owning: root, nul: nul)
    }

    /// Parses one JSON text from bytes.
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONDocument {
        try withRawBytes(of: bytes) { raw throws(JSONParseError) in try parse(raw) }
    }

    /// Parses one JSON text from a slice of bytes.
    public static func parse(_ bytes: ArraySlice<UInt8>) throws(JSONParseError) -> JSONDocument {
        try withRawBytes(of: bytes) { raw throws(JSONParseError) in try parse(raw) }
    }

    /// Parses one JSON text from a string's UTF-8.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONDocument {
        try withRawBytes(of: text) { raw throws(JSONParseError) in try parse(raw) }
    }
}
