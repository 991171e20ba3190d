import Dispatch
import XCTest
@testable import Signals

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
}
