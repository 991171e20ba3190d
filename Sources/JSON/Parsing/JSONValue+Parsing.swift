import CJansson

extension JSONValue {
    /// Parses one JSON text (any value at top level, including scalars like `42`).
    ///
    /// The input must be UTF-8 without raw NUL bytes, hold exactly one value (surrounding
    /// whitespace allowed) and nest at most 2048 levels. Integers must fit `Int64`;
    /// numbers with a fraction or exponent become ``double(_:)``. A repeated object
    /// key keeps its first position and its last value (jansson's behaviour).
    ///
    /// Strings and keys may contain U+0000 written as `\u0000` (jansson runs with
    /// `JSON_ALLOW_NUL`, and every string is read with its length); a raw NUL byte is not
    /// JSON and is rejected. The serializer writes U+0000 as `\u0000`, so it reads back.
    public static func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONValue {
        let (tree, nul) = try JanssonLoader.load(bytes)
        defer { tree.release() }
        return JanssonTree.value(of: tree.root, restoring: nul)
    }

    /// Parses one JSON text from bytes; see ``parse(_:)-(UnsafeRawBufferPointer)``.
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        try withRawBytes(of: bytes) { raw throws(JSONParseError) in try parse(raw) }
    }

    /// Parses one JSON text from a slice of bytes; see ``parse(_:)-(UnsafeRawBufferPointer)``.
    public static func parse(_ bytes: ArraySlice<UInt8>) throws(JSONParseError) -> JSONValue {
        try withRawBytes(of: bytes) { raw throws(JSONParseError) in try parse(raw) }
    }

    /// Parses one JSON text from a string's UTF-8; see ``parse(_:)-(UnsafeRawBufferPointer)``.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try withRawBytes(of: text) { raw throws(JSONParseError) in try parse(raw) }
    }
}

// The standard library's `withUnsafeBytes`/`withUTF8` are `rethrows`, which erases a
// typed error to `any Error`; these carry `JSONParseError` through a `Result` instead.

/// Runs `body` over the bytes of `bytes`, keeping the typed error.
func withRawBytes<R>(
    of bytes: [UInt8], _ body: (UnsafeRawBufferPointer) throws(JSONParseError) -> R
) throws(JSONParseError) -> R {
    try bytes.withUnsafeBytes { raw in Result { () throws(JSONParseError) in try body(raw) } }.get()
}

/// Runs `body` over the bytes of `bytes`, keeping the typed error.
func withRawBytes<R>(
    of bytes: ArraySlice<UInt8>, _ body: (UnsafeRawBufferPointer) throws(JSONParseError) -> R
) throws(JSONParseError) -> R {
    try bytes.withUnsafeBytes { raw in Result { () throws(JSONParseError) in try body(raw) } }.get()
}

/// Runs `body` over the UTF-8 of `text`, keeping the typed error.
func withRawBytes<R>(
    of text: String, _ body: (UnsafeRawBufferPointer) throws(JSONParseError) -> R
) throws(JSONParseError) -> R {
    var text = text
    // `withUTF8` is mutating only because it may first make a bridged or lazy string
    // contiguous; native strings are read in place.
    return try text.withUTF8 { utf8 in
        Result { () throws(JSONParseError) in try body(UnsafeRawBufferPointer(utf8)) }
    }.get()
}
