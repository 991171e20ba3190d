import Signals
import Synchronization

/// The built-in friends backend: an embedded store seeded with sample friends.
///
/// Answers on the scheduler (after `latency`), like a remote backend would, so view models see
/// the same asynchrony in tests, in the daemon and in apps.
public final class FriendsStore: FriendsService, @unchecked Sendable {
    /// Guards `friends` and `nextID`.
    private let lock = Mutex<Void>(())
    private var friends: [Friend]
    private var nextID: Int
    private let scheduler: DateScheduler
    private let latency: Double

    /// The friends a new store starts with.
    public static let sampleFriends = [
        Friend(id: 1, firstname: "Ada", lastname: "Lovelace", phonenumber: "+44 20 7946 0001"),
        Friend(id: 2, firstname: "Grace", lastname: "Hopper", phonenumber: "+1 202 555 0142"),
        Friend(id: 3, firstname: "Alan", lastname: "Turing", phonenumber: "+44 161 496 0733"),
    ]

    /// An in-memory store on `scheduler` holding `friends`.
    public init(scheduler: DateScheduler, friends: [Friend] = FriendsStore.sampleFriends, latency: Double = 0.1) {
        self.scheduler = scheduler
        self.friends = friends.sorted { $0.id < $1.id }
        self.nextID = (friends.map(\.id).max() ?? 0) + 1
        self.latency = latency
    }

    public func list() -> SignalProducer<[Friend], ServiceError> {
        answer { .success(self.friends) }
    }

    public func friend(id: Int) -> SignalProducer<Friend, ServiceError> {
        answer {
            guard let friend = self.friends.first(where: { $0.id == id }) else { return .failure(Self.notFound(id)) }
            return .success(friend)
        }
    }

    public func create(_ draft: FriendDraft) -> SignalProducer<Friend, ServiceError> {
        answer {
            let friend = Friend(id: self.nextID, firstname: draft.firstname, lastname: draft.lastname, phonenumber: draft.phonenumber)
            self.nextID += 1
            self.friends.append(friend)
            return .success(friend)
        }
    }

    public func update(_ friend: Friend) -> SignalProducer<Friend, ServiceError> {
        answer {
            guard let index = self.friends.firstIndex(where: { $0.id == friend.id }) else { return .failure(Self.notFound(friend.id)) }
            self.friends[index] = friend
            return .success(friend)
        }
    }

    public func delete(id: Int) -> SignalProducer<Void, ServiceError> {
        answer {
            guard let index = self.friends.firstIndex(where: { $0.id == id }) else { return .failure(Self.notFound(id)) }
            self.friends.remove(at: index)
            return .success(())
        }
    }

    private static func notFound(_ id: Int) -> ServiceError {
        ServiceError(.notFound, reason: "no friend with id \(id)")
    }

    /// Runs `operation` under the lock when the simulated latency has passed, and sends its result.
    private func answer<T>(_ operation: @escaping () -> Result<T, ServiceError>) -> SignalProducer<T, ServiceError> {
        SignalProducer { [self] observer, lifetime in
            lifetime += scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(latency)) { [self] in
                switch lock.withLock({ _ in operation() }) {
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
