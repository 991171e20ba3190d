import Host

/// The built-in view models of the source documents, declared to the host.
public enum BuiltinCatalog {
    /// A registry with every built-in type, each declared when it is first used (see
    /// `Registry.register(_:declaredBy:)`).
    public static func registry() -> Registry {
        var registry = Registry()
        registry.register("signup", declaredBy: signup(named:))
        registry.register("register", declaredBy: register(named:))
        registry.register("signin", declaredBy: signin(named:))
        registry.register("checkout", declaredBy: checkout(named:))
        registry.register("friendList", declaredBy: friendList(named:))
        registry.register("addFriend", declaredBy: addFriend(named:))
        registry.register("updateFriend", declaredBy: updateFriend(named:))
        return registry
    }
}
