import JSON
import Signals

/// What a view-model type's `make` closure gets to build one instance.
public struct CreationContext: @unchecked Sendable {
    /// The instance's id.
    public let id: String
    /// The `options` object of `create` (empty when created implicitly).
    public let options: JSONObject
    /// The scheduler view models must use for time and for service replies: the session's
    /// serial executor, or its virtual clock under `--clock virtual`.
    public let scheduler: DateScheduler
    /// Calls the client: a service call delegated to the client as a JSON-RPC request.
    public let client: ClientChannel
    /// Host-wide settings a type may use (for example `dataFile`, from `--data-file`).
    public let settings: JSONObject
    /// Objects shared by all instances of the session (one store for several screens).
    public let storage: SessionStorage
    /// Reports a problem to the operator (stderr in the daemon, never stdout): a failed save.
    public let log: (String) -> Void

    /// A context; the host makes these, tests may too.
    public init(
        id: String, options: JSONObject, scheduler: DateScheduler, client: ClientChannel,
        settings: JSONObject = [:], storage: SessionStorage = SessionStorage(), log: @escaping (String) -> Void = { _ in }
    ) {
        self.id = id
        self.options = options
        self.scheduler = scheduler
        self.client = client
        self.settings = settings
        self.storage = storage
        self.log = log
    }
}
