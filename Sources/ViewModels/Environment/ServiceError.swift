/// Why a service call failed: a kind the view models map to user-facing text, and the
/// service's own reason.
public struct ServiceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The broad kind of failure.
    public enum Kind: String, Sendable, CaseIterable {
        /// The thing asked for does not exist.
        case notFound
        /// The caller may not do this.
        case unauthorized
        /// The backend could not be reached.
        case unreachable
        /// The request was rejected as invalid.
        case invalidRequest
        /// The backend could not store the change.
        case storage
        /// Anything else.
        case other
    }

    /// The kind.
    public var kind: Kind
    /// The service's reason, as it gave it.
    public var reason: String

    /// A failure with a kind and a reason.
    public init(_ kind: Kind = .other, reason: String) {
        self.kind = kind
        self.reason = reason
    }

    public var description: String { reason }
}
