import RPC

/// Watches what a server receives and sends (for recording transcripts). Called on the
/// session's executor, in order.
public protocol TrafficObserver: AnyObject {
    /// A frame the session is about to handle.
    func received(_ frame: [UInt8])
    /// A message the session sent, with its wire line.
    func sent(_ message: OutboundMessage, line: [UInt8])
    /// A scheduled action (a timer, a simulated latency) finished running.
    func scheduledWorkFinished()
    /// The server stopped; nothing more will be observed.
    func finished()
}
