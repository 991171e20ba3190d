import FoundationEssentials
import Host
import JSON
import ViewModels

// The `create` options more than one built-in type takes, each declared once. A type's own
// options are declared beside it (CheckoutType.swift, RegisterType.swift, FriendsTypes.swift).

/// Who answers a type's service calls: the session's built-in simulation, or the client.
enum ServiceProvider: String, CaseIterable, Sendable {
    case builtin
    case client
}

extension CreateOption where Value == ServiceProvider {
    /// `service`: `"client"` delegates the named methods to the client.
    static func service(delegating methods: String) -> CreateOption {
        .choice("service", default: .builtin, summary: "\"client\" delegates \(methods) to the client")
    }
}

extension CreateOption where Value == Double {
    /// `latencyMs`: how long the built-in service takes to answer, in milliseconds.
    static func latency(default milliseconds: Int, summary: String = "Built-in service latency in milliseconds") -> CreateOption {
        .number("latencyMs", minimum: 0, default: milliseconds, summary: summary)
    }
}

extension CreationContext {
    /// The built-in environment with one service played by the client or built in, as the
    /// type's `service` option says: the one place that choice is made for every type.
    func environment<Service>(
        _ service: WritableKeyPath<Environment, Service>,
        chosenBy option: CreateOption<ServiceProvider>,
        client: (ClientChannel, _ instance: String) -> Service,
        builtin: () throws(CreationFailure) -> Service
    ) throws(CreationFailure) -> Environment {
        var environment = Environment.builtIn(scheduler: scheduler)
        switch try value(of: option) {
        case .client: environment[keyPath: service] = client(self.client, id)
        case .builtin: environment[keyPath: service] = try builtin()
        }
        return environment
    }

    /// A `latencyMs` option's value, in seconds.
    func seconds(of latency: CreateOption<Double>) throws(CreationFailure) -> TimeInterval {
        try value(of: latency) / 1000
    }
}
