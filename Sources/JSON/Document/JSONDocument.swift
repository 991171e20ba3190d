import CJansson

/// A parsed JSON text kept in jansson's memory, for reading a few fields without
/// converting the whole tree into ``JSONValue``s.
///
/// The RPC layer uses it to look at `jsonrpc`, `id` and `method` first, and converts
/// only `params` (via ``JSONNode/value``) once it knows the method exists.
///
/// Ownership: the document owns the tree parsing returned, nodes and arena (see
/// `cjansson_load`), and releases it in `deinit`. Every ``JSONNode`` keeps its document
/// alive, so nodes stay valid however long they are kept.
///
/// Thread safety: the tree is never modified after parsing and jansson's read-only
/// functions keep no state, so documents and nodes can be shared across threads; the
/// arena is released by whichever thread drops the document last.
public final class JSONDocument: @unchecked Sendable {
    /// The tree; owned (released in `deinit`).
    let tree: ParsedTree
    /// How `\u0000` escapes were let through jansson, if the text had any.
    let nul: NulEscapeSubstitution?

    /// The root node of the tree.
    var handle: UnsafeMutablePointer<json_t> { tree.root }

    /// Takes over a tree returned by ``JanssonLoader/load(_:)``.
    private init(owning tree: ParsedTree, nul: NulEscapeSubstitution?) {
        self.tree = tree
        self.nul = nul
    }

    deinit {
        tree.release()
    }

    /// The top-level value.
    public var root: JSONNode {
        JSONNode(document: self, pointer: handle)
    }

    /// Parses one JSON text with the same rules as ``JSONValue/parse(_:)-(UnsafeRawBufferPointer)``.
    /// The bytes are not retained: jansson copies what it keeps.
    public static func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONDocument {
        let (tree, nul) = try JanssonLoader.load(bytes)
        return JSONDocument(owning: tree, nul: nul)
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
