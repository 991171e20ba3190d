import FoundationEssentials
import Signals
import SignalsTesting
import XCTest

/// `flatMap` for each error-type combination, and the pattern the register view model uses:
/// a button tap starts a request with latency; a second tap while in flight replaces it.
final class FlatMapTests: XCTestCase {
    private struct TestError: Error, Equatable { let code: Int }

    func testFlatMapLatest_SecondTapWhileRequestInFlight_ReplacesTheFirstRequest() {
        let scheduler = TestScheduler()
        let (taps, tap) = Signal<Int, Never>.pipe()
        var requestsStarted: [Int] = []
        let firstRequest = TestObserver<String, TestError>()
        // A service call: answers 0.3 s after it starts, on the scheduler.
        func register(_ attempt: Int) -> SignalProducer<String, TestError> {
            let request = SignalProducer<String, TestError> { observer, lifetime in
                requestsStarted.append(attempt)
                lifetime += scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(0.3)) {
                    observer.send(value: "token-\(attempt)")
                    observer.sendCompleted()
                }
            }
            return attempt == 1 ? request.recording(into: firstRequest) : request
        }
        let registered = TestObserver<String, TestError>()
        taps.flatMap(.latest, register).observe(registered.observer)

        tap.send(value: 1)
        XCTAssertEqual(requestsStarted, [1])
        scheduler.advance(by: 0.1)
        tap.send(value: 2)
        XCTAssertEqual(requestsStarted, [1, 2])
        XCTAssertEqual(firstRequest.events, [.interrupted], "the first request was cancelled")
        XCTAssertEqual(scheduler.pendingActionCount, 1, "only the second request's answer is pending")
        scheduler.advance(by: 0.2) // when the first request would have answered
        XCTAssertEqual(registered.events, [])
        scheduler.advance(by: 0.1)
        XCTAssertEqual(registered.events, [.value("token-2")])
        tap.sendCompleted()

        XCTAssertEqual(registered.events, [.value("token-2"), .completed])
    }

    func testFlatMapConcat_Producer_FlattensInOrderAndCompletes() {
        let result = TestObserver<Int, Never>()

        SignalProducer<Int, Never>(values: 1, 2, 3)
            .flatMap(.concat) { n in SignalProducer(values: n, n * 10) }
            .start(result.observer)

        XCTAssertEqual(result.events, [.value(1), .value(10), .value(2), .value(20), .value(3), .value(30), .completed])
    }

    func testFlatMapMerge_TransformReturningSignal_ForwardsItsValues() {
        let (outer, outerInput) = Signal<Int, TestError>.pipe()
        let (inner, innerInput) = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        outer.flatMap(.merge) { _ in inner }.observe(result.observer)

        outerInput.send(value: 1)
        innerInput.send(value: 5)
        innerInput.send(error: TestError(code: 8))

        XCTAssertEqual(result.events, [.value(5), .failed(TestError(code: 8))])
    }

    func testFlatMapLatest_TransformReturningProperty_SendsItsCurrentValueThenChanges() {
        let (outer, outerInput) = Signal<Int, Never>.pipe()
        let property = MutableProperty(10)
        let result = TestObserver<Int, Never>()
        outer.flatMap(.latest) { _ in property }.observe(result.observer)

        outerInput.send(value: 1)
        property.value = 11

        XCTAssertEqual(result.events, [.value(10), .value(11)])
    }

    func testFlatMap_OuterCannotFail_FailsWithTheInnerError() {
        let (outer, outerInput) = Signal<Int, Never>.pipe()
        let result = TestObserver<Int, TestError>()
        let mapped: Signal<Int, TestError> = outer.flatMap(.merge) { n in
            n < 0 ? SignalProducer(error: TestError(code: n)) : SignalProducer(value: n)
        }
        mapped.observe(result.observer)

        outerInput.send(value: 1)
        outerInput.send(value: -1)

        XCTAssertEqual(result.events, [.value(1), .failed(TestError(code: -1))])
    }

    func testFlatMap_InnerCannotFail_KeepsTheOuterError() {
        let (outer, outerInput) = Signal<Int, TestError>.pipe()
        let result = TestObserver<Int, TestError>()
        let mapped: Signal<Int, TestError> = outer.flatMap(.concat) { n in SignalProducer<Int, Never>(value: n) }
        mapped.observe(result.observer)

        outerInput.send(value: 1)
        outerInput.send(error: TestError(code: 6))

        XCTAssertEqual(result.events, [.value(1), .failed(TestError(code: 6))])
    }

    func testFlatMap_ProducerThatCannotFailToProducersThatCan_FailsWithTheInnerError() {
        let result = TestObserver<Int, TestError>()

        SignalProducer<Int, Never>(values: 1, 2)
            .flatMap(.concat) { n -> SignalProducer<Int, TestError> in
                n == 2 ? SignalProducer(error: TestError(code: 2)) : SignalProducer(value: n)
            }
            .start(result.observer)

        XCTAssertEqual(result.events, [.value(1), .failed(TestError(code: 2))])
    }

    func testFlatMap_ProducerToSignalsThatCannotFail_KeepsTheOuterError() {
        let (outer, outerInput) = Signal<Int, TestError>.pipe()
        let (inner, innerInput) = Signal<Int, Never>.pipe()
        let result = TestObserver<Int, TestError>()
        let mapped: SignalProducer<Int, TestError> = SignalProducer(outer).flatMap(.latest) { _ in inner }
        mapped.start(result.observer)

        outerInput.send(value: 1)
        innerInput.send(value: 4)
        outerInput.send(error: TestError(code: 3))
        innerInput.send(value: 5)

        XCTAssertEqual(result.events, [.value(4), .failed(TestError(code: 3))])
    }
}
