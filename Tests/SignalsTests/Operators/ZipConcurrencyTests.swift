import Dispatch
import Signals
import SignalsTesting
import XCTest

/// Zip's sources may deliver on different threads; these runs race them on purpose.
final class ZipConcurrencyTests: XCTestCase {
    /// Two sources fed from two threads at once: every tuple pairs equal indices and the tuples
    /// arrive in index order, then the zip completes.
    func testZip_SourcesOnTwoThreads_DeliversEveryTupleInIndexOrder() {
        let count = 2_000
        for _ in 0..<10 {
            let (left, leftInput) = Signal<Int, Never>.pipe()
            let (right, rightInput) = Signal<Int, Never>.pipe()
            let observer = TestObserver<(Int, Int), Never>()
            Signal.zip(left, right).observe(observer.observer)

            DispatchQueue.concurrentPerform(iterations: 2) { index in
                let input = index == 0 ? leftInput : rightInput
                for value in 0..<count { input.send(value: value) }
                input.sendCompleted()
            }

            let values = observer.values
            XCTAssertEqual(values.map(\.0), Array(0..<count))
            XCTAssertEqual(values.map(\.1), Array(0..<count))
            XCTAssertEqual(observer.events.last?.isCompleted, true)
            if values.count != count { return }
        }
    }

    /// The race ReactiveSwift guards with `hasConcurrentlyCompleted`: one thread forms the last
    /// tuple (emptying the other source's buffer) while the other source completes on its own
    /// thread. The completion must not overtake the tuple, or the tuple would be lost.
    func testZip_CompletionRacingTheLastTuple_NeverLosesIt() {
        for _ in 0..<20_000 {
            let (left, leftInput) = Signal<Int, Never>.pipe()
            let (right, rightInput) = Signal<Int, Never>.pipe()
            let observer = TestObserver<(Int, Int), Never>()
            Signal.zip(left, right).observe(observer.observer)

            rightInput.send(value: 2)
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                if index == 0 {
                    leftInput.send(value: 1)
                } else {
                    rightInput.sendCompleted()
                }
            }

            let history = observer.events.map(\.description)
            XCTAssertEqual(history, ["VALUE (1, 2)", "COMPLETED"])
            if history != ["VALUE (1, 2)", "COMPLETED"] { return }
        }
    }
}
