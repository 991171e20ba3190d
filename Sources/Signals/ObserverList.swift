/// The observers of a signal core, in subscription order, and the core's rarely needed
/// spare state, which shares a word with the second observer.
///
/// Most cores have one observer (the next operator of a chain) and most of the rest two (a
/// value both shown and used, as signup's form data, sampled and mapped), so the first
/// observer is stored in `storage` and a second in `extra` (`storage` says which: `two`),
/// the word that otherwise holds the core's spare state (`SignalCoreBase.Spare`, which most
/// cores never need); a buffer is allocated for a third, or for a second once the core has a
/// spare state. The list is two words, an observer word and a spare word, so no core grows
/// for it: a second observer kept inline spares a delivery reading a buffer of its own, and
/// growing every core by a word to keep it would move most cores up an allocator size class.
///
/// A delivery to an inline pair reads the pair when it begins (`Signal.Recipients.two`),
/// after admitting the event under the lock; a change to the list in between, or while the
/// event is queued, gives the core its spare state, which keeps the pair for that delivery
/// (see `SignalCoreBase.ensuredSpare`).
///
/// Guarded by the core's `mutex`, like the rest of its state. Observers in an
/// `ObserverBuffer` may be held by a delivery as its recipients (`Signal.Recipients.all`)
/// while the list changes: the buffer is copied on write when it is shared, like an array's.
@usableFromInline
struct ObserverList {
    /// The observers: the first one (with the second in `extra` for `two`), or all of them in
    /// a buffer. One word: the deliverer of a core with one observer reads only this.
    @usableFromInline
    enum Storage {
        case none
        case one(SubscriptionBase)
        /// Two observers: this one first, `extra` second.
        case two(SubscriptionBase)
        /// Three or more; or two when the core has a spare state (so `extra` is taken).
        case many(ObserverBuffer)
    }

    @usableFromInline
    var storage = Storage.none

    /// The second observer while `storage` is `two` (a `SubscriptionBase`); otherwise the
    /// core's spare state (a `SignalCoreBase.Spare`), or nil. A plain optional reference, so
    /// that a core with neither tests one word for nil.
    @usableFromInline
    var extra: AnyObject?

    @inlinable
    init() {}

    /// How many observers there are.
    @inlinable
    var count: Int {
        switch storage {
        case .none: 0
        case .one: 1
        case .two: 2
        case let .many(buffer): buffer.count
        }
    }

    @usableFromInline
    var isEmpty: Bool { count == 0 }

    /// The only observer, if there is exactly one.
    @inline(__always)
    @inlinable
    var single: SubscriptionBase? {
        if case let .one(subscription) = storage { return subscription }
        return nil
    }

    /// The second of exactly two observers held inline (the first is in `storage`).
    @inline(__always)
    @inlinable
    var second: SubscriptionBase? {
        guard case .two = storage, let extra else { return nil }
        return unsafeDowncast(extra, to: SubscriptionBase.self)
    }

    /// Every observer, as a new array (for termination and tests; a delivery takes `buffer`).
    @inlinable
    var all: ContiguousArray<SubscriptionBase> {
        switch storage {
        case .none: []
        case let .one(first): [first]
        case let .two(first): if let second { [first, second] } else { [first] }
        case let .many(buffer): buffer.elements
        }
    }

    /// The buffer of the observers, when they are in one; nil while they are inline.
    @inline(__always)
    @inlinable
    var buffer: ObserverBuffer? {
        if case let .many(buffer) = storage { return buffer }
        return nil
    }

    /// The core's spare state, once it has one.
    @inline(__always)
    @inlinable
    var spare: SignalCoreBase.Spare? {
        guard let extra else { return nil }
        if case .two = storage { return nil }
        return unsafeDowncast(extra, to: SignalCoreBase.Spare.self)
    }

    /// Gives the core its spare state, moving two inline observers into a buffer, in order;
    /// returns those two, if any (a delivery under way may be addressed to them: see
    /// `SignalCoreBase.ensuredSpare`). A core gets a spare state once and keeps it, so its
    /// observers are never inline as a pair again.
    @discardableResult
    @inlinable
    mutating func setSpare(_ spare: SignalCoreBase.Spare) -> (first: SubscriptionBase, second: SubscriptionBase)? {
        var displaced: (first: SubscriptionBase, second: SubscriptionBase)?
        if case let .two(first) = storage, let second {
            storage = .many(ObserverBuffer.make(capacity: 2) { $0.append(first); $0.append(second) })
            displaced = (first, second)
        }
        extra = spare
        return displaced
    }

