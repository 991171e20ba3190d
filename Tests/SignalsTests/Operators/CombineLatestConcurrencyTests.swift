import Dispatch
import Signals
import SignalsTesting
import XCTest

/// combineLatest decides each combination under its core's lock and delivers it after releasing
/// the lock (`Signal.Handoff`). Sources on two threads race here: a delivery that overtook an
/// earlier decision would show as a component going backwards.
final class CombineLatestConcurrencyTests: XCTestCase {
    func testCombineLatest_SourcesOnTwoThreads_DeliversCombinationsInDecisionOrder() {
        let count = 2_000
        for _ in 0..<10 {
            let (left, leftInput) = Signal<Int, Never>.pipe()
            let (right, rightInput) = Signal<Int, Never>.pipe()
            let observer = TestObserver<(Int, Int), Never>()
            Signal.combineLatest(left, right).observe(observer.observer)

            DispatchQueue.concurrentPerform(iterations: 2) { index in
                let input = index == 0 ? leftInput : rightInput
                for value in 0..<count { input.send(value: value) }
                input.sendCompleted()
            }

            let values = observer.values
            let ordered = zip(values, values.dropFirst()).allSatisfy { $0.0 <= $1.0 && $0.1 <= $1.1 }
            XCTAssertTrue(ordered, "a combination was delivered out of decision order")
            XCTAssertEqual(values.last.map { [$0.0, $0.1] }, [count - 1, count - 1])
            XCTAssertEqual(observer.events.last?.isCompleted, true, "completion must come after the last combination")
            if !ordered { return }
        }
    }
}
