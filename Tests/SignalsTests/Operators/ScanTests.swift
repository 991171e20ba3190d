import Signals
import SignalsTesting
import XCTest

private struct TestError: Error, Equatable { let code: Int }

final class ScanTests: XCTestCase {
    func testScan_SendsRunningAccumulation() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<Int, TestError>()
        source.scan(10) { $0 + $1 }.observe(observer.observer)

        input.send(value: 1)
        observer.assertValues([11])
        input.send(value: 2)
        input.send(value: 3)
        input.sendCompleted()

        XCTAssertEqual(observer.events, [.value(11), .value(13), .value(16), .completed])
    }

    func testScanInto_MutatesTheAccumulatorInPlace() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<[Int], TestError>()
        source.scan(into: [0]) { $0.append($1) }.observe(observer.observer)

        input.send(value: 1)
        input.send(value: 2)

        XCTAssertEqual(observer.events, [.value([0, 1]), .value([0, 1, 2])])
    }

    func testScan_ForwardsFailure() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<Int, TestError>()
        source.scan(0) { $0 + $1 }.observe(observer.observer)

        input.send(value: 1)
        input.send(error: TestError(code: 3))
        input.send(value: 2)

        XCTAssertEqual(observer.events, [.value(1), .failed(TestError(code: 3))])
    }

    func testScan_ForwardsInterruption() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<Int, TestError>()
        source.scan(0) { $0 + $1 }.observe(observer.observer)

        input.send(value: 4)
        input.sendInterrupted()

        XCTAssertEqual(observer.events, [.value(4), .interrupted])
    }

    func testScanProducer_StartsFromTheInitialValueOnEveryStart() {
        let producer = SignalProducer<Int, TestError>([1, 2, 3]).scan(0) { $0 + $1 }
        let first = TestObserver<Int, TestError>()
        let second = TestObserver<Int, TestError>()

        producer.start(first.observer)
        producer.start(second.observer)

        XCTAssertEqual(first.events, [.value(1), .value(3), .value(6), .completed])
        XCTAssertEqual(second.events, [.value(1), .value(3), .value(6), .completed])
    }

    func testScanIntoProducer_AccumulatesInPlace() {
        let observer = TestObserver<String, Never>()
        SignalProducer<String, Never>(["a", "b"]).scan(into: "") { $0 += $1 }.start(observer.observer)

        XCTAssertEqual(observer.events, [.value("a"), .value("ab"), .completed])
    }

    func testReduce_SendsOnlyTheFinalResultOnCompletion() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<Int, TestError>()
        source.reduce(10) { $0 + $1 }.observe(observer.observer)

        input.send(value: 1)
        input.send(value: 2)
        observer.assertDidNotEmitValue()
        input.sendCompleted()

        XCTAssertEqual(observer.events, [.value(13), .completed])
    }

    func testReduce_WithNoValues_SendsTheInitialValue() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<Int, TestError>()
        source.reduce(10) { $0 + $1 }.observe(observer.observer)

        input.sendCompleted()

        XCTAssertEqual(observer.events, [.value(10), .completed])
    }

    func testReduce_OnFailure_SendsNoResult() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<Int, TestError>()
        source.reduce(0) { $0 + $1 }.observe(observer.observer)

        input.send(value: 1)
        input.send(error: TestError(code: 5))

        XCTAssertEqual(observer.events, [.failed(TestError(code: 5))])
    }

    func testReduce_OnInterruption_SendsNoResult() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<Int, TestError>()
        source.reduce(0) { $0 + $1 }.observe(observer.observer)

        input.send(value: 1)
        input.sendInterrupted()

        XCTAssertEqual(observer.events, [.interrupted])
    }

    func testReduceInto_Producer_SendsTheFinalAccumulator() {
        let observer = TestObserver<[Int], TestError>()
        SignalProducer<Int, TestError>([1, 2, 3]).reduce(into: []) { $0.insert($1, at: 0) }.start(observer.observer)

        XCTAssertEqual(observer.events, [.value([3, 2, 1]), .completed])
    }

    func testReduceProducer_WithNoValues_SendsTheInitialValue() {
        let observer = TestObserver<Int, TestError>()
        SignalProducer<Int, TestError>.empty.reduce(5) { $0 + $1 }.start(observer.observer)

        XCTAssertEqual(observer.events, [.value(5), .completed])
    }
}
