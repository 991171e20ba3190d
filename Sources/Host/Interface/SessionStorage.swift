/// A shared object holding something outside the process (a database connection) that must be
/// let go of before the process ends: the daemon closes these and then exits without tearing
/// down its instances one by one (``Session/closeResources()``).
public protocol SessionResource: AnyObject {
    /// Lets go of what the object holds outside the process; later use fails cleanly.
    func close()
}

/// Objects shared by every instance of one session (for example one friends store that the
/// friend list, add and update screens all see). Lives as long as the session.
///
/// Confined to the session's executor, like everything a `make` closure touches.
public final class SessionStorage: @unchecked Sendable {
    private var objects: [String: AnyObject] = [:]
    /// The keys in the order their objects were made.
    private var keys: [String] = []

    /// Empty storage.
    public init() {}

    /// The object stored under `key`, created by `make` on first use. A failing `make` stores
    /// nothing, so a later call tries again.
    public func value<T: AnyObject, E: Error>(for key: String, make: () throws(E) -> T) throws(E) -> T {
        if let existing = objects[key] as? T { return existing }
        let created = try make()
        if objects.updateValue(created, forKey: key) == nil { keys.append(key) }
        return created
    }

    /// Closes every stored ``SessionResource``, in the order they were made. The objects stay
    /// stored (closed), so nothing makes them again.
    public func closeResources() {
        for key in keys {
            (objects[key] as? SessionResource)?.close()
        }
    }
}
