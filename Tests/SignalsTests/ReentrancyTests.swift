import Dispatch
import Synchronization
import SystemIO
import XCTest
@testable import Signals
import SignalsTesting

/// The guarantees ReactiveSwift and RxSwift do not give: reentrant sends are queued and
/// delivered in order to every observer; concurrent senders are serialized; nothing deadlocks.
final class ReentrancyTests: XCTestCase {
    func testValueSentDuringDeliveryReachesEveryObserverAfterTheCurrentOne() {
        let (signal, input) = Signal<Int, Never>.pipe()
        var first: [Int] = []
        var second: [Int] = []
        signal.observeValues { value in
            first.append(value)
            if value == 1 { input.send(value: 2) }
        }
        signal.observeValues { second.append($0) }

        input.send(value: 1)

        XCTAssertEqual(first, [1, 2])
        XCTAssertEqual(second, [1, 2], "the second observer must see 1 before 2, not the reentrant 2 first")
    }

    func testTerminationSentDuringDeliveryComesAfterQueuedValues() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let observer = TestObserver<Int, Never>()
        signal.observeValues { value in
            if value == 1 {
                input.send(value: 2)
                input.sendCompleted()
                input.send(value: 3)
            }
        }
        signal.observe(observer.observer)
        input.send(value: 1)
        observer.assertValues([1, 2])
        observer.assertDidComplete()
    }

    func testSettingAPropertyFromItsOwnObserverKeepsOrderForEveryObserver() {
        let property = MutableProperty(0)
        var seenByA: [Int] = []
        var seenByB: [Int] = []
        property.signal.observeValues { value in
            seenByA.append(value)
            if value < 3 { property.value = value + 1 }
        }
        property.signal.observeValues { seenByB.append($0) }

        property.value = 1

        XCTAssertEqual(seenByA, [1, 2, 3])
        XCTAssertEqual(seenByB, [1, 2, 3])
        XCTAssertEqual(property.value, 3)
        XCTAssertEqual(seenByA.last, property.value)
        XCTAssertEqual(seenByB.last, property.value)
    }

    func testProducerStartedDuringDeliveryGetsCurrentValueOnceThenLaterValues() {
        let property = MutableProperty(0)
        let late = TestObserver<Int, Never>()
        property.signal.observeValues { value in
            if value == 1 {
                property.value = 2               // queued behind the delivery of 1
                property.producer.start(late.observer) // current value is 2 already
            }
        }
        property.value = 1
        // The producer replays the current value (2) once; the queued 2 was sent before it
        // subscribed, so it is not delivered to it again.
        late.assertValues([2])
        property.value = 5
        late.assertValues([2, 5])
    }

    func testObserverDisposedDuringDeliveryReceivesNothingQueued() {
        let (signal, input) = Signal<Int, Never>.pipe()
        var received: [Int] = []
        var disposable: Disposable?
        disposable = signal.observeValues { received.append($0) }
        signal.observeValues { value in
            if value == 1 {
                input.send(value: 2)
                disposable?.dispose()
            }
        }
        input.send(value: 1)
        XCTAssertEqual(received, [1], "2 was queued but the observer left before its delivery")
    }

    func testObserverDisposedByAnEarlierObserverMissesTheEventInFlight() {
        let (signal, input) = Signal<Int, Never>.pipe()
        var received: [Int] = []
        var disposable: Disposable?
        signal.observeValues { _ in disposable?.dispose() }
        disposable = signal.observeValues { received.append($0) }
        input.send(value: 1)
        XCTAssertEqual(received, [], "once dispose() returns, the observer receives nothing more")
    }

    func testObserverAddedDuringDeliveryOnlySeesLaterEvents() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let late = TestObserver<Int, Never>()
        signal.observeValues { value in
            if value == 1 {
                input.send(value: 2)
                signal.observe(late.observer)
                input.send(value: 3)
            }
        }
        input.send(value: 1)
        late.assertValues([3])
    }

    func testCrossSignalCycleDoesNotDeadlock() {
        let a = MutableProperty(0)
        let b = MutableProperty(0)
        a.signal.observeValues { if $0 < 100 { b.value = $0 + 1 } }
        b.signal.observeValues { if $0 < 100 { a.value = $0 + 1 } }
        a.value = 1
        XCTAssertEqual(a.value, 99)
        XCTAssertEqual(b.value, 100)
    }

    func testConcurrentSendersAreSerializedAndNothingIsLost() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let inDelivery = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let count = Atomic<Int>(0)
        signal.observeValues { _ in
            if inDelivery.add(1, ordering: .acquiringAndReleasing).newValue > 1 {
                overlaps.add(1, ordering: .relaxed)
            }
            count.add(1, ordering: .relaxed)
            inDelivery.subtract(1, ordering: .acquiringAndReleasing)
        }
        let threads = 4, perThread = 10_000
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for value in 0..<perThread { input.send(value: value) }
        }
        XCTAssertEqual(count.load(ordering: .relaxed), threads * perThread)
        XCTAssertEqual(overlaps.load(ordering: .relaxed), 0, "two deliveries overlapped")
    }

    func testConcurrentModifyLosesNoUpdateAndObserversEndOnTheFinalValue() {
        let property = MutableProperty(0)
        let last = Monitor(0)
        let seen = Monitor(0)
        property.signal.observeValues { value in
            last.withLock { $0 = value }
            seen.withLock { $0 += 1 }
        }
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<5_000 { property.modify { $0 += 1 } }
        }
        XCTAssertEqual(property.value, 20_000)
        XCTAssertEqual(seen.withLock { $0 }, 20_000)
        XCTAssertEqual(last.withLock { $0 }, 20_000, "the last value delivered must equal the property's value")
    }
}
