import XCTest
@testable import Signals
import SignalsTesting

final class SignalTests: XCTestCase {
    private struct TestError: Error, Equatable { let code: Int }

    func testPipeDeliversValuesThenCompletion() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<Int, TestError>()
        signal.observe(observer.observer)
        input.send(value: 1)
        input.send(value: 2)
        input.sendCompleted()
        observer.assertValues([1, 2])
        observer.assertDidComplete()
        observer.assertDidNotFail()
    }

    func testNothingIsDeliveredAfterATerminatingEvent() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<Int, TestError>()
        signal.observe(observer.observer)
        input.send(error: TestError(code: 7))
        input.send(value: 1)
        input.sendCompleted()
        XCTAssertEqual(observer.events, [.failed(TestError(code: 7))])
        observer.assertFailed(TestError(code: 7))
    }

    func testObservingAnEndedSignalInterruptsAtOnce() {
        let (signal, input) = Signal<Int, Never>.pipe()
        input.sendCompleted()
        let observer = TestObserver<Int, Never>()
        XCTAssertNil(signal.observe(observer.observer))
        observer.assertDidInterrupt()
    }

    func testDisposingAnObserverStopsDelivery() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let observer = TestObserver<Int, Never>()
        let disposable = signal.observe(observer.observer)
        input.send(value: 1)
        disposable?.dispose()
        input.send(value: 2)
        observer.assertValues([1])
        XCTAssertEqual(signal.core.observerCount, 0)
    }

    func testReleasingTheInputObserverInterruptsTheSignal() {
        let observer = TestObserver<Int, Never>()
        var input: Signal<Int, Never>.Observer?
        let signal: Signal<Int, Never>
        (signal, input) = Signal<Int, Never>.pipe()
        signal.observe(observer.observer)
        input?.send(value: 1)
        input = nil
        observer.assertValues([1])
        observer.assertDidInterrupt()
    }

    func testUnobservedDerivedSignalDetachesFromItsSource() {
        let (source, input) = Signal<Int, Never>.pipe()
        var mapped: Signal<Int, Never>? = source.map { $0 * 2 }
        XCTAssertEqual(source.core.observerCount, 1)
        let disposable = mapped?.observeValues { _ in }
        mapped = nil
        XCTAssertEqual(source.core.observerCount, 1, "still observed downstream")
        disposable?.dispose()
        XCTAssertEqual(source.core.observerCount, 0, "no observer and no reference: the chain is released")
        _ = input
    }

    func testGeneratorLifetimeEndsOnTermination() {
        var ended = false
        let (source, input) = Signal<Int, Never>.pipe()
        let signal = Signal<Int, Never> { observer, lifetime in
            lifetime.observeEnded { ended = true }
            lifetime += source.observe(observer)
        }
        signal.observeValues { _ in }
        XCTAssertFalse(ended)
        input.sendCompleted()
        XCTAssertTrue(ended)
    }

    func testNeverSendsNothingAndEmptyCompletes() {
        let never = TestObserver<Int, Never>()
        let neverSignal = Signal<Int, Never>.never
        neverSignal.observe(never.observer)
        never.assertDidNotTerminate()
        never.assertDidNotEmitValue()

        let empty = TestObserver<Int, Never>()
        Signal<Int, Never>.empty.observe(empty.observer)
        empty.assertDidTerminate()
    }

    func testObserveHelpersSeeTheirEventOnly() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        var values: [Int] = []
        var failure: TestError?
        var results: [Result<Int, TestError>] = []
        signal.observeValues { values.append($0) }
        signal.observeFailed { failure = $0 }
        signal.observeResult { results.append($0) }
        input.send(value: 3)
        input.send(error: TestError(code: 1))
        XCTAssertEqual(values, [3])
        XCTAssertEqual(failure, TestError(code: 1))
        XCTAssertEqual(results.count, 2)
    }

    func testEventHelpers() {
        typealias E = Signal<Int, TestError>.Event
        XCTAssertEqual(E.value(1).map { $0 + 1 }, .value(2))
        XCTAssertTrue(E.completed.isTerminating)
        XCTAssertFalse(E.value(1).isTerminating)
        XCTAssertEqual(E.failed(TestError(code: 2)).error, TestError(code: 2))
        XCTAssertEqual(E.value(4).description, "VALUE 4")
        XCTAssertEqual(E.interrupted.description, "INTERRUPTED")
    }
}
