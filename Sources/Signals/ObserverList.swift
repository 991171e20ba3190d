/// The observers of a signal core, in subscription order.
///
/// Most cores have exactly one observer (the next operator of a chain), so one observer is
/// stored inline and a buffer is allocated only for a second: every small graph saves a
/// buffer per core. The enum packs into one word.
///
/// Guarded by the core's `mutex`, like the rest of its state. Several observers live in an
/// `ObserverBuffer` that a delivery may hold as its recipients (`Signal.Recipients.all`)
/// while the list changes: the buffer is copied on write when it is shared, like an array's.
@usableFromInline
struct ObserverList {
    @usableFromInline
    enum Storage {
        case none
        case one(SubscriptionBase)
        case many(ObserverBuffer)
    }

    @usableFromInline
    var storage = Storage.none

    @inlinable
    init() {}

    /// How many observers there are.
    @inlinable
    var count: Int {
        switch storage {
        case .none: 0
        case .one: 1
        case let .many(buffer): buffer.count
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
        case .none, .many: nil
        }
    }

    /// Every observer, as a new array (for termination and tests; a delivery takes `buffer`).
    @inlinable
    var all: ContiguousArray<SubscriptionBase> {
        switch storage {
        case .none: []
        case let .one(subscription): [subscription]
        case let .many(buffer): buffer.elements
        }
    }

    /// The buffer of two or more observers; nil for fewer.
    @inline(__always)
    @inlinable
    var buffer: ObserverBuffer? {
        if case let .many(buffer) = storage { return buffer }
        return nil
    }

    @inlinable
    mutating func append(_ subscription: SubscriptionBase) {
        switch storage {
        case .none:
            storage = .one(subscription)
        case let .one(first):
            storage = .many(ObserverBuffer.make(capacity: 2) { $0.append(first); $0.append(subscription) })
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
        case var .many(buffer):
            guard let index = buffer.index(of: subscription) else { return nil }
            storage = .none
            if buffer.count == 2 {
                storage = .one(buffer[1 - index])
                return subscription
            }
            if !isKnownUniquelyReferenced(&buffer) { buffer = buffer.copy(capacity: buffer.room) }
            let removed = buffer.remove(at: index)
            storage = .many(buffer)
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

/// Two or more observers of a core, in subscription order: a heap block with a count, a
/// capacity and the references. A `ContiguousArray` has a 32-byte header; this one is 24, so
/// two observers fit a 48-byte block rather than 64 (a signup view model has five cores with
/// several observers; BENCHMARKS.md, issue 18).
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
    // at run time (about 76 instructions: 15% of a property set with 10 observers).
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
