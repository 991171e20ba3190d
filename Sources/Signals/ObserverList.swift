/// The observers of a signal core, in subscription order.
///
/// Most cores have exactly one observer (the next operator of a chain), so one observer is
/// stored inline and an array is allocated only for a second: every small graph saves an
/// array buffer per core. The enum packs into one word.
@usableFromInline
struct ObserverList {
    @usableFromInline
    enum Storage {
        case none
        case one(SubscriptionBase)
        case many(ContiguousArray<SubscriptionBase>)
    }

    @usableFromInline
    var storage = Storage.none

    /// How many observers there are.
    @inlinable
    var count: Int {
        switch storage {
        case .none: 0
        case .one: 1
        case let .many(list): list.count
        }
    }

    @usableFromInline
    var isEmpty: Bool { count == 0 }

    /// The only observer, if there is exactly one.
    @inline(__always)
    @inlinable
    var single: SubscriptionBase? {
        switch storage {
        case let .one(subscription): subscription
        case let .many(list) where list.count == 1: list[0]
        case .none, .many: nil
        }
    }

    /// Every observer, as an array (allocating one when the list is a single observer).
    @inlinable
    var all: ContiguousArray<SubscriptionBase> {
        switch storage {
        case .none: []
        case let .one(subscription): [subscription]
        case let .many(list): list
        }
    }

    @inlinable
    mutating func append(_ subscription: SubscriptionBase) {
        switch storage {
        case .none:
            storage = .one(subscription)
        case let .one(first):
            storage = .many([first, subscription])
        case var .many(list):
            storage = .none // drop the enum's reference, so the append does not copy the buffer
            list.append(subscription)
            storage = .many(list)
        }
    }

    /// Removes `subscription` (compared by identity) and returns it; nil if it is not here.
    @inlinable
    mutating func remove(_ subscription: SubscriptionBase) -> SubscriptionBase? {
        switch storage {
        case .none:
            return nil
        case let .one(only):
            guard only === subscription else { return nil }
            storage = .none
            return only
        case var .many(list):
            guard let index = list.firstIndex(where: { $0 === subscription }) else { return nil }
            storage = .none
            let removed = list.remove(at: index)
            storage = list.count == 1 ? .one(list[0]) : .many(list)
            return removed
        }
    }

    /// Removes and returns every observer.
    @inlinable
    mutating func removeAll() -> ContiguousArray<SubscriptionBase> {
        defer { storage = .none }
        return all
    }
}
