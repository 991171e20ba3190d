/// How frames are delimited on the wire.
///
/// The raw values are the names a command line or a config file uses (`--framing lsp`), so they are
/// part of the public contract and must not change.
public enum FramingMode: String, Sendable, CaseIterable {
    /// One message per line, terminated by `"\n"` (an optional `"\r"` before it is stripped).
    /// The default, because it is what a person or a shell script typing JSON-RPC sends.
    case newline

    /// The LSP base protocol: `"Content-Length: N\r\n\r\n"` followed by exactly `N` body bytes.
    case contentLength = "lsp"

    /// Decided by the first non-blank byte of the input: `C` or `c` selects ``contentLength``,
    /// anything else selects ``newline``.
    ///
    /// Blank bytes are space, tab, `"\r"` and `"\n"`; they are skipped while deciding. A decoder
    /// reports the decision through ``FrameDecoder/mode`` so the daemon can switch its
    /// ``FrameWriter`` to answer in the same framing.
    case auto
}

extension FramingMode {
    /// The framing a writer uses for this mode: `.auto` has not been decided, and the daemon's
    /// answer to a client that has not spoken yet is most likely read by a person, so it writes
    /// lines until told otherwise.
    var resolvedForWriting: FramingMode {
        self == .auto ? .newline : self
    }
}
