import Dispatch
import Foundation
import XCTest
@testable import Signals
import SignalsTesting

/// A core's deliverer holds a sole observer without a reference count (`Signal.Recipients`).
/// These tests drop every other reference to a subscription while it is being delivered to,
/// in each way that can happen, and check that it stays alive until the delivery ends and is
/// released right after. Without the core's `retired` list they are use-after-free bugs, which
/// the ASan run of the suite (scripts/sanitizers.sh) reports.
final class DeliveryLifetimeTests: XCTestCase {
    /// Something an observer closure captures, to watch the closure's lifetime.
    private final class Token {}

    /// What an observer that disposes of itself in its first call saw (`observeDisposingItself`).
    private final class SelfDisposal<Value> {
        var received: [Value] = []
        /// For each call: whether what the observer captures was alive after it had dropped
        /// every reference to its subscription.
        var aliveAfterDropping: [Bool] = []
        weak var token: Token?
        var disposable: Disposable?
    }

    /// Subscribes with `subscribe` an observer that, in its first call, disposes of its
    /// subscription and drops its disposable (the core and that variable held the only
    /// references), then records the value and runs `meanwhile`.
    private func observeDisposingItself<Value>(
        _ subscribe: (@escaping (Value) -> Void) -> Disposable?,
        meanwhile: @escaping () -> Void = {}
    ) -> SelfDisposal<Value> {
        let record = SelfDisposal<Value>()
        do {
            let token = Token()
            record.token = token
            record.disposable = subscribe { [token] value in
                record.disposable?.dispose()
                record.disposable = nil
                withExtendedLifetime(token) { record.received.append(value) }
                record.aliveAfterDropping.append(record.token != nil)
                meanwhile()
            }
        }
        return record
    }

    func testSoleObserverThatDisposesItselfAndDropsItsDisposableLivesUntilItsDeliveryEnds() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let record = observeDisposingItself { signal.observeValues($0) }

        input.send(value: 1)
        input.send(value: 2)

