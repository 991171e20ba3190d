/// Objects shared by every instance of one session (for example one friends store that the
/// friend list, add and update screens all see). Lives as long as the session.
///
/// Confined to the session's executor, like everything a `make` closure touches.
public final class SessionStorage: @unchecked Sendable {
    private var objects: [String: AnyObject] = [:]

    /// Empty storage.
    public init() {}

    /// The object stored under `key`, created by `make` on first use. A failing `make` stores
    /// nothing, so a later call tries again.
    public func value<T: AnyObject, E: Error>(for key: String, make: () throws(E) -> T) throws(E) -> T {
        if let existing = objects[key] as? T { return existing }
        let created = try make()
        objects[key] = created
        return created
    }
}
