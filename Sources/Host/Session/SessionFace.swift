import RPC

/// What a transport talks to: a protocol face over a session. The plain JSON-RPC face is the
/// ``Session`` itself; another face (the `MCP` module's) wraps one, translating messages in
/// both directions. The transport calls these on the session's executor only.
public protocol SessionFace: AnyObject {
    /// Handles one frame, already parsed.
    func handle(parsed: ParsedPayload)
    /// Whether `lookAhead(atMethod:)` would do anything now; asked once per chunk of frames,
    /// so a transport skips the look-ahead's own work when the answer is no.
    var wantsLookAhead: Bool { get }
    /// A hint, given before each frame of a chunk is handed over, with the method of the
    /// frame `Session.lookAheadDistance` places further on if that frame is a single request
    /// (nil otherwise, and past the chunk's end; see `Session.lookAhead(atMethod:)`); faces
    /// without a use for it do nothing.
    func lookAhead(atMethod method: String?)
    /// Reports a frame skipped for exceeding the line limit.
    func handleOversizedFrame(length: Int, limit: Int)
    /// Reports a frame whose header could not be understood.
    func handleMalformedFrame(_ reason: String)
    /// End of input: nobody will answer a call to the client any more.
    func inputEnded()
    /// Whether the client asked to stop (the transport then flushes and exits).
    var isShutdownRequested: Bool { get }
}

extension Session: SessionFace {}

extension SessionFace {
    /// No: the hint is optional.
    public var wantsLookAhead: Bool { false }
    /// Nothing: the hint is optional.
    public func lookAhead(atMethod method: String?) {}
}
