import Host
import JSON
import Signals
import ViewModels

/// Services played by the client: each call becomes a JSON-RPC request from the daemon
/// (`registerService/register`, `paymentService/process`, `friendsService/list`…), and the
/// client's result or error feeds the view model.
enum ClientServices {
    /// A client failure as a service failure: the client's own message is the reason.
    static func serviceError(_ error: ClientCallError) -> ServiceError {
        switch error {
        case let .remote(_, message, data):
            let kind = data?["kind"]?.stringValue.flatMap(ServiceError.Kind.init(rawValue:)) ?? .other
            return ServiceError(kind, reason: message)
        case .timedOut, .tooManyPending:
            return ServiceError(.unreachable, reason: error.description)
        case .disconnected:
            return ServiceError(.unreachable, reason: error.description)
        }
    }

    /// Decodes a client's result, or fails the call with a clear reason.
    static func decode<T: JSONConvertible>(_ value: JSONValue, as type: T.Type, method: String) -> SignalProducer<T, ServiceError> {
        do {
            return SignalProducer(value: try T(json: value))
        } catch {
            return SignalProducer(error: ServiceError(.invalidRequest, reason: "the client's answer to \(method) is not valid: \(error)"))
        }
    }
}

/// `RegisterService` played by the client.
final class ClientRegisterService: RegisterService {
    private let client: ClientChannel
    private let instance: String

    init(client: ClientChannel, instance: String) {
        self.client = client
        self.instance = instance
    }

    func register(username: String, password: String) -> SignalProducer<JSONValue, ServiceError> {
        client.call("registerService/register", params: ["vm": .string(instance), "username": .string(username), "password": .string(password)])
            .mapError(ClientServices.serviceError)
    }
}

/// `PaymentService` played by the client.
final class ClientPaymentService: PaymentService {
    private let client: ClientChannel
    private let instance: String

    init(client: ClientChannel, instance: String) {
        self.client = client
        self.instance = instance
    }

    func process(token: String, for product: Product) -> SignalProducer<Void, ServiceError> {
        client.call("paymentService/process", params: ["vm": .string(instance), "token": .string(token), "product": product.json])
            .mapError(ClientServices.serviceError)
            .map { _ in () }
    }
}

/// `FriendsService` played by the client.
final class ClientFriendsService: FriendsService {
    private let client: ClientChannel
    private let instance: String

    init(client: ClientChannel, instance: String) {
        self.client = client
        self.instance = instance
    }

    private func call<T: JSONConvertible>(_ operation: String, _ params: JSONObject, as type: T.Type) -> SignalProducer<T, ServiceError> {
        var params = params
        params["vm"] = .string(instance)
        let method = "friendsService/\(operation)"
        return client.call(method, params: .object(params))
            .mapError(ClientServices.serviceError)
            .flatMap(.concat) { ClientServices.decode($0, as: T.self, method: method) }
    }

    func list() -> SignalProducer<[Friend], ServiceError> {
        call("list", [:], as: [Friend].self)
    }

    func friend(id: Int) -> SignalProducer<Friend, ServiceError> {
        call("get", ["id": .integer(Int64(id))], as: Friend.self)
    }

    func create(_ draft: FriendDraft) -> SignalProducer<Friend, ServiceError> {
        call("create", ["friend": draft.json], as: Friend.self)
    }

    func update(_ friend: Friend) -> SignalProducer<Friend, ServiceError> {
        call("update", ["friend": friend.json], as: Friend.self)
    }

    func delete(id: Int) -> SignalProducer<Void, ServiceError> {
        call("delete", ["id": .integer(Int64(id))], as: JSONValue.self).map { _ in () }
    }
}
