import XCTest
@testable import Signals

/// `ObserverList` stores one observer inline and an array from the second on; order and
/// identity must survive every transition between the two.
final class ObserverListTests: XCTestCase {
    private let core = Signal<Int, Never>.Core()

    private func subscriptions(_ count: Int) -> [SubscriptionBase] {
        (0..<count).map { _ in Observing(core: core) }
    }

    func testAppendKeepsSubscriptionOrderAcrossTheInlineAndArrayForms() {
        let subs = subscriptions(3)
        var list = ObserverList()
        XCTAssertTrue(list.isEmpty)
        XCTAssertNil(list.single)

        list.append(subs[0])
        XCTAssertEqual(list.count, 1)
        XCTAssertTrue(list.single === subs[0])

        list.append(subs[1])
        list.append(subs[2])
        XCTAssertEqual(list.count, 3)
        XCTAssertNil(list.single)
        XCTAssertEqual(list.all.map(ObjectIdentifier.init), subs.map(ObjectIdentifier.init))
    }

    func testRemoveFindsByIdentityAndCollapsesToTheInlineForm() {
        let subs = subscriptions(3)
        let stranger = Observing(core: core)
        var list = ObserverList()
        subs.forEach { list.append($0) }

        XCTAssertNil(list.remove(stranger))
        XCTAssertTrue(list.remove(subs[1]) === subs[1])
        XCTAssertEqual(list.all.map(ObjectIdentifier.init), [subs[0], subs[2]].map(ObjectIdentifier.init))
        XCTAssertTrue(list.remove(subs[0]) === subs[0])
        XCTAssertTrue(list.single === subs[2], "one observer left is delivered to without an array")
        XCTAssertNil(list.remove(subs[0]))
        XCTAssertTrue(list.remove(subs[2]) === subs[2])
        XCTAssertTrue(list.isEmpty)
    }

    func testRemoveAllReturnsEveryObserverInOrderAndEmptiesTheList() {
        for count in 0...3 {
            let subs = subscriptions(count)
            var list = ObserverList()
            subs.forEach { list.append($0) }

            let removed = list.removeAll()

            XCTAssertEqual(removed.map(ObjectIdentifier.init), subs.map(ObjectIdentifier.init))
            XCTAssertTrue(list.isEmpty)
        }
    }

    /// A delivery holds the buffer of several observers as its recipients while the list
    /// changes: the list must copy it then, so the recipients stay what they were.
    func testASharedBufferIsCopiedNotChanged() throws {
        let subs = subscriptions(12)
        var list = ObserverList()
        subs.prefix(3).forEach { list.append($0) }
        let held = try XCTUnwrap(list.buffer)
        list.append(subs[3])
        XCTAssertTrue(try XCTUnwrap(list.buffer) !== held, "appended to a copy")
        _ = list.remove(subs[0])
        XCTAssertEqual(held.elements.map(ObjectIdentifier.init), subs.prefix(3).map(ObjectIdentifier.init))
        XCTAssertEqual(list.all.map(ObjectIdentifier.init), subs[1...3].map(ObjectIdentifier.init))

        // Unshared, it grows in place once there is room, keeping the order.
        subs[4...].forEach { list.append($0) }
        XCTAssertGreaterThan(list.buffer?.room ?? 0, list.count, "room to grow in place")
        let address = list.buffer.map(ObjectIdentifier.init) // not held: the buffer stays unique
        list.append(Observing(core: core))
        XCTAssertEqual(list.buffer.map(ObjectIdentifier.init), address, "appended in place")
        XCTAssertEqual(list.all.prefix(11).map(ObjectIdentifier.init), subs[1...].map(ObjectIdentifier.init))
        let grown = try XCTUnwrap(list.buffer)

        // Down to two held elsewhere, then one: the inline form, the held buffer untouched.
        let before = grown.elements
        while list.count > 2 { _ = list.remove(list.all[0]) }
        let pair = try XCTUnwrap(list.buffer)
        XCTAssertTrue(pair !== grown)
        XCTAssertEqual(grown.elements.map(ObjectIdentifier.init), before.map(ObjectIdentifier.init))
        let last = list.all[1]
        _ = list.remove(list.all[0])
        XCTAssertTrue(list.single === last)
        XCTAssertEqual(pair.count, 2, "the held pair was not changed")
    }
}