    @inlinable
    mutating func append(_ subscription: SubscriptionBase) {
        switch storage {
        case .none:
            storage = .one(subscription)
        case let .one(first):
            if extra == nil {
                storage = .two(first)
                extra = subscription
            } else {
                storage = .many(ObserverBuffer.make(capacity: 2) { $0.append(first); $0.append(subscription) })
            }
        case let .two(first):
            let second = self.second
            extra = nil
            storage = .many(ObserverBuffer.make(capacity: 3) { buffer in
                buffer.append(first)
                if let second { buffer.append(second) }
                buffer.append(subscription)
            })
        case var .many(buffer):
            storage = .none // drop the enum's reference, so the buffer can be unique
            if !isKnownUniquelyReferenced(&buffer) || buffer.count == buffer.room {
                // Exact growth while small (two observers take a 48-byte block, three 64
                // bytes), doubling after that so a large fan-out is built in linear time.
                let count = buffer.count
                buffer = buffer.copy(capacity: count < 4 ? count + 1 : count * 2)
            }
            buffer.append(subscription)
            storage = .many(buffer)
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
        case let .two(first):
            if first === subscription {
                storage = second.map(ObserverList.Storage.one) ?? .none
                extra = nil
                return first
            }
            guard extra === subscription else { return nil }
            storage = .one(first)
            extra = nil
            return subscription
        case var .many(buffer):
            guard let index = buffer.index(of: subscription) else { return nil }
            storage = .none
            let count = buffer.count
            // Back to the inline forms where they fit; the buffer is left as it is (a delivery
            // may hold it as its recipients).
            if count == 2 {
                storage = .one(buffer[1 - index])
                return subscription
            }
            if count == 3, extra == nil {
                let (first, second) = index == 0 ? (buffer[1], buffer[2]) : index == 1 ? (buffer[0], buffer[2]) : (buffer[0], buffer[1])
                storage = .two(first)
                extra = second
                return subscription
            }
            if !isKnownUniquelyReferenced(&buffer) { buffer = buffer.copy(capacity: buffer.room) }
            let removed = buffer.remove(at: index)
            storage = .many(buffer)
            return removed
        }
    }

    /// Removes and returns every observer (the spare state stays).
    @inlinable
    mutating func removeAll() -> ContiguousArray<SubscriptionBase> {
        defer {
            if case .two = storage { extra = nil }
            storage = .none
        }
        return all
    }
}

/// Three or more observers of a core (two, once it has a spare state), in subscription order:
/// a heap block with a count, a capacity and the references. A `ContiguousArray` has a
/// 32-byte header; this one is 24, so two observers fit a 48-byte block rather than 64, three
/// a 64-byte one rather than 80.
///
/// Mutated only by `ObserverList` while it holds the only reference; a delivery that holds
/// it as recipients only reads it.
@usableFromInline
final class ObserverBuffer: ManagedBuffer<ObserverBuffer.Header, SubscriptionBase> {
    @usableFromInline
    struct Header {
        @usableFromInline
        var count: Int32
        @usableFromInline
        var capacity: Int32

        @inlinable
        init(count: Int32, capacity: Int32) {
            self.count = count
            self.capacity = capacity
        }
    }

    /// An empty buffer with room for `capacity` observers, filled by `fill`.
    @inlinable
    static func make(capacity: Int, _ fill: (ObserverBuffer) -> Void) -> ObserverBuffer {
        let made = unsafeDowncast(
            ObserverBuffer.create(minimumCapacity: capacity) { _ in Header(count: 0, capacity: Int32(clamping: capacity)) },
            to: ObserverBuffer.self
        )
        fill(made)
        return made
    }

    // The header is read and written through its pointer: `ManagedBuffer.header` is a class
    // property, and each access to it outside the standard library is checked for exclusivity
    // at run time.
    @inlinable
    var count: Int { withUnsafeMutablePointerToHeader { Int($0.pointee.count) } }

    /// How many observers fit (not `capacity`, which `ManagedBuffer` computes from the heap
    /// block's usable size).
    @inlinable
    var room: Int { withUnsafeMutablePointerToHeader { Int($0.pointee.capacity) } }

    @inlinable
    subscript(index: Int) -> SubscriptionBase {
        withUnsafeMutablePointerToElements { $0[index] }
    }

    /// The observers as an array.
    @inlinable
    var elements: ContiguousArray<SubscriptionBase> {
        withUnsafeMutablePointerToElements { ContiguousArray(UnsafeBufferPointer(start: $0, count: count)) }
    }

    /// The position of `subscription` (by identity).
    @inlinable
    func index(of subscription: SubscriptionBase) -> Int? {
        withUnsafeMutablePointerToElements { elements in
            for index in 0..<count where elements[index] === subscription { return index }
            return nil
        }
    }

    /// A new buffer with the same observers and room for `capacity` (at least `count`).
    @inlinable
    func copy(capacity: Int) -> ObserverBuffer {
        withUnsafeMutablePointerToElements { elements in
            let count = count
            return ObserverBuffer.make(capacity: Swift.max(capacity, count)) { copy in
                copy.withUnsafeMutablePointers { header, copied in
                    copied.initialize(from: elements, count: count)
                    header.pointee.count = Int32(count)
                }
            }
        }
    }

    /// Appends `subscription`; there must be room.
    @inlinable
    func append(_ subscription: SubscriptionBase) {
        withUnsafeMutablePointers { header, elements in
            let count = Int(header.pointee.count)
            precondition(count < Int(header.pointee.capacity), "ObserverBuffer.append without room")
            (elements + count).initialize(to: subscription)
            header.pointee.count += 1
        }
    }

    /// Removes and returns the observer at `index`, keeping the others' order.
    @inlinable
    func remove(at index: Int) -> SubscriptionBase {
        withUnsafeMutablePointers { header, elements in
            let removed = (elements + index).move()
            (elements + index).moveInitialize(from: elements + index + 1, count: Int(header.pointee.count) - index - 1)
            header.pointee.count -= 1
            return removed
        }
    }

    /// Hands `body` every observer in order, without retaining them (the buffer holds them).
    @inline(__always)
    @inlinable
    func forEach(_ body: (SubscriptionBase) -> Void) {
        withUnsafeMutablePointers { header, elements in
            for index in 0..<Int(header.pointee.count) {
                Unmanaged.passUnretained(elements[index])._withUnsafeGuaranteedRef(body)
            }
        }
    }

    deinit {
        _ = withUnsafeMutablePointers { header, elements in elements.deinitialize(count: Int(header.pointee.count)) }
    }
}
