import JSON

extension Session {
    /// `describe`: every type with its inputs, outputs and options.
    func makeDescribeDocument() -> JSONValue {
        TypeDescription.describeDocument(registry.descriptions)
    }

    /// `rpc.discover`: the same description as an OpenRPC 1.3 document.
    func makeOpenRPCDocument() -> JSONValue {
        TypeDescription.openRPCDocument(registry.descriptions, hostMethods: HostRequest.methods, identity: configuration.identity)
    }
}
