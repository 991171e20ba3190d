import Signals
import SignalsTesting
import XCTest

private struct TestError: Error, Equatable { let code: Int }

/// `ignoreValues()` as Kickstarter's: every value becomes `()`, termination passes as it is.
final class IgnoreValuesTests: XCTestCase {
    func testEveryValueBecomesOneVoid() {
        let (source, input) = Signal<String, TestError>.pipe()
        let observer = TestObserver<Void, TestError>()
        source.ignoreValues().observe(observer.observer)
        input.send(value: "a")
        input.send(value: "b")
        XCTAssertEqual(observer.values.count, 2)
        input.sendCompleted()
        observer.assertDidComplete()
    }

    func testAFailurePassesThrough() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<Void, TestError>()
        source.ignoreValues().observe(observer.observer)
        input.send(value: 1)
        input.send(error: TestError(code: 7))
        XCTAssertEqual(observer.values.count, 1)
        XCTAssertEqual(observer.failedError, TestError(code: 7))
    }

    func testAProducersValuesBecomeVoidForEachStart() {
        let producer = SignalProducer<Int, Never>([1, 2, 3]).ignoreValues()
        let observer = TestObserver<Void, Never>()
        producer.start(observer.observer)
        XCTAssertEqual(observer.values.count, 3)
        observer.assertDidComplete()
    }
}
