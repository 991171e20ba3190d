import FoundationEssentials
import Signals
import ViewModels

/// A friends backend for tests: an in-memory list that answers after `latency` on a
/// `TestScheduler`, with any operation made to fail, and a record of what was asked.
///
/// Each call is recorded when its producer starts (`calls`), and counted in `interrupted` if
/// it is cancelled before answering (a view model going away). Changes are applied when the
/// answer is due, like the real store, so a cancelled change changes nothing.
final class FakeFriendsService: FriendsService, @unchecked Sendable {
    var friends: [Friend]
    /// Set to make that operation fail with this error.
    var listError: ServiceError?
    var friendError: ServiceError?
    var createError: ServiceError?
    var updateError: ServiceError?
    var deleteError: ServiceError?

    /// Calls in the order their producers started: "list", "get 1", "create Ada", "update 1", "delete 1".
    private(set) var calls: [String] = []
    /// Calls cancelled before they answered.
    private(set) var interrupted = 0

    private let scheduler: TestScheduler
    /// nil: answer synchronously, as the producer starts (a client channel that is already
    /// disconnected fails like this).
    private let latency: TimeInterval?

    init(scheduler: TestScheduler, friends: [Friend] = FakeFriendsService.friends, latency: TimeInterval? = 0.1) {
        self.scheduler = scheduler
        self.friends = friends
        self.latency = latency
    }

    static let ada = Friend(id: 1, firstname: "Ada", lastname: "Lovelace", phonenumber: "+44 20 7946 0001")
    static let grace = Friend(id: 2, firstname: "Grace", lastname: "Hopper", phonenumber: "+1 202 555 0142")
    static let friends = [ada, grace]

    func list() -> SignalProducer<[Friend], ServiceError> {
        answer("list", failure: listError) { .success(self.friends) }
    }

    func friend(id: Int) -> SignalProducer<Friend, ServiceError> {
        answer("get \(id)", failure: friendError) {
            guard let friend = self.friends.first(where: { $0.id == id }) else { return .failure(Self.notFound(id)) }
            return .success(friend)
        }
    }

    func create(_ draft: FriendDraft) -> SignalProducer<Friend, ServiceError> {
        answer("create \(draft.firstname) \(draft.lastname) \(draft.phonenumber)", failure: createError) {
            let friend = Friend(id: (self.friends.map(\.id).max() ?? 0) + 1, firstname: draft.firstname, lastname: draft.lastname, phonenumber: draft.phonenumber)
            self.friends.append(friend)
            return .success(friend)
        }
    }

    func update(_ friend: Friend) -> SignalProducer<Friend, ServiceError> {
        answer("update \(friend.id) \(friend.firstname) \(friend.lastname) \(friend.phonenumber)", failure: updateError) {
            guard let index = self.friends.firstIndex(where: { $0.id == friend.id }) else { return .failure(Self.notFound(friend.id)) }
            self.friends[index] = friend
            return .success(friend)
        }
    }

    func delete(id: Int) -> SignalProducer<Void, ServiceError> {
        answer("delete \(id)", failure: deleteError) {
            guard let index = self.friends.firstIndex(where: { $0.id == id }) else { return .failure(Self.notFound(id)) }
            self.friends.remove(at: index)
            return .success(())
        }
    }

    private static func notFound(_ id: Int) -> ServiceError {
        ServiceError(.notFound, reason: "no friend with id \(id)")
    }

    private func answer<T>(_ call: String, failure: ServiceError?, _ operation: @escaping () -> Result<T, ServiceError>) -> SignalProducer<T, ServiceError> {
        SignalProducer { [self] observer, lifetime in
            calls.append(call)
            var answered = false
            let send = {
                answered = true
                switch failure.map(Result<T, ServiceError>.failure) ?? operation() {
                case let .success(value):
                    observer.send(value: value)
                    observer.sendCompleted()
                case let .failure(error):
                    observer.send(error: error)
                }
            }
            guard let latency else { return send() }
            lifetime += scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(latency), action: send)
            lifetime.observeEnded { [self] in
                if !answered { interrupted += 1 }
            }
        }
    }
}

extension Environment {
    /// The built-in environment with `friendsService` replaced.
    static func friends(_ service: FriendsService, scheduler: TestScheduler) -> Environment {
        var environment = Environment.builtIn(scheduler: scheduler)
        environment.friendsService = service
        return environment
    }
}

/// Every failure kind with the text the friends screens show for it (`invalidRequest` shows
/// the service's reason, here "Phone number is too long.").
let failureTexts: [(ServiceError.Kind, String)] = [
    (.notFound, "This friend no longer exists."),
    (.unauthorized, "You are not allowed to do that."),
    (.unreachable, "The server cannot be reached. Check your connection and try again."),
    (.invalidRequest, "Phone number is too long."),
    (.storage, "Your change could not be saved."),
    (.other, "Something went wrong. Please try again."),
]

/// A failure of `kind` whose reason is the one `failureTexts` expects for `invalidRequest`.
func failure(_ kind: ServiceError.Kind) -> ServiceError {
    ServiceError(kind, reason: "Phone number is too long.")
}
