import JSON

/// One of the host's own methods (a name without a dot) and its parameters: what dispatch
/// accepts (`HostRequest.methods`) and what `rpc.discover` lists, from one declaration.
public struct HostMethod: Sendable {
    /// One parameter of a host method.
    public struct Parameter: Sendable {
        /// Its name, as given by name.
        public let name: String
        /// Whether a call must give it.
        public let required: Bool
        /// The JSON Schema of its value.
        public let schema: JSONValue

        /// A parameter called `name`.
        public init(_ name: String, required: Bool, schema: JSONValue) {
            self.name = name
            self.required = required
            self.schema = schema
        }
    }

    /// The method's name.
    public let name: String
    /// Its parameters, in the order they may be given by position.
    public let parameters: [Parameter]
    /// Whether it works only on the virtual clock (`--clock virtual`), which is checked before
    /// its parameters.
    public let needsVirtualClock: Bool

    /// A host method called `name` taking `parameters`.
    public init(_ name: String, _ parameters: [Parameter], needsVirtualClock: Bool = false) {
        self.name = name
        self.parameters = parameters
        self.needsVirtualClock = needsVirtualClock
    }
}
