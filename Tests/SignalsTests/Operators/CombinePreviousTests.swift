import Signals
import SignalsTesting
import XCTest

private struct TestError: Error, Equatable { let code: Int }

/// Tuples are not Equatable: compare whole histories through their printed form.
private func history<V, E>(_ observer: TestObserver<V, E>) -> [String] {
    observer.events.map(\.description)
}

final class CombinePreviousTests: XCTestCase {
    func testCombinePrevious_FirstValueOnlySeeds() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<(Int, Int), TestError>()
        source.combinePrevious().observe(observer.observer)

        input.send(value: 1)
        observer.assertDidNotEmitValue()
        input.send(value: 2)
        input.send(value: 3)
        input.sendCompleted()

        XCTAssertEqual(history(observer), ["VALUE (1, 2)", "VALUE (2, 3)", "COMPLETED"])
    }

    func testCombinePreviousInitial_PairsTheFirstValueWithTheInitial() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<(Int, Int), TestError>()
        source.combinePrevious(0).observe(observer.observer)

        input.send(value: 1)
        input.send(value: 2)

        XCTAssertEqual(history(observer), ["VALUE (0, 1)", "VALUE (1, 2)"])
    }

    func testCombinePrevious_ForwardsFailure() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<(Int, Int), TestError>()
        source.combinePrevious().observe(observer.observer)

        input.send(value: 1)
        input.send(error: TestError(code: 9))
        input.send(value: 2)

        XCTAssertEqual(history(observer), ["FAILED TestError(code: 9)"])
    }

    func testCombinePrevious_ForwardsInterruption() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<(Int, Int), TestError>()
        source.combinePrevious(0).observe(observer.observer)

        input.send(value: 1)
        input.sendInterrupted()

        XCTAssertEqual(history(observer), ["VALUE (0, 1)", "INTERRUPTED"])
    }

    func testCombinePreviousProducer_StartsOverOnEveryStart() {
        let producer = SignalProducer<Int, Never>([1, 2, 3]).combinePrevious()
        let first = TestObserver<(Int, Int), Never>()
        let second = TestObserver<(Int, Int), Never>()

        producer.start(first.observer)
        producer.start(second.observer)

        XCTAssertEqual(history(first), ["VALUE (1, 2)", "VALUE (2, 3)", "COMPLETED"])
        XCTAssertEqual(history(second), history(first))
    }

    func testCombinePreviousInitialProducer_PairsTheFirstValueWithTheInitial() {
        let observer = TestObserver<(Int, Int), Never>()
        SignalProducer<Int, Never>(value: 5).combinePrevious(4).start(observer.observer)

        XCTAssertEqual(history(observer), ["VALUE (4, 5)", "COMPLETED"])
    }
}
