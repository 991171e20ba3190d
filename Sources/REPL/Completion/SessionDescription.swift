import Host
import JSON

/// What the session says about itself, as the REPL uses it for completion and `.help`: the
/// types from `describe` (as the host's own ``TypeDescription`` values) and the instances
/// from `list`. Nothing here is hard-coded: a type added to the registry shows up in
/// completion and help with no change to the REPL.
public struct SessionDescription: Equatable, Sendable {
    /// The view-model types, in registration order.
    public var types: [TypeDescription]
    /// The live instances, in creation order.
    public var instances: [InstanceInfo]

    /// A description.
    public init(types: [TypeDescription] = [], instances: [InstanceInfo] = []) {
        self.types = types
        self.instances = instances
    }

    /// The type called `name`.
    public func type(named name: String) -> TypeDescription? {
        types.first { bytesEqual($0.name, name) }
    }

    /// The type of the instance `id`, or of the type `id` names (which the session creates on
    /// first use).
    public func type(ofTarget id: String) -> TypeDescription? {
        if let instance = instances.first(where: { bytesEqual($0.id, id) }) { return type(named: instance.type) }
        return type(named: id)
    }
}

extension TypeDescription {
    /// `.new register {"latencyMs": number ≥ 0, "outcome": "token"|"noToken"|"failure", …}`.
    var creationHint: String {
        guard !options.isEmpty else { return ".new \(name) [as ID]: no options" }
        return ".new \(name) [as ID] {" + options.map { "\"\($0.name)\": \($0.typeText)" }.joined(separator: ", ") + "}"
    }
}

/// A live instance as `list` reports it.
public struct InstanceInfo: Equatable, Sendable {
    /// Its id.
    public let id: String
    /// Its type's name.
    public let type: String
}

extension SessionDescription {
    /// The instances in a `list` result.
    public static func instances(fromList result: JSONValue) -> [InstanceInfo] {
        (result.arrayValue ?? []).compactMap { entry in
            guard let id = entry["id"]?.stringValue, let type = entry["type"]?.stringValue else { return nil }
            return InstanceInfo(id: id, type: type)
        }
    }
}
