/// A JSON-RPC error code. The standard codes are static constants; applications may define
/// their own in the server range (-32000 … -32099) or outside the reserved range.
public struct RPCErrorCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The numeric code.
    public let rawValue: Int

    /// A code with this number.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Invalid JSON was received.
    public static let parseError = RPCErrorCode(rawValue: -32700)
    /// The JSON is not a valid request object.
    public static let invalidRequest = RPCErrorCode(rawValue: -32600)
    /// The method (host method, instance or input) does not exist.
    public static let methodNotFound = RPCErrorCode(rawValue: -32601)
    /// The parameters are invalid: the message names the parameter and the expected type.
    public static let invalidParams = RPCErrorCode(rawValue: -32602)
    /// A failure inside the daemon.
    public static let internalError = RPCErrorCode(rawValue: -32603)

    /// A configured limit was reached (instances, batch size, pending client calls…).
    public static let limitExceeded = RPCErrorCode(rawValue: -32001)
    /// The instance could not be created (bad options, unreadable data file…).
    public static let creationFailed = RPCErrorCode(rawValue: -32002)
    /// An instance with that id already exists.
    public static let instanceExists = RPCErrorCode(rawValue: -32003)
    /// The operation needs the virtual clock (`--clock virtual`).
    public static let clockNotVirtual = RPCErrorCode(rawValue: -32004)

    public var description: String { String(rawValue) }
}
