import RPC

/// What a transport talks to: a session as one wire protocol speaks it. For plain JSON-RPC the
/// adapter is the ``Session`` itself; another protocol's (the `MCPServer` module's
/// `MCPAdapter`) wraps one, translating messages in both directions. The transport calls
/// these on the session's executor only.
public protocol ProtocolAdapter: AnyObject {
    /// Handles one frame, already parsed.
    func handle(parsed: ParsedPayload)
    /// Reports a frame skipped for exceeding the line limit.
    func handleOversizedFrame(length: Int, limit: Int)
    /// Reports a frame whose header could not be understood.
    func handleMalformedFrame(_ reason: String)
    /// End of input: nobody will answer a call to the client any more.
    func inputEnded()
    /// Whether the client asked to stop (the transport then flushes and exits).
    var isShutdownRequested: Bool { get }
}

extension Session: ProtocolAdapter {}

