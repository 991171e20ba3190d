import XCTest
@testable import Signals

/// `Lifetime` keeps one child inline and moves to an array for a second; every path between
/// those shapes must keep each child's handle pointing at that child.
final class LifetimeTests: XCTestCase {
    /// Attaches `count` inlets to `source` and keeps them in `lifetime` by chaining them.
    private func chainInlets(_ count: Int, on source: Signal<Int, Never>, in lifetime: Lifetime) {
        for _ in 0..<count {
            let inlet = Inlet { _ in }
            source.core.attach(operator: inlet, replayingTermination: false)
            lifetime.keep(chaining: inlet)
        }
    }

    private func child(_ name: String, into log: Log) -> Disposable {
        AnyDisposable { log.entries.append(name) }
    }

    /// Collects what was disposed, in order.
    private final class Log {
        var entries: [String] = []
    }

    func testEndDisposesEveryChildOnceInTheOrderTheyWereAdded() {
        for count in 0...3 {
            let log = Log()
            let (lifetime, token) = Lifetime.make()
            let names = (0..<count).map { "child\($0)" }
            for name in names { lifetime += child(name, into: log) }

            token.dispose()
            token.dispose()

            XCTAssertEqual(log.entries, names, "with \(count) children")
            XCTAssertTrue(lifetime.hasEnded)
        }
    }

    func testRemovingTheOnlyChildThroughItsHandleForgetsItWithoutDisposingIt() {
        let log = Log()
        let (lifetime, token) = Lifetime.make()
        let handle = lifetime += child("only", into: log)

        XCTAssertEqual(handle?.isDisposed, false)
        handle?.dispose()
        XCTAssertEqual(handle?.isDisposed, true)
        token.dispose()

        XCTAssertEqual(log.entries, [])
    }

    func testTheFirstChildsHandleStillRemovesItAfterASecondChildIsAdded() {
        let log = Log()
        let (lifetime, token) = Lifetime.make()
        let first = lifetime += child("first", into: log)
        lifetime += child("second", into: log)

        first?.dispose()
        token.dispose()

        XCTAssertEqual(log.entries, ["second"])
    }

    func testEachHandleRemovesItsOwnChildAmongSeveral() {
        let log = Log()
        let (lifetime, token) = Lifetime.make()
        lifetime += child("a", into: log)
        let b = lifetime += child("b", into: log)
        lifetime += child("c", into: log)
        let d = lifetime += child("d", into: log)

        d?.dispose()
        b?.dispose()
        lifetime += child("e", into: log)
        token.dispose()

        XCTAssertEqual(log.entries, ["a", "c", "e"])
    }

    func testAChildAddedAfterTheOnlyOneWasRemovedIsDisposedAtTheEnd() {
        let log = Log()
        let (lifetime, token) = Lifetime.make()
        let first = lifetime += child("first", into: log)
        first?.dispose()
        let second = lifetime += child("second", into: log)
        first?.dispose() // a second disposal of a spent handle must not remove the new child

        token.dispose()

        XCTAssertEqual(log.entries, ["second"])
        XCTAssertNotNil(second)
    }

    func testAddingToAnEndedLifetimeDisposesAtOnceAndReturnsNil() {
        let log = Log()
        let (lifetime, token) = Lifetime.make()
        token.dispose()

        let handle = lifetime += child("late", into: log)

        XCTAssertNil(handle)
        XCTAssertEqual(log.entries, ["late"])
    }

    /// Subscriptions kept by `keep(chaining:)` are all disposed at the end, also when a child
    /// with a handle was added after them (the chain then sits in the array).
    func testChainedSubscriptionsAreAllDisposedAtTheEndEvenAfterAHandledChild() {
        for addsHandledChild in [false, true] {
            let (source, input) = Signal<Int, Never>.pipe()
            let (lifetime, token) = Lifetime.make()
            let log = Log()
            chainInlets(3, on: source, in: lifetime)
            if addsHandledChild { lifetime += child("handled", into: log) }
            XCTAssertEqual(source.core.observerCount, 3)
            token.dispose()
            XCTAssertEqual(source.core.observerCount, 0, "every chained inlet was disposed")
            XCTAssertEqual(log.entries, addsHandledChild ? ["handled"] : [])
            withExtendedLifetime(input) {}
        }
    }

    func testKeepingOnAnEndedLifetimeDisposesAtOnce() {
        let (source, input) = Signal<Int, Never>.pipe()
        let (lifetime, token) = Lifetime.make()
        token.dispose()
        let inlet = Inlet { _ in }
        source.core.attach(operator: inlet, replayingTermination: false)
        lifetime.keep(chaining: inlet)
        XCTAssertEqual(source.core.observerCount, 0)
        XCTAssertTrue(inlet.isDisposed)
        withExtendedLifetime(input) {}
    }

    /// Tokens are not counted but derived (1 for a lone child, the last one's plus one in the
    /// array): a token freed by its handle may be given again, and a spent handle must then
    /// not remove the new child, nor any live child share a token.
    func testAReusedTokenIsNeverRemovedByTheSpentHandleThatHadIt() {
        let log = Log()
        let (lifetime, token) = Lifetime.make()
        let first = lifetime += child("first", into: log)
        first?.dispose()
        let second = lifetime += child("second", into: log) // token 1 again
        first?.dispose()
        XCTAssertEqual(second?.isDisposed, false)

        let third = lifetime += child("third", into: log) // 2
        let fourth = lifetime += child("fourth", into: log) // 3
        fourth?.dispose()
        let fifth = lifetime += child("fifth", into: log) // 3 again
        fourth?.dispose()
        third?.dispose()
        let sixth = lifetime += child("sixth", into: log) // 4: after the last, not 3
        let seventh = lifetime += child("seventh", into: log) // 5
        // With a token equal to fifth's, this would remove fifth (the first match).
        sixth?.dispose()
        token.dispose()
        XCTAssertEqual(log.entries, ["second", "fifth", "seventh"])
        withExtendedLifetime((fifth, seventh)) {}
    }

    /// Handles of children added after chained subscriptions remove their own child only.
    func testHandlesAfterAChainRemoveTheirOwnChild() {
        let (source, input) = Signal<Int, Never>.pipe()
        let (lifetime, token) = Lifetime.make()
        let log = Log()
        chainInlets(2, on: source, in: lifetime)
        let a = lifetime += child("a", into: log)
        let b = lifetime += child("b", into: log)
        a?.dispose()
        XCTAssertEqual(source.core.observerCount, 2, "removing a handled child leaves the chain")
        token.dispose()
        XCTAssertEqual(source.core.observerCount, 0)
        XCTAssertEqual(log.entries, ["b"])
        withExtendedLifetime((b, input)) {}
    }
}
