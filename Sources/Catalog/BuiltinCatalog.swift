import Host

/// The built-in view models of the source documents, declared to the host.
public enum BuiltinCatalog {
    /// A registry with every built-in type.
    public static func registry() -> Registry {
        var registry = Registry()
        registry.register(signup)
        registry.register(register)
        registry.register(signin)
        registry.register(checkout)
        registry.register(friendList)
        registry.register(addFriend)
        registry.register(updateFriend)
        return registry
    }
}
