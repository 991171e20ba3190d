import FoundationEssentials
import Signals
import Synchronization

/// The built-in friends backend: an embedded store seeded with sample friends, kept in
/// memory or persisted to a data file.
///
/// Answers on the scheduler (after `latency`), like a remote backend would, so view models see
/// the same asynchrony in tests, in the daemon and in apps.
///
/// With a data file (``init(scheduler:dataFile:latency:)``) every change is saved before it is
/// answered: the change is made on a copy, the copy is written (atomically, see
/// ``FriendsStoreFile``), and only then does the store take it. A failed save fails that
/// operation with ``ServiceError/Kind/storage`` and leaves both memory and file as they were.
public final class FriendsStore: FriendsService, @unchecked Sendable {
    /// The friends and the file, shared by every view of this store (``answering(after:)``).
    private let state: State
    private let scheduler: DateScheduler
    private let latency: TimeInterval

    /// The friends a new store starts with (and a persisting store whose file does not exist yet).
    public static let sampleFriends = [
        Friend(id: 1, firstname: "Ada", lastname: "Lovelace", phonenumber: "+44 20 7946 0001"),
        Friend(id: 2, firstname: "Grace", lastname: "Hopper", phonenumber: "+1 202 555 0142"),
        Friend(id: 3, firstname: "Alan", lastname: "Turing", phonenumber: "+44 161 496 0733"),
    ]

    /// An in-memory store on `scheduler` holding `friends`.
    public convenience init(scheduler: DateScheduler, friends: [Friend] = FriendsStore.sampleFriends, latency: TimeInterval = 0.1) {
        self.init(state: State(contents: FriendsStoreFile.Contents(friends: friends), file: nil), scheduler: scheduler, latency: latency)
    }

    /// A store persisting to the file at `path`: loaded from it now, saved to it after every
    /// change. A missing file means the sample friends; the file is created by the first save.
    /// Throws, without touching the file, when it exists but cannot be read or is corrupt.
    public convenience init(scheduler: DateScheduler, dataFile path: String, latency: TimeInterval = 0.1) throws(FriendsStoreFile.Failure) {
        let file = FriendsStoreFile(path: path)
        let contents = try file.load() ?? FriendsStoreFile.Contents(friends: Self.sampleFriends)
        self.init(state: State(contents: contents, file: file), scheduler: scheduler, latency: latency)
    }

    private init(state: State, scheduler: DateScheduler, latency: TimeInterval) {
        self.state = state
        self.scheduler = scheduler
        self.latency = latency
    }

    /// The same store (same friends, same file) answering after `latency`: several screens
    /// can share one store and each keep its own simulated latency.
    public func answering(after latency: TimeInterval) -> FriendsStore {
        FriendsStore(state: state, scheduler: scheduler, latency: latency)
    }

    public func list() -> SignalProducer<[Friend], ServiceError> {
        answer { .success($0.friends) }
    }

    public func friend(id: Int) -> SignalProducer<Friend, ServiceError> {
        answer { contents in
            guard let friend = contents.friends.first(where: { $0.id == id }) else { return .failure(Self.notFound(id)) }
            return .success(friend)
        }
    }

    public func create(_ draft: FriendDraft) -> SignalProducer<Friend, ServiceError> {
        change { contents in
            let friend = Friend(id: contents.nextID, firstname: draft.firstname, lastname: draft.lastname, phonenumber: draft.phonenumber)
            contents.nextID += 1
            contents.friends.append(friend)
            return .success(friend)
        }
    }

    public func update(_ friend: Friend) -> SignalProducer<Friend, ServiceError> {
        change { contents in
            guard let index = contents.friends.firstIndex(where: { $0.id == friend.id }) else { return .failure(Self.notFound(friend.id)) }
            contents.friends[index] = friend
            return .success(friend)
        }
    }

    public func delete(id: Int) -> SignalProducer<Void, ServiceError> {
        change { contents in
            guard let index = contents.friends.firstIndex(where: { $0.id == id }) else { return .failure(Self.notFound(id)) }
            contents.friends.remove(at: index)
            return .success(())
        }
    }

    private static func notFound(_ id: Int) -> ServiceError {
        ServiceError(.notFound, reason: "no friend with id \(id)")
    }

    /// Reads the contents when the simulated latency has passed.
    private func answer<T>(_ read: @escaping (FriendsStoreFile.Contents) -> Result<T, ServiceError>) -> SignalProducer<T, ServiceError> {
        later { [state] in state.read(read) }
    }

    /// Changes the contents (and saves them) when the simulated latency has passed.
    private func change<T>(_ change: @escaping (inout FriendsStoreFile.Contents) -> Result<T, ServiceError>) -> SignalProducer<T, ServiceError> {
        later { [state] in state.change(change) }
    }

    /// Runs `operation` after `latency` on the scheduler and sends its result. Interrupting
    /// the producer first (a view model going away) cancels the operation: nothing changes.
    private func later<T>(_ operation: @escaping () -> Result<T, ServiceError>) -> SignalProducer<T, ServiceError> {
        SignalProducer { [scheduler, latency] observer, lifetime in
            lifetime += scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(latency)) {
                switch operation() {
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
    /// The friends and, when persisting, their file.
    private final class State: @unchecked Sendable {
        /// Guards `contents`; held across a save so two changes never interleave their writes.
        private let lock = Mutex<Void>(())
        private var contents: FriendsStoreFile.Contents
        private let file: FriendsStoreFile?

        init(contents: FriendsStoreFile.Contents, file: FriendsStoreFile?) {
            self.contents = contents
            self.file = file
        }

        func read<T>(_ body: (FriendsStoreFile.Contents) -> Result<T, ServiceError>) -> Result<T, ServiceError> {
            lock.withLock { _ in body(contents) }
        }

        /// Applies `body` to a copy; saves the copy when persisting; takes it only if both
        /// succeeded. A failed save is a `.storage` failure and changes nothing.
        func change<T>(_ body: (inout FriendsStoreFile.Contents) -> Result<T, ServiceError>) -> Result<T, ServiceError> {
            lock.withLock { _ in
                var changed = contents
                let result = body(&changed)
                guard case .success = result else { return result }
                if let file {
                    do throws(FriendsStoreFile.Failure) {
                        try file.save(changed)
                    } catch {
                        return .failure(ServiceError(.storage, reason: error.description))
                    }
                }
                contents = changed
                return result
            }
        }
    }
}
