import FoundationEssentials
import SystemIO
import Signals

/// The built-in friends backend: a ``FriendsStorage`` (in memory, or a SQLite database with
/// `--data-file`) answering like a remote backend would.
///
/// Answers on the scheduler (after `latency`), so view models see the same asynchrony in
/// tests, in the daemon and in apps. Each operation is one storage transaction, run when the
/// latency has passed; its answer is sent only after the transaction committed. A failed
/// operation is a ``ServiceError/Kind/storage`` failure (the view shows its alert), changes
/// nothing, and is reported through `log` (stderr in the daemon) with the path and the reason.
public final class FriendsStore: FriendsService, @unchecked Sendable {
    /// The storage and its lock, shared by every view of this store (``answering(after:)``).
    private let shared: Shared
    private let scheduler: DateScheduler
    private let latency: TimeInterval

    /// The friends a new store starts with (and a new database file).
    public static let sampleFriends = [
        Friend(id: 1, firstname: "Ada", lastname: "Lovelace", phonenumber: "+44 20 7946 0001"),
        Friend(id: 2, firstname: "Grace", lastname: "Hopper", phonenumber: "+1 202 555 0142"),
        Friend(id: 3, firstname: "Alan", lastname: "Turing", phonenumber: "+44 161 496 0733"),
    ]

    /// An in-memory store on `scheduler` holding `friends`.
    public convenience init(scheduler: DateScheduler, friends: [Friend] = FriendsStore.sampleFriends, latency: TimeInterval = 0.1) {
        self.init(storage: MemoryFriendsStorage(friends: friends), scheduler: scheduler, latency: latency)
    }

    /// A store on any storage engine. `log` hears every failed operation.
    public init(storage: FriendsStorage, scheduler: DateScheduler, latency: TimeInterval = 0.1, log: @escaping (String) -> Void = { _ in }) {
        self.shared = Shared(storage: storage, log: log)
        self.scheduler = scheduler
        self.latency = latency
    }

    private init(shared: Shared, scheduler: DateScheduler, latency: TimeInterval) {
        self.shared = shared
        self.scheduler = scheduler
        self.latency = latency
    }

    /// The same store (same storage) answering after `latency`: several screens can share one
    /// store and each keep its own simulated latency.
    public func answering(after latency: TimeInterval) -> FriendsStore {
        FriendsStore(shared: shared, scheduler: scheduler, latency: latency)
    }

    public func list() -> SignalProducer<[Friend], ServiceError> {
        later { storage throws(FriendsStorageFailure) in .success(try storage.list()) }
    }

    public func friend(id: Int) -> SignalProducer<Friend, ServiceError> {
        later { storage throws(FriendsStorageFailure) in
            guard let friend = try storage.friend(id: id) else { return .failure(Self.notFound(id)) }
            return .success(friend)
        }
    }

    public func create(_ draft: FriendDraft) -> SignalProducer<Friend, ServiceError> {
        later { storage throws(FriendsStorageFailure) in .success(try storage.create(draft)) }
    }

    public func update(_ friend: Friend) -> SignalProducer<Friend, ServiceError> {
        later { storage throws(FriendsStorageFailure) in
            try storage.update(friend) ? .success(friend) : .failure(Self.notFound(friend.id))
        }
    }

    public func delete(id: Int) -> SignalProducer<Void, ServiceError> {
        later { storage throws(FriendsStorageFailure) in
            try storage.delete(id: id) ? .success(()) : .failure(Self.notFound(id))
        }
    }

    private static func notFound(_ id: Int) -> ServiceError {
        ServiceError(.notFound, reason: "no friend with id \(id)")
    }

    /// Closes the storage every view of this store shares (see ``FriendsStorage/close()``):
    /// operations after it fail with a storage error.
    public func close() {
        shared.close()
    }

    /// Runs `operation` on the storage after `latency` on the scheduler and sends its result.
    /// Interrupting the producer first (a view model going away) cancels the operation:
    /// nothing changes.
    private func later<T>(_ operation: @escaping (FriendsStorage) throws(FriendsStorageFailure) -> Result<T, ServiceError>) -> SignalProducer<T, ServiceError> {
        SignalProducer { [scheduler, latency, shared] observer, lifetime in
            lifetime += scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(latency)) {
                switch shared.perform(operation) {
                case let .success(value):
                    observer.send(value: value)
                    observer.sendCompleted()
                case let .failure(error):
                    observer.send(error: error)
                }
            }
        }
    }
}

extension FriendsStore {
    /// The storage, used by one operation at a time, and where failures are reported.
    private final class Shared: @unchecked Sendable {
        private let lock = Monitor(())
        private let storage: FriendsStorage
        private let log: (String) -> Void

        init(storage: FriendsStorage, log: @escaping (String) -> Void) {
            self.storage = storage
            self.log = log
        }

        func close() {
            lock.withLock { _ in storage.close() }
        }

        func perform<T>(_ operation: (FriendsStorage) throws(FriendsStorageFailure) -> Result<T, ServiceError>) -> Result<T, ServiceError> {
            lock.withLock { _ in
                do throws(FriendsStorageFailure) {
                    return try operation(storage)
                } catch {
                    log(error.description)
                    return .failure(ServiceError(.storage, reason: error.description))
                }
            }
        }
    }
}
