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
    /// Parses `bytes` and returns the root with a reference count of one, and the
    /// substitution that let `\u0000` escapes through (see ``NulEscapeSubstitution``). The
    /// caller owns that reference and must `json_decref` it exactly once.
    static func load(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> (root: UnsafeMutablePointer<json_t>, nul: NulEscapeSubstitution?) {
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
            let root = try text.withUnsafeBytes { raw in
                Result { () throws(JSONParseError) in try loadChecked(raw) }
            }.get()
            return (root, substitution)
        }
        return (try loadChecked(UnsafeRawBufferPointer(start: base, count: bytes.count)), nil)
    }

    /// jansson itself, on input already checked.
    private static func loadChecked(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> UnsafeMutablePointer<json_t> {
        var error = json_error_t()
        guard let base = bytes.baseAddress, let root = json_loadb(
            base.assumingMemoryBound(to: CChar.self), bytes.count, cjansson_load_flags(), &error
        ) else {
            throw JSONParseError(jansson: error)
        }
        return root
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
