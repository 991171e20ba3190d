import JSON
import Signals

/// The registration backend: answers with a JSON response holding a `token` on success.
public protocol RegisterService {
    /// Registers a user. The producer sends the backend's JSON response and completes, or
    /// fails with the backend's reason.
    func register(username: String, password: String) -> SignalProducer<JSONValue, ServiceError>
}
