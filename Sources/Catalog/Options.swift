import FoundationEssentials
import Host
import JSON

/// Reading `create` options with errors that name the option and the expected type.
struct Options {
    let object: JSONObject
    let type: String

    init(_ context: CreationContext, type: String) {
        self.object = context.options
        self.type = type
    }

    /// Fails on keys that no option of this type has (a typo should not pass silently).
    func allowOnly(_ keys: [String]) throws(CreationFailure) {
        if let unknown = object.keys.first(where: { !keys.contains($0) }) {
            throw CreationFailure("unknown option '\(unknown)' for \(type); options are \(keys.joined(separator: ", "))")
        }
    }

    func string(_ key: String) throws(CreationFailure) -> String? {
        try value(key, String?.self)
    }

    func value<T: JSONConvertible>(_ key: String, _ type: T.Type) throws(CreationFailure) -> T {
        do {
            return try T(json: object[key] ?? .null)
        } catch {
            throw CreationFailure("option '\(key)' expects \(T.jsonTypeName), got \(error.found)")
        }
    }

    /// A latency option in milliseconds, as seconds.
    func latency(_ key: String = "latencyMs", default seconds: TimeInterval) throws(CreationFailure) -> TimeInterval {
        guard let ms = try value(key, Double?.self) else { return seconds }
        guard ms >= 0, ms.isFinite else { throw CreationFailure("option '\(key)' must be a non-negative number of milliseconds") }
        return ms / 1000
    }

    /// True when the client plays this type's service (`"service": "client"`).
    func usesClientService() throws(CreationFailure) -> Bool {
        switch try string("service") {
        case nil, "builtin": return false
        case "client": return true
        case let other?: throw CreationFailure("option 'service' must be \"builtin\" or \"client\", got \"\(other)\"")
        }
    }
}
