import XCTest
@testable import Signals

/// `ObserverList` stores up to two observers inline (the second in the word of the core's spare
/// state, while it has none) and a buffer from the third on; order and identity must survive
/// every transition between the forms.
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
        XCTAssertEqual(list.count, 2)
        XCTAssertNil(list.single)
        XCTAssertNil(list.buffer, "two observers are stored inline")
        XCTAssertEqual(list.all.map(ObjectIdentifier.init), subs.prefix(2).map(ObjectIdentifier.init))

        list.append(subs[2])
        XCTAssertEqual(list.count, 3)
        XCTAssertNil(list.single)
        XCTAssertEqual(list.buffer?.count, 3, "a third moves them all to a buffer")
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
        XCTAssertNil(list.buffer, "down to two: inline again")
        XCTAssertNil(list.remove(stranger))
        XCTAssertEqual(list.count, 2)
        XCTAssertTrue(list.remove(subs[0]) === subs[0])
        XCTAssertTrue(list.single === subs[2], "one observer left is delivered to without an array")
        XCTAssertNil(list.remove(subs[0]))
        XCTAssertTrue(list.remove(subs[2]) === subs[2])
        XCTAssertTrue(list.isEmpty)
    }

    /// From three observers, removing any one leaves the other two inline in their order; from
    /// two, either one leaves the other.
    func testRemovingAnyPositionKeepsTheOthersInOrder() {
        for position in 0..<3 {
            let subs = subscriptions(3)
            var list = ObserverList()
            subs.forEach { list.append($0) }
            XCTAssertTrue(list.remove(subs[position]) === subs[position])
            var rest = subs
            rest.remove(at: position)
            XCTAssertNil(list.buffer)
            XCTAssertEqual(list.all.map(ObjectIdentifier.init), rest.map(ObjectIdentifier.init), "removed \(position) of 3")
            for second in 0..<2 {
                var pair = list
                XCTAssertTrue(pair.remove(rest[second]) === rest[second])
                XCTAssertTrue(pair.single === rest[1 - second], "removed \(second) of 2")
            }
        }
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

        // Down to three held elsewhere, then two: the inline form, the held buffers untouched.
        let before = grown.elements
        while list.count > 3 { _ = list.remove(list.all[0]) }
        let triple = try XCTUnwrap(list.buffer)
        XCTAssertTrue(triple !== grown)
        XCTAssertEqual(grown.elements.map(ObjectIdentifier.init), before.map(ObjectIdentifier.init))
        let kept = Array(list.all[1...])
        _ = list.remove(list.all[0])
        XCTAssertNil(list.buffer)
        XCTAssertEqual(list.all.map(ObjectIdentifier.init), kept.map(ObjectIdentifier.init))
        XCTAssertEqual(triple.count, 3, "the held buffer was not changed")
    }
    /// The list is the two words a core had for one observer and its spare state: no core grows.
    func testTheListIsTwoWords() {
        XCTAssertEqual(MemoryLayout<ObserverList>.size, 2 * MemoryLayout<Int>.size)
        XCTAssertEqual(MemoryLayout<ObserverList.Storage>.size, MemoryLayout<Int>.size, "the deliverer reads one word")
    }

    /// A core that needs its spare state while two observers are inline moves them to a buffer,
    /// in order; from then on a second observer goes to a buffer too, and the spare state stays
    /// through every change of the observers.
    func testASpareStateTakesTheSecondObserversWord() throws {
        let subs = subscriptions(3)
        let spare = SignalCoreBase.Spare()
        var list = ObserverList()
        list.append(subs[0])
        list.append(subs[1])
        XCTAssertTrue(list.second === subs[1])

        list.setSpare(spare)
        XCTAssertTrue(list.spare === spare)
        XCTAssertNil(list.second)
        XCTAssertEqual(try XCTUnwrap(list.buffer).count, 2)
        XCTAssertEqual(list.all.map(ObjectIdentifier.init), subs.prefix(2).map(ObjectIdentifier.init))

        list.append(subs[2])
        XCTAssertTrue(list.remove(subs[0]) === subs[0])
        XCTAssertEqual(list.buffer?.count, 2, "two observers and a spare state: still a buffer")
        XCTAssertEqual(list.all.map(ObjectIdentifier.init), subs[1...].map(ObjectIdentifier.init))
        XCTAssertTrue(list.remove(subs[2]) === subs[2])
        XCTAssertTrue(list.single === subs[1])
        list.append(subs[2])
        XCTAssertEqual(list.buffer?.count, 2, "a second observer beside a spare state goes to a buffer")
        XCTAssertEqual(list.removeAll().map(ObjectIdentifier.init), subs[1...].map(ObjectIdentifier.init))
        XCTAssertTrue(list.isEmpty)
        XCTAssertTrue(list.spare === spare, "the spare state outlives the observers")
    }

    /// Removing every observer of an inline pair leaves no observer in the spare state's word.
    func testRemoveAllOfAnInlinePairClearsTheSecondWord() {
        let subs = subscriptions(2)
        var list = ObserverList()
        subs.forEach { list.append($0) }
        XCTAssertEqual(list.removeAll().map(ObjectIdentifier.init), subs.map(ObjectIdentifier.init))
        XCTAssertNil(list.second)
        XCTAssertNil(list.spare)
        list.append(subs[1])
        XCTAssertTrue(list.single === subs[1])
    }
}
