import JSON
import Signals

/// A friend in the friends screens.
public struct Friend: Equatable, Sendable, Codable {
    /// The store's identifier.
    public var id: Int
    /// First name.
    public var firstname: String
    /// Last name.
    public var lastname: String
    /// Phone number, as typed.
    public var phonenumber: String

    /// A friend.
    public init(id: Int, firstname: String, lastname: String, phonenumber: String) {
        self.id = id
        self.firstname = firstname
        self.lastname = lastname
        self.phonenumber = phonenumber
    }
}

/// A friend not yet saved (no id).
public struct FriendDraft: Equatable, Sendable, Codable {
    /// First name.
    public var firstname: String
    /// Last name.
    public var lastname: String
    /// Phone number.
    public var phonenumber: String

    /// A draft.
    public init(firstname: String, lastname: String, phonenumber: String) {
        self.firstname = firstname
        self.lastname = lastname
        self.phonenumber = phonenumber
    }
}

/// The friends backend: list, read, create, update, delete. Every call can fail.
public protocol FriendsService {
    /// All friends, in id order.
    func list() -> SignalProducer<[Friend], ServiceError>
    /// One friend.
    func friend(id: Int) -> SignalProducer<Friend, ServiceError>
    /// Saves a new friend; sends it with its new id.
    func create(_ draft: FriendDraft) -> SignalProducer<Friend, ServiceError>
    /// Saves changes to an existing friend.
    func update(_ friend: Friend) -> SignalProducer<Friend, ServiceError>
    /// Deletes a friend.
    func delete(id: Int) -> SignalProducer<Void, ServiceError>
}
