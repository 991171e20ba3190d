import Signals
import SignalsTesting
import XCTest

private struct TestError: Error, Equatable { let code: Int }

final class CollectTests: XCTestCase {
    func testCollect_SendsEveryValueAsOneArrayOnCompletion() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<[Int], TestError>()
        source.collect().observe(observer.observer)

        input.send(value: 1)
        input.send(value: 2)
        input.send(value: 3)
        observer.assertDidNotEmitValue()
        input.sendCompleted()

        XCTAssertEqual(observer.events, [.value([1, 2, 3]), .completed])
    }

    func testCollect_WithNoValues_SendsAnEmptyArray() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<[Int], TestError>()
        source.collect().observe(observer.observer)

        input.sendCompleted()

        XCTAssertEqual(observer.events, [.value([]), .completed])
    }

    func testCollect_OnFailure_DropsTheCollectedValues() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<[Int], TestError>()
        source.collect().observe(observer.observer)

        input.send(value: 1)
        input.send(error: TestError(code: 2))

        XCTAssertEqual(observer.events, [.failed(TestError(code: 2))])
    }

    func testCollect_OnInterruption_DropsTheCollectedValues() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<[Int], TestError>()
        source.collect().observe(observer.observer)

        input.send(value: 1)
        input.sendInterrupted()

        XCTAssertEqual(observer.events, [.interrupted])
    }

    func testCollectCount_SendsFullArraysThenTheRemainder() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<[Int], TestError>()
        source.collect(count: 2).observe(observer.observer)

        input.send(value: 1)
        observer.assertDidNotEmitValue()
        input.send(value: 2)
        observer.assertValues([[1, 2]])
        input.send(value: 3)
        input.send(value: 4)
        input.send(value: 5)
        input.sendCompleted()

        XCTAssertEqual(observer.events, [.value([1, 2]), .value([3, 4]), .value([5]), .completed])
    }

    func testCollectCount_WithAnExactMultiple_SendsNoEmptyRemainder() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<[Int], TestError>()
        source.collect(count: 2).observe(observer.observer)

        input.send(value: 1)
        input.send(value: 2)
        input.sendCompleted()

        XCTAssertEqual(observer.events, [.value([1, 2]), .completed])
    }

    func testCollectCount_WithNoValues_SendsAnEmptyArray() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<[Int], TestError>()
        source.collect(count: 3).observe(observer.observer)

        input.sendCompleted()

        XCTAssertEqual(observer.events, [.value([]), .completed])
    }

    func testCollectCount_OnFailure_DropsTheRemainder() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<[Int], TestError>()
        source.collect(count: 2).observe(observer.observer)

        input.send(value: 1)
        input.send(value: 2)
        input.send(value: 3)
        input.send(error: TestError(code: 1))

        XCTAssertEqual(observer.events, [.value([1, 2]), .failed(TestError(code: 1))])
    }

    func testCollectPredicate_SendsWheneverThePredicateHolds() {
        let (source, input) = Signal<Int, Never>.pipe()
        let observer = TestObserver<[Int], Never>()
        source.collect { $0.reduce(0, +) == 8 }.observe(observer.observer)

        for value in [1, 3, 4, 7, 1, 5, 6] { input.send(value: value) }
        observer.assertValues([[1, 3, 4], [7, 1]])
        input.sendCompleted()

        XCTAssertEqual(observer.events, [.value([1, 3, 4]), .value([7, 1]), .value([5, 6]), .completed])
    }

    func testCollectPredicate_SeesTheLatestValueIncluded() {
        let (source, input) = Signal<String, Never>.pipe()
        let observer = TestObserver<[String], Never>()
        source.collect { $0.last == "." }.observe(observer.observer)

        for word in ["a", "b", ".", "c", "."] { input.send(value: word) }
        input.sendCompleted()

        XCTAssertEqual(observer.events, [.value(["a", "b", "."]), .value(["c", "."]), .completed])
    }

    func testCollectCountProducer_SendsArraysOfCountThenTheRemainder() {
        let observer = TestObserver<[Int], TestError>()
        SignalProducer<Int, TestError>(1...5).collect(count: 2).start(observer.observer)

        XCTAssertEqual(observer.events, [.value([1, 2]), .value([3, 4]), .value([5]), .completed])
    }

    func testCollectProducer_SendsEveryValueOnCompletion() {
        let observer = TestObserver<[Int], TestError>()
        SignalProducer<Int, TestError>([4, 5]).collect().start(observer.observer)

        XCTAssertEqual(observer.events, [.value([4, 5]), .completed])
    }

    func testCollectPredicateProducer_SendsTheRemainderOnCompletion() {
        let observer = TestObserver<[Int], TestError>()
        SignalProducer<Int, TestError>([1, 2, 3]).collect { $0.count == 2 }.start(observer.observer)

        XCTAssertEqual(observer.events, [.value([1, 2]), .value([3]), .completed])
    }
}
