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

    func testSoleObserverThatDisposesItselfAndDropsItsDisposableLivesUntilItsDeliveryEnds() {
        let (signal, input) = Signal<Int, Never>.pipe()
        weak var weakToken: Token?
        var received: [Int] = []
        var aliveAfterDropping: [Bool] = []
        var disposable: Disposable?
        do {
            let token = Token()
            weakToken = token
            disposable = signal.observeValues { [token] value in
                disposable?.dispose()
                disposable = nil // the core and this variable held the only references
                withExtendedLifetime(token) { received.append(value) }
                aliveAfterDropping.append(weakToken != nil)
            }
        }

        input.send(value: 1)
        input.send(value: 2)

        XCTAssertEqual(received, [1])
        XCTAssertEqual(aliveAfterDropping, [true], "the closure must outlive the references dropped in its own call")
        XCTAssertNil(weakToken, "the retired subscription must be released when the delivery ends")
        XCTAssertEqual(signal.core.observerCount, 0)
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

    func testSoleObserverDisposedFromAnotherThreadDuringItsDeliveryLivesUntilItEnds() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let entered = DispatchSemaphore(value: 0)
        let dropped = DispatchSemaphore(value: 0)
        weak var weakToken: Token?
        var aliveAfterDropping = false
        nonisolated(unsafe) var disposable: Disposable?
        do {
            let token = Token()
            weakToken = token
            disposable = signal.observeValues { [token] _ in
                entered.signal()
                dropped.wait()
                withExtendedLifetime(token) {}
                aliveAfterDropping = weakToken != nil
            }
        }
        let other = Thread {
            entered.wait()
            disposable?.dispose()
            disposable = nil
            dropped.signal()
        }
        other.start()

        input.send(value: 1)

        XCTAssertTrue(aliveAfterDropping)
        XCTAssertNil(weakToken)
        XCTAssertEqual(signal.core.observerCount, 0)
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
        weak var weakToken: Token?
        var received: [Int] = []
        var aliveAfterDropping: [Bool] = []
        var disposable: Disposable?
        do {
            let token = Token()
            weakToken = token
            disposable = mapped.observeValues { [token] value in
                disposable?.dispose()
                disposable = nil
                withExtendedLifetime(token) { received.append(value) }
                aliveAfterDropping.append(weakToken != nil)
            }
        }

        input.send(value: 1)

        XCTAssertEqual(received, [10])
        XCTAssertEqual(aliveAfterDropping, [true])
        XCTAssertNil(weakToken, "released when the fed delivery ended, before any further event")
        XCTAssertEqual(mapped.core.delivery.load(ordering: .relaxed), .idle)
        input.send(value: 2)
        XCTAssertEqual(received, [10])
        XCTAssertEqual(other.values, [10, 20], "the operator goes on for its other observer")
    }

    /// The last observer of an operator nobody else holds disposes itself during a fed
    /// delivery: the operator is interrupted then (nobody to deliver to, nothing queued), lets
    /// go of its source, and its observer lives until the delivery ends.
    func testAnOrphanedFedOperatorEndsAtOnceAndLetsGoOfItsSource() {
        let (signal, input) = Signal<Int, Never>.pipe()
        weak var weakToken: Token?
        weak var weakOperator: Signal<Int, Never>.Core?
        var received: [Int] = []
        var aliveAfterDropping: [Bool] = []
        var disposable: Disposable?
        do {
            let token = Token()
            weakToken = token
            let filtered = signal.filter { $0 > 0 }
            weakOperator = filtered.core
            disposable = filtered.observeValues { [token] value in
                disposable?.dispose()
                disposable = nil
                withExtendedLifetime(token) { received.append(value) }
                aliveAfterDropping.append(weakToken != nil)
                XCTAssertEqual(weakOperator?.hasTerminated, true, "interrupted during its own delivery")
            }
        }
        XCTAssertEqual(signal.core.observerCount, 1)

        input.send(value: 1)
        input.send(value: 2)

        XCTAssertEqual(received, [1])
        XCTAssertEqual(aliveAfterDropping, [true])
        XCTAssertNil(weakToken)
        XCTAssertNil(weakOperator, "the source let go of the ended operator")
        XCTAssertEqual(signal.core.observerCount, 0)
    }

    /// The last observer of an operator is disposed from another thread while the operator
    /// delivers to it: the operator ends there and then, the observer lives until its call
    /// returns, and the source lets go of the operator.
    func testAFedOperatorOrphanedFromAnotherThreadEndsAndItsObserverLivesUntilItsCallReturns() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let entered = DispatchSemaphore(value: 0)
        let dropped = DispatchSemaphore(value: 0)
        weak var weakToken: Token?
        weak var weakOperator: Signal<String, Never>.Core?
        var aliveAfterDropping = false
        var endedMeanwhile = false
        nonisolated(unsafe) var disposable: Disposable?
        do {
            let token = Token()
            weakToken = token
            let mapped = signal.map { "\($0)" }
            weakOperator = mapped.core
            disposable = mapped.observeValues { [token] _ in
                entered.signal()
                dropped.wait()
                withExtendedLifetime(token) {}
                aliveAfterDropping = weakToken != nil
                endedMeanwhile = weakOperator?.hasTerminated == true
            }
        }
        let other = Thread {
            entered.wait()
            disposable?.dispose()
            disposable = nil
            dropped.signal()
        }
        other.start()

        input.send(value: 1)

        XCTAssertTrue(aliveAfterDropping)
        XCTAssertTrue(endedMeanwhile, "the other thread ended the orphaned operator")
        XCTAssertNil(weakToken)
        XCTAssertNil(weakOperator)
        XCTAssertEqual(signal.core.observerCount, 0)
    }

    /// Observers come and go from other threads while a chain of fed operators delivers
    /// values sent from several threads: every value reaches the observer that stays, once and
    /// in each sender's order, and every other observer is released (run under TSan and ASan
    /// by scripts/sanitizers.sh).
    func testFedOperatorsUnderConcurrentSendsAndObserverChurn() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let chain = signal.map { $0 }.filter { _ in true }.skip(first: 0).take(first: 1_000_000).mapConst(1)
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