        XCTAssertEqual(record.received, [1])
        XCTAssertEqual(record.aliveAfterDropping, [true], "the closure must outlive the references dropped in its own call")
        XCTAssertNil(record.token, "the retired subscription must be released when the delivery ends")
        XCTAssertEqual(signal.core.observerCount, 0)
    }

    /// Two observers are held as one is (`Recipients.two`): the second, disposing itself in
    /// its call, lives until the delivery ends; the first goes on receiving.
    func testSecondOfTwoObserversThatDisposesItselfLivesUntilItsDeliveryEnds() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let first = TestObserver<Int, Never>()
        signal.observe(first.observer)
        let record = observeDisposingItself { signal.observeValues($0) }

        input.send(value: 1)
        input.send(value: 2)

        XCTAssertEqual(record.received, [1])
        XCTAssertEqual(record.aliveAfterDropping, [true])
        XCTAssertNil(record.token, "the retired subscription must be released when the delivery ends")
        XCTAssertEqual(first.values, [1, 2])
        XCTAssertEqual(signal.core.observerCount, 1)
    }

    /// The first of two observers disposes the second, which holds the only reference to what
    /// it captures, before its turn: the second receives nothing, and is released only once the
    /// delivery that addressed it has ended (ASan reports a use after free otherwise).
    func testObserverDisposedByTheOneBeforeItIsSkippedAndReleasedAfterTheDelivery() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let record = observeDisposingTheNext(signal) { _ in true }

        input.send(value: 1)

        XCTAssertEqual(record.secondEvents, [], "disposed before its turn")
        XCTAssertEqual(record.releasedDuringDelivery, [false], "kept while the delivery could still reach it")
        XCTAssertNil(record.token, "released when the delivery ended")
        XCTAssertEqual(signal.core.observerCount, 1)
    }

    /// What `observeDisposingTheNext` saw.
    private final class NextDisposal {
        var secondEvents: [String] = []
        /// For each disposal: whether what the second observer captures was released then.
        var releasedDuringDelivery: [Bool] = []
        weak var token: Token?
        var first: Disposable?
        var second: Disposable?
    }

    /// Observes `signal` twice: on each event `disposes` accepts, the first observer disposes
    /// of the second and drops its disposable (which, with the core, held the only references
    /// to what the second captures); the second records its events.
    private func observeDisposingTheNext(_ signal: Signal<Int, Never>, when disposes: @escaping (Signal<Int, Never>.Event) -> Bool) -> NextDisposal {
        let record = NextDisposal()
        // Weakly: the record holds both subscriptions.
        record.first = signal.observe { [weak record] event in
            guard let record, disposes(event), let second = record.second else { return }
            second.dispose()
            record.second = nil
            record.releasedDuringDelivery.append(record.token == nil)
        }
        do {
            let token = Token()
            record.token = token
            record.second = signal.observe { [token, weak record] event in
                withExtendedLifetime(token) { record?.secondEvents.append("\(event)") }
            }
        }
        return record
    }

    /// A reentrant send while two observers are inline gives the core its spare state (the
    /// queue), which moves the pair to a buffer in the middle of their delivery; the event
    /// under way and the queued one still reach each observer in order, and one disposed by
    /// the other during the second delivery is skipped and released once it ends.
    func testTwoInlineObserversKeepTheirDeliveriesWhenAReentrantSendGivesTheCoreItsQueue() {
        let (signal, input) = Signal<Int, Never>.pipe()
        weak var weakToken: Token?
        var firstReceived: [Int] = []
        var secondReceived: [Int] = []
        var second: Disposable?
        let first = signal.observeValues { value in
            firstReceived.append(value)
            if value == 1 { input.send(value: 2) }
            if value == 2 {
                second?.dispose()
                second = nil
                XCTAssertNotNil(weakToken, "kept while the delivery could still reach it")
            }
        }
        do {
            let token = Token()
            weakToken = token
            second = signal.observeValues { [token] value in withExtendedLifetime(token) { secondReceived.append(value) } }
        }
        XCTAssertNil(signal.core.observers.buffer, "two observers, inline")

        input.send(value: 1)

        XCTAssertEqual(firstReceived, [1, 2])
        XCTAssertEqual(secondReceived, [1], "disposed before its turn for 2")
        XCTAssertNil(weakToken, "released when the delivery ended")
        XCTAssertNotNil(signal.core.spare, "the reentrant send made the queue")
        XCTAssertEqual(signal.core.observerCount, 1)
        withExtendedLifetime(first) {}
    }

    /// A delivery to two inline observers reads the pair when it reaches it
    /// (`Recipients.two`); an observer added by the first, before the second's turn, changes
    /// the list meanwhile, and must neither receive that event nor keep the second from it.
    func testAnObserverAddedDuringADeliveryToAnInlinePairGetsOnlyLaterEvents() {
        let (signal, input) = Signal<Int, Never>.pipe()
        var firstReceived: [Int] = []
        var secondReceived: [Int] = []
        var thirdReceived: [Int] = []
        var third: Disposable?
        let first = signal.observeValues { value in
            firstReceived.append(value)
            if third == nil { third = signal.observeValues { thirdReceived.append($0) } }
        }
        let second = signal.observeValues { secondReceived.append($0) }

        input.send(value: 1)
        input.send(value: 2)

        XCTAssertEqual(firstReceived, [1, 2])
        XCTAssertEqual(secondReceived, [1, 2], "the pair's second is delivered to after the list changed")
        XCTAssertEqual(thirdReceived, [2], "added during the delivery of 1")
        XCTAssertEqual(signal.core.observers.all.count, 3)
        withExtendedLifetime((first, second, third)) {}
    }

    /// The first of an inline pair disposes the second and adds another in its place before
    /// the second's turn: the pair the delivery was addressed to is what it reads, so the
    /// newcomer gets nothing of that event, and the disposed one nothing either.
    func testAReplacedSecondObserverOfAPairNeitherGetsNorPassesOnTheCurrentEvent() {
        let (signal, input) = Signal<Int, Never>.pipe()
        weak var weakToken: Token?
        var secondReceived: [Int] = []
        var replacementReceived: [Int] = []
        var second: Disposable?
        var replacement: Disposable?
        let first = signal.observeValues { value in
            guard value == 1 else { return }
            second?.dispose()
            second = nil
            replacement = signal.observeValues { replacementReceived.append($0) }
        }
        do {
            let token = Token()
            weakToken = token
            second = signal.observeValues { [token] value in withExtendedLifetime(token) { secondReceived.append(value) } }
        }

        input.send(value: 1)
        input.send(value: 2)

        XCTAssertEqual(secondReceived, [])
        XCTAssertEqual(replacementReceived, [2])
        XCTAssertNil(weakToken, "the disposed second was released once its delivery ended")
        XCTAssertEqual(signal.core.observerCount, 2)
        withExtendedLifetime((first, replacement)) {}
    }

    /// The same for a fed operator (`map`), whose delivery ends without its lock: the first of
    /// its two observers disposes the second, which is skipped, kept while the delivery
    /// could reach it and released after.
    func testAFedOperatorsSecondObserverDisposedByItsFirstIsSkippedAndReleased() {
        let (source, input) = Signal<Int, Never>.pipe()
        let mapped = source.map { $0 * 10 }
        weak var weakToken: Token?
        var firstReceived: [Int] = []
        var secondReceived: [Int] = []
        var second: Disposable?
        var aliveWhenDisposed: [Bool] = []
        let first = mapped.observeValues { value in
            firstReceived.append(value)
            second?.dispose()
            second = nil
            aliveWhenDisposed.append(weakToken != nil)
        }
        do {
            let token = Token()
            weakToken = token
            second = mapped.observeValues { [token] value in withExtendedLifetime(token) { secondReceived.append(value) } }
        }
        XCTAssertNotNil(mapped.core.observers.second, "two observers, inline")

        input.send(value: 1)
        input.send(value: 2)

        XCTAssertEqual(firstReceived, [10, 20])
        XCTAssertEqual(secondReceived, [])
        XCTAssertEqual(aliveWhenDisposed, [true, false], "kept during the delivery that disposed it, released after")
        XCTAssertNil(weakToken)
        XCTAssertEqual(mapped.core.observerCount, 1)
        withExtendedLifetime(first) {}
    }

    /// Between admitting an event for an inline pair (`Recipients.two`) and reading the pair,
    /// the deliverer holds no lock, and another thread may change the list: the change keeps
    /// the pair for that delivery (`freezePairIfDelivering`). The window is a few
    /// instructions wide, so the test opens it by hand: it puts the core in the state a
    /// deliverer leaves it in after admitting, changes the list, and reads the pair as the
    /// deliverer then does.
    func testAChangeBetweenAdmittingAndReadingAPairKeepsThePairForTheDelivery() {
        for change in ["append", "dispose the second"] {
            let (signal, input) = Signal<Int, Never>.pipe()
            let core = signal.core
            let first = signal.observeValues { _ in }
            var second = signal.observeValues { _ in }
            let pair = core.observers.all
            XCTAssertEqual(pair.count, 2)
            XCTAssertNil(core.observers.buffer, "inline")

            core.mutex.withLock { core.delivery.store(.draining, ordering: .relaxed) } // admitted
            var third: Disposable?
            if change == "append" {
                third = signal.observeValues { _ in }
            } else {
                second?.dispose()
                second = nil
            }
            let read = core.deliveryPair()
            XCTAssertTrue(read?.first.takeUnretainedValue() === pair[0], change)
            XCTAssertTrue(read?.second.takeUnretainedValue() === pair[1], change)
            XCTAssertGreaterThanOrEqual(core.spare?.retired.count ?? 0, 2, "\(change): the pair is kept alive until the delivery ends")

            // End the delivery as a deliverer does, releasing what it retired.
            var released: ContiguousArray<SubscriptionBase>?
            XCTAssertNil(core.mutex.withLock { core.dequeue(&released) })
            XCTAssertNotNil(released, change)
            released = nil
            input.send(value: 1) // the core works on, with its observers in a buffer
            withExtendedLifetime((first, second, third)) {}
        }
    }

    func testQueuedEventAddressedToADisposedSoleObserverIsSkippedSafely() {
        let (signal, input) = Signal<Int, Never>.pipe()
        weak var weakToken: Token?
        var received: [Int] = []
        var disposable: Disposable?
        do {
            let token = Token()
            weakToken = token
            disposable = signal.observeValues { [token] value in
                withExtendedLifetime(token) { received.append(value) }
                guard value == 1 else { return }
                input.send(value: 2) // queued, addressed to this subscription
                disposable?.dispose()
                disposable = nil
            }
        }

        input.send(value: 1)

        XCTAssertEqual(received, [1], "a disposed observer receives nothing that was queued for it")
        XCTAssertNil(weakToken)
    }

    /// Subscribes with `subscribe` an observer that, when `send` makes its first delivery,
    /// waits inside its call until another thread has disposed of it and dropped its
    /// disposable, then runs `meanwhile`. Returns whether what the observer captures was
    /// still alive after it was dropped, and whether it was released once `send` returned.
    private func disposeFromAnotherThreadDuringDelivery<Value>(
        subscribe: (@escaping (Value) -> Void) -> Disposable?,
        send: () -> Void,
        meanwhile: @escaping () -> Void = {}
    ) -> (aliveAfterDropping: Bool, released: Bool) {
        let entered = DispatchSemaphore(value: 0)
        let dropped = DispatchSemaphore(value: 0)
        weak var weakToken: Token?
        nonisolated(unsafe) var aliveAfterDropping = false
        nonisolated(unsafe) var disposable: Disposable?
        do {
            let token = Token()
            weakToken = token
            disposable = subscribe { [token] _ in
                entered.signal()
                dropped.wait()
                withExtendedLifetime(token) {}
                aliveAfterDropping = weakToken != nil
                meanwhile()
            }
        }
        let other = Thread {
            entered.wait()
            disposable?.dispose()
            disposable = nil
            dropped.signal()
        }
        other.start()
        send()
        return (aliveAfterDropping, weakToken == nil)
    }

    func testSoleObserverDisposedFromAnotherThreadDuringItsDeliveryLivesUntilItEnds() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let outcome = disposeFromAnotherThreadDuringDelivery(subscribe: { signal.observeValues($0) }, send: { input.send(value: 1) })
        XCTAssertTrue(outcome.aliveAfterDropping)
        XCTAssertTrue(outcome.released)
        XCTAssertEqual(signal.core.observerCount, 0)
    }

    func testSecondOfTwoObserversDisposedFromAnotherThreadDuringItsDeliveryLivesUntilItEnds() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let first = TestObserver<Int, Never>()
        signal.observe(first.observer)
        let outcome = disposeFromAnotherThreadDuringDelivery(subscribe: { signal.observeValues($0) }, send: { input.send(value: 1) })
        XCTAssertTrue(outcome.aliveAfterDropping)
        XCTAssertTrue(outcome.released)
        XCTAssertEqual(first.values, [1])
        XCTAssertEqual(signal.core.observerCount, 1)
    }

    func testSubscriptionRetiredDuringTheTerminatingDeliveryIsReleased() {
        let (signal, input) = Signal<Int, Never>.pipe()
        weak var weakToken: Token?
        var events: [String] = []
        var disposable: Disposable?
        do {
            let token = Token()
            weakToken = token
            disposable = signal.observe { [token] event in
                withExtendedLifetime(token) { events.append("\(event)") }
                guard case .value = event else { return }
                input.sendCompleted() // queued: the delivery ends by terminating
                disposable?.dispose()
                disposable = nil
            }
        }

        input.send(value: 1)

        XCTAssertEqual(events, ["VALUE 1"])
        XCTAssertNil(weakToken)
        XCTAssertTrue(signal.core.hasTerminated)
    }

    /// An observer disposed during the terminating event's delivery stays in the ending core's
    /// list (inactive, so skipped) until the core drops all its observers, rather than being
    /// retired in the core's spare state: it gets nothing more, is released when the
    /// termination ends, and the observers after it still get the event. With the pair inline
    /// and with three observers in a buffer.
    func testObserverDisposedDuringTheTerminatingDeliveryIsSkippedAndReleasedWhenItEnds() {
        for extra in [false, true] {
            let (signal, input) = Signal<Int, Never>.pipe()
            let record = observeDisposingTheNext(signal) { $0.isTerminating }
            var thirdEvents: [String] = []
            let third = extra ? signal.observe { event in thirdEvents.append("\(event)") } : nil

            input.send(value: 1)
            input.sendCompleted()

            XCTAssertEqual(record.secondEvents, ["VALUE 1"], "disposed before its turn of the terminating event")
            XCTAssertEqual(thirdEvents, extra ? ["VALUE 1", "COMPLETED"] : [])
            XCTAssertEqual(record.releasedDuringDelivery, [false], "kept while the delivery could still reach it")
            XCTAssertNil(record.token, "released when the termination ended")
            XCTAssertTrue(signal.core.hasTerminated)
            XCTAssertEqual(signal.core.observerCount, 0)
            XCTAssertNil(signal.core.spare, "ended without making its spare state")
            withExtendedLifetime(third) {}
        }
    }

    /// A core ending with `completed` or `interrupted` keeps the kind in its phase and makes
    /// no spare state for it; a failure's error is kept in the spare state. Each is replayed
    /// to operator plumbing attached afterwards (`replayingTermination`).
    func testAnEndIsRecordedWithoutASpareStateUnlessItCarriesAnError() {
        struct Boom: Error {}
        func ended(_ end: (Signal<Int, Boom>.Observer) -> Void) -> Signal<Int, Boom>.Core {
            let (signal, input) = Signal<Int, Boom>.pipe()
            let disposable = signal.observe { _ in }
            end(input)
            withExtendedLifetime(disposable) {}
            return signal.core
        }
        for (end, name, expectsSpare) in [
            ({ (input: Signal<Int, Boom>.Observer) in input.sendCompleted() }, "COMPLETED", false),
            ({ (input: Signal<Int, Boom>.Observer) in input.sendInterrupted() }, "INTERRUPTED", false),
            ({ (input: Signal<Int, Boom>.Observer) in input.send(error: Boom()) }, "FAILED", true),
        ] {
            let core = ended(end)
            XCTAssertTrue(core.hasTerminated, name)
            XCTAssertEqual(core.spare != nil, expectsSpare, name)
            var replayed: [String] = []
            _ = core.observe(Signal<Int, Boom>.Observer { replayed.append("\($0)") }, replayingTermination: true)
            XCTAssertEqual(replayed.count, 1, name)
            XCTAssertTrue(replayed.first?.hasPrefix(name) ?? false, "\(name): \(replayed)")
        }
    }

    // MARK: Fed deliveries (`CoreDelivery.fed`)

    /// A single-source operator delivers while its source's deliverer calls it, and ends that
    /// delivery without the lock; its source drains as usual.
    func testASingleSourceOperatorIsFedByItsSourcesDeliverer() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let mapped = signal.map { $0 + 1 }
        var seen: [(source: CoreDelivery, operator: CoreDelivery)] = []
        let disposable = mapped.observeValues { _ in
            seen.append((signal.core.delivery.load(ordering: .relaxed), mapped.core.delivery.load(ordering: .relaxed)))
        }
        input.send(value: 1)
        XCTAssertEqual(seen.map(\.source), [.draining])
        XCTAssertEqual(seen.map(\.operator), [.fed])
        XCTAssertEqual(mapped.core.delivery.load(ordering: .relaxed), .idle, "a fed delivery ends idle")
        XCTAssertEqual(signal.core.delivery.load(ordering: .relaxed), .idle)
        withExtendedLifetime(disposable) {}
    }

    /// As `testSoleObserverThatDisposesItselfAndDropsItsDisposableLivesUntilItsDeliveryEnds`,
    /// on an operator that other observers keep alive: the fed delivery takes the lock at its
    /// end after all and releases the subscription then, not at the operator's next event.
    func testSoleObserverOfAFedOperatorThatDisposesItselfIsReleasedWhenTheDeliveryEnds() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let mapped = signal.map { $0 * 10 }
        let other = TestObserver<Int, Never>()
        mapped.observe(other.observer)
        let record = observeDisposingItself { mapped.observeValues($0) }

        input.send(value: 1)

        XCTAssertEqual(record.received, [10])
        XCTAssertEqual(record.aliveAfterDropping, [true])
        XCTAssertNil(record.token, "released when the fed delivery ended, before any further event")
        XCTAssertEqual(mapped.core.delivery.load(ordering: .relaxed), .idle)
        input.send(value: 2)
        XCTAssertEqual(record.received, [10])
        XCTAssertEqual(other.values, [10, 20], "the operator goes on for its other observer")
    }

    /// The last observer of an operator nobody else holds disposes itself during a fed
    /// delivery: the operator is interrupted then (nobody to deliver to, nothing queued), lets
    /// go of its source, and its observer lives until the delivery ends.
    func testAnOrphanedFedOperatorEndsAtOnceAndLetsGoOfItsSource() {
        let (signal, input) = Signal<Int, Never>.pipe()
        weak var weakOperator: Signal<Int, Never>.Core?
        var endedDuringItsDelivery: [Bool] = []
        let record = observeDisposingItself({ observer in
            // The operator's wrapper goes at the end of this closure: only the observer
            // keeps the operator, so disposing of it orphans the operator.
            let filtered = signal.filter { $0 > 0 }
            weakOperator = filtered.core
            return filtered.observeValues(observer)
        }, meanwhile: { endedDuringItsDelivery.append(weakOperator?.hasTerminated == true) })
        XCTAssertEqual(signal.core.observerCount, 1)

        input.send(value: 1)
        input.send(value: 2)

        XCTAssertEqual(record.received, [1])
        XCTAssertEqual(record.aliveAfterDropping, [true])
        XCTAssertEqual(endedDuringItsDelivery, [true], "interrupted during its own delivery")
        XCTAssertNil(record.token)
        XCTAssertNil(weakOperator, "the source let go of the ended operator")
        XCTAssertEqual(signal.core.observerCount, 0)
    }

    /// The last observer of an operator is disposed from another thread while the operator
    /// delivers to it: the operator ends there and then, the observer lives until its call
    /// returns, and the source lets go of the operator.
    func testAFedOperatorOrphanedFromAnotherThreadEndsAndItsObserverLivesUntilItsCallReturns() {
        let (signal, input) = Signal<Int, Never>.pipe()
        weak var weakOperator: Signal<String, Never>.Core?
        nonisolated(unsafe) var endedMeanwhile = false
        let outcome = disposeFromAnotherThreadDuringDelivery(
            subscribe: { observer in
                // The operator's wrapper goes at the end of this closure: only the observer
                // keeps the operator, so disposing of it orphans the operator.
                let mapped = signal.map { "\($0)" }
                weakOperator = mapped.core
                return mapped.observeValues(observer)
            },
            send: { input.send(value: 1) },
            meanwhile: { endedMeanwhile = weakOperator?.hasTerminated == true }
        )
        XCTAssertTrue(outcome.aliveAfterDropping)
        XCTAssertTrue(outcome.released)
        XCTAssertTrue(endedMeanwhile, "the other thread ended the orphaned operator")
        XCTAssertNil(weakOperator)
        XCTAssertEqual(signal.core.observerCount, 0)
    }

    /// Observers come and go from other threads while a chain of fed operators delivers
    /// values sent from several threads: every value reaches the observer that stays, once and
    /// in each sender's order, and every other observer is released (run under TSan and ASan
    /// by scripts/sanitizers.sh).
    func testFedOperatorsUnderConcurrentSendsAndObserverChurn() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let chain = signal.map { $0 }.filter { _ in true }.skip(first: 1).take(first: 1_000_000).mapConst(1)
        let counted = signal.map { $0 }.filter { _ in true }
        let kept = TestObserver<Int, Never>()
        counted.observe(kept.observer)
        final class Counter: @unchecked Sendable {
            let lock = NSLock()
            var value = 0
            func add(_ amount: Int) { lock.lock(); value += amount; lock.unlock() }
        }
        let churned = Counter()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            if thread < 2 {
                for value in 0..<2_000 { input.send(value: thread * 10_000 + value) }
            } else {
                for _ in 0..<500 {
                    let disposable = chain.observeValues { churned.add($0) }
                    disposable?.dispose()
                }
            }
        }
        XCTAssertEqual(kept.values.count, 4_000)
        for thread in 0..<2 {
            let own = kept.values.filter { $0 / 10_000 == thread }
            XCTAssertEqual(own, (0..<2_000).map { thread * 10_000 + $0 }, "each sender's values in order, none lost or doubled")
        }
        XCTAssertEqual(signal.core.observerCount, 2, "the two chains")
        XCTAssertEqual(chain.core.observerCount, 0, "the churned observers are all gone")
    }
}
