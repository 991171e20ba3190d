import CJansson

#if canImport(Glibc)
import Glibc
#endif

/// Turns bytes into a jansson tree, or into a ``JSONParseError``.
///
/// Both public parse paths (``JSONValue/parse(_:)-(UnsafeRawBufferPointer)`` and
/// ``JSONDocument/parse(_:)-(UnsafeRawBufferPointer)``) come through here, so the input
/// checks jansson does not do itself live in one place.
enum JanssonLoader {
    /// Parses `bytes` and returns the tree and the substitution that let `\u0000` escapes
    /// through (see ``NulEscapeSubstitution``). The caller owns the tree and must
    /// ``ParsedTree/release()`` it exactly once.
    static func load(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> (tree: ParsedTree, nul: NulEscapeSubstitution?) {
        // jansson stops at a NUL byte and accepts what came before it ("123\0" loads
        // as 123), so a message with a NUL in it would be silently truncated.
        // memchr: a vectorized scan, a fraction of a byte-by-byte loop's cost on every message.
        if let base = bytes.baseAddress, let hit = memchr(base, 0, bytes.count) {
            let nul = UnsafeRawPointer(hit) - base
            let (line, column) = location(of: nul, in: bytes)
            throw JSONParseError(
                category: .nulByte, line: line, column: column, position: nul,
                text: "NUL byte in input"
            )
        }
        // jansson calls this "unexpected token near end of file", which reads like a
        // bug in the sender's JSON rather than the missing message it is.
        guard bytes.contains(where: { !isWhitespace($0) }),
              let base = bytes.baseAddress
        else {
            let (line, column) = location(of: bytes.count, in: bytes)
            throw JSONParseError(
                category: .emptyInput, line: line, column: column, position: bytes.count,
                text: bytes.isEmpty ? "no input" : "only whitespace"
            )
        }
        if let (text, substitution) = NulEscapeSubstitution.rewrite(bytes) {
            let tree = try text.withUnsafeBytes { raw in
                Result { () throws(JSONParseError) in try loadChecked(raw) }
            }.get()
            return (tree, substitution)
        }
        return (try loadChecked(UnsafeRawBufferPointer(start: base, count: bytes.count)), nil)
    }

    /// jansson itself, on input already checked.
    private static func loadChecked(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> ParsedTree {
        var error = json_error_t()
        var arena: OpaquePointer?
        guard let base = bytes.baseAddress, let root = cjansson_load(
            base.assumingMemoryBound(to: CChar.self), bytes.count, &error, &arena
        ) else {
            throw JSONParseError(jansson: error)
        }
        return ParsedTree(root: root, arena: arena)
    }

    /// JSON's four whitespace bytes (RFC 8259 §2).
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The 1-based line and scalar column of the byte at `offset`, counted the way
    /// jansson counts so our own errors line up with its errors.
    private static func location(of offset: Int, in bytes: UnsafeRawBufferPointer) -> (line: Int, column: Int) {
        var line = 1
        var column = 0
        for byte in bytes.prefix(offset) {
            if byte == 0x0A {
                line += 1
                column = 0
            } else if byte & 0xC0 != 0x80 {
                // Continuation bytes do not start a new scalar.
                column += 1
            }
        }
        // The byte at `offset` itself is the column being reported.
        return (line, column + 1)
    }
}

/// A tree jansson parsed, with the arena its nodes live in (see `cjansson_load`).
///
/// Not a class: its owner (``JSONDocument``, or a parse that converts the tree at once) is
/// what decides when it ends, and calls ``release()`` exactly once.
struct ParsedTree {
    /// The root node.
    let root: UnsafeMutablePointer<json_t>
    /// The arena holding every node; nil when the tree was allocated with `malloc`.
    let arena: OpaquePointer?

    /// Frees the whole tree. Its nodes must not be read afterwards.
    func release() {
        cjansson_release(root, arena)
    }

    /// Bytes the tree's arena holds (0 without one): for tests of its bounds.
    var arenaBytes: Int { cjansson_arena_bytes(arena) }
}
