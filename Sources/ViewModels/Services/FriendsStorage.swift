/// Where the built-in friends store keeps its friends: a small protocol, so another engine can
/// back the store.
///
/// Two engines ship: ``MemoryFriendsStorage`` (no `--data-file`) and
/// ``SQLiteFriendsStorage`` (an embedded database file; several daemons may share one). A
/// shared server database (PostgreSQL, say) would be a third: each operation one transaction
/// on a connection pool, ids from a sequence, so daemons on many machines serve one list.
///
/// Every operation is one transaction: it has either happened completely and durably when it
/// returns, or it throws and has changed nothing. Calls come from one thread at a time.
public protocol FriendsStorage: AnyObject {
    /// Every friend, in id order.
    func list() throws(FriendsStorageFailure) -> [Friend]
    /// The friend with `id`, or nil.
    func friend(id: Int) throws(FriendsStorageFailure) -> Friend?
    /// Stores a new friend under a fresh id (never one used before, by any process) and
    /// returns it.
    func create(_ draft: FriendDraft) throws(FriendsStorageFailure) -> Friend
    /// Replaces the friend with `friend.id`; false when there is none.
    func update(_ friend: Friend) throws(FriendsStorageFailure) -> Bool
    /// Removes the friend with `id`; false when there is none.
    func delete(id: Int) throws(FriendsStorageFailure) -> Bool
    /// Lets go of what the storage holds outside the process (a database connection), so the
    /// process can end without tearing down everything that uses it; every later operation
    /// fails, saying so. Storage with nothing outside the process keeps working.
    func close()
}

extension FriendsStorage {
    /// Nothing to let go of.
    public func close() {}
}

/// Why the storage could not be opened or an operation failed: a sentence naming the file and
/// the reason, for the view's alert and for stderr.
public struct FriendsStorageFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The sentence.
    public let description: String

    /// A failure saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}

/// Friends in memory, for a daemon without `--data-file`: gone when the process ends.
public final class MemoryFriendsStorage: FriendsStorage {
    private var friends: [Friend]
    /// The id the next created friend gets; ids of deleted friends are never handed out again.
    private var nextID: Int

    /// Storage holding `friends`.
    public init(friends: [Friend]) {
        self.friends = friends.sorted { $0.id < $1.id }
        self.nextID = (friends.map(\.id).max() ?? 0) + 1
    }

    public func list() -> [Friend] { friends }

    public func friend(id: Int) -> Friend? {
        friends.first { $0.id == id }
    }

    public func create(_ draft: FriendDraft) -> Friend {
        let friend = Friend(id: nextID, firstname: draft.firstname, lastname: draft.lastname, phonenumber: draft.phonenumber)
        nextID += 1
        friends.append(friend)
        return friend
    }

    public func update(_ friend: Friend) -> Bool {
        guard let index = friends.firstIndex(where: { $0.id == friend.id }) else { return false }
        friends[index] = friend
        return true
    }

    public func delete(id: Int) -> Bool {
        guard let index = friends.firstIndex(where: { $0.id == id }) else { return false }
        friends.remove(at: index)
        return true
    }
}
