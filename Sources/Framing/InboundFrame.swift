/// One item read from the wire by a ``FrameDecoder`` or a ``FrameReader``: a message body, or
/// what the framing layer found instead.
///
/// Problems with the input are items, not thrown errors: the stream stays usable after them, and
/// the daemon answers each one (JSON-RPC "parse error" or "invalid request") instead of hanging up.
public enum InboundFrame: Sendable, Equatable {
    /// One message body, without its terminator or header.
    ///
    /// The bytes are exactly those on the wire: invalid UTF-8 is passed through as is, so the JSON
    /// layer, not the framing layer, decides what to do with it.
    case message([UInt8])

    /// A message longer than the decoder's `maxMessageLength` was skipped without being stored.
    ///
    /// `length` is the message's total length in bytes: for a line, its length without the
    /// terminator (`"\n"` or `"\r\n"`); in Content-Length mode, the declared Content-Length.
    case tooLong(length: Int)

    /// Content-Length mode only: a header block that cannot be understood; the text says why.
    ///
    /// The decoder has already resynchronised when this is delivered (see ``FrameDecoder`` for the
    /// rules), so the next item is the next message the peer sent.
    case invalidHeader(String)
}
