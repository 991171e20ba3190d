import Dispatch
import SystemIO
import XCTest
@testable import Signals
import SignalsTesting

/// Operators built on producers must pass on the real terminating event of an operator that
/// ends while it is being built, and combined values must not be reordered across threads.
final class OperatorPlumbingTests: XCTestCase {
    func testTakeFirstZero_ProducerCompletesInsteadOfInterrupting() {
        let observer = TestObserver<Int, Never>()
        SignalProducer<Int, Never>([1, 2]).take(first: 0).start(observer.observer)
        observer.assertDidComplete()
        observer.assertDidNotInterrupt()
        observer.assertDidNotEmitValue()
    }

    func testEmptyCombineLatestAndMerge_ProducersComplete() {
        let combined = TestObserver<[Int], Never>()
        SignalProducer<Int, Never>.combineLatest([SignalProducer<Int, Never>]()).start(combined.observer)
        combined.assertDidComplete()
        let merged = TestObserver<Int, Never>()
        SignalProducer<Int, Never>.merge([SignalProducer<Int, Never>]()).start(merged.observer)
        merged.assertDidComplete()
        merged.assertDidNotInterrupt()
    }

    func testLiftedFailureDuringConstruction_ReachesTheObserver() {
        struct Boom: Error, Equatable {}
        let observer = TestObserver<Int, Boom>()
        SignalProducer<Int, Boom>(error: Boom()).map { $0 + 1 }.start(observer.observer)
        observer.assertFailed(Boom())
    }

    /// A stress check of the end state. The ordering guarantee itself holds by construction
    /// (combined values are enqueued under the lock that decides them); on this 2-core machine
    /// the older send-after-unlock code did not lose this race in 200 rounds either, so this
    /// test guards against gross breakage, not that specific interleaving.
    func testCombineLatestAcrossThreads_LastValueIsTheLatestPair() {
        for _ in 0..<20 {
            let (a, inputA) = Signal<Int, Never>.pipe()
            let (b, inputB) = Signal<Int, Never>.pipe()
            let last = Monitor<[Int]>([])
            let combined: Signal<(Int, Int), Never> = Signal.combineLatest(a, b)
            combined.observeValues { (x: Int, y: Int) in last.withLock { $0 = [x, y] } }
            let count = 2_000
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                let input = index == 0 ? inputA : inputB
                for value in 0..<count { input.send(value: value) }
            }
            let final = last.withLock { $0 }
            XCTAssertEqual(final, [count - 1, count - 1], "a stale pair was delivered after the latest one")
        }
    }
}
