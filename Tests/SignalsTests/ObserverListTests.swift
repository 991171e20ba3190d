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
}
