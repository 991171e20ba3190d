/// One row of the friend list: a friend, or the single row shown instead of friends.
///
/// On the wire: `{"kind":"normal","friend":{…}}`, `{"kind":"empty"}`,
/// `{"kind":"error","message":"…"}` (see the Catalog's JSON conformances).
public enum FriendCell: Equatable, Sendable {
    /// A friend.
    case normal(Friend)
    /// The only row when there are no friends.
    case empty
    /// The only row when the friends could not be loaded, with user-facing text.
    case error(message: String)
}
