import Signals
import SignalsTesting
import XCTest

private struct TestError: Error, Equatable { let code: Int }
private struct OtherError: Error, Equatable { let message: String }

final class ErrorHandlingTests: XCTestCase {
    func testMapError_TransformsTheFailure() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<Int, OtherError>()
        source.mapError { OtherError(message: "code \($0.code)") }.observe(observer.observer)

        input.send(value: 1)
        input.send(error: TestError(code: 7))

        XCTAssertEqual(observer.events, [.value(1), .failed(OtherError(message: "code 7"))])
    }

    func testMapError_PassesCompletionAndInterruptionThrough() {
        let (completing, completingInput) = Signal<Int, TestError>.pipe()
        let (interrupted, interruptedInput) = Signal<Int, TestError>.pipe()
        let completedObserver = TestObserver<Int, OtherError>()
        let interruptedObserver = TestObserver<Int, OtherError>()
        completing.mapError { _ in OtherError(message: "") }.observe(completedObserver.observer)
        interrupted.mapError { _ in OtherError(message: "") }.observe(interruptedObserver.observer)

        completingInput.send(value: 2)
        completingInput.sendCompleted()
        interruptedInput.sendInterrupted()

        XCTAssertEqual(completedObserver.events, [.value(2), .completed])
        XCTAssertEqual(interruptedObserver.events, [.interrupted])
    }

    func testMapErrorProducer_TransformsTheFailure() {
        let observer = TestObserver<Int, OtherError>()
        SignalProducer<Int, TestError>(error: TestError(code: 1))
            .mapError { OtherError(message: "\($0.code)") }
            .start(observer.observer)

        XCTAssertEqual(observer.events, [.failed(OtherError(message: "1"))])
    }

    func testPromoteError_ForwardsValuesAndCompletion() {
        let (source, input) = Signal<Int, Never>.pipe()
        let observer = TestObserver<Int, TestError>()
        source.promoteError(TestError.self).observe(observer.observer)

        input.send(value: 1)
        input.sendCompleted()

        XCTAssertEqual(observer.events, [.value(1), .completed])
    }

    func testPromoteError_InfersTheErrorTypeAndForwardsInterruption() {
        let (source, input) = Signal<Int, Never>.pipe()
        let observer = TestObserver<Int, TestError>()
        let promoted: Signal<Int, TestError> = source.promoteError()
        promoted.observe(observer.observer)

        input.send(value: 3)
        input.sendInterrupted()

        XCTAssertEqual(observer.events, [.value(3), .interrupted])
    }

    func testPromoteError_LetsANeverFailingSignalCombineWithAFailingOne() {
        let (never, neverInput) = Signal<Int, Never>.pipe()
        let (failing, failingInput) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<Int, TestError>()
        Signal.merge(never.promoteError(), failing).observe(observer.observer)

        neverInput.send(value: 1)
        failingInput.send(error: TestError(code: 2))

        XCTAssertEqual(observer.events, [.value(1), .failed(TestError(code: 2))])
    }

    func testPromoteErrorProducer_ForwardsEverything() {
        let observer = TestObserver<Int, TestError>()
        SignalProducer<Int, Never>([1, 2]).promoteError(TestError.self).start(observer.observer)

        XCTAssertEqual(observer.events, [.value(1), .value(2), .completed])
    }

    func testFlatMapError_ContinuesWithTheRecoveryProducer() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<Int, OtherError>()
        source
            .flatMapError { SignalProducer<Int, OtherError>([100 + $0.code, 200]) }
            .observe(observer.observer)

        input.send(value: 1)
        input.send(error: TestError(code: 5))

        XCTAssertEqual(observer.events, [.value(1), .value(105), .value(200), .completed])
    }

    func testFlatMapError_WithoutAFailure_NeverCallsTheTransform() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<Int, Never>()
        var transformed = false
        source
            .flatMapError { _ -> SignalProducer<Int, Never> in
                transformed = true
                return .empty
            }
            .observe(observer.observer)

        input.send(value: 1)
        input.sendCompleted()

        XCTAssertEqual(observer.events, [.value(1), .completed])
        XCTAssertFalse(transformed)
    }

    func testFlatMapError_ForwardsInterruptionWithoutRecovery() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<Int, Never>()
        source.flatMapError { _ in SignalProducer<Int, Never>(value: 0) }.observe(observer.observer)

        input.sendInterrupted()

        XCTAssertEqual(observer.events, [.interrupted])
    }

    func testFlatMapError_FailsWhenTheRecoveryFails() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let observer = TestObserver<Int, OtherError>()
        source
            .flatMapError { SignalProducer<Int, OtherError>(error: OtherError(message: "gave up after \($0.code)")) }
            .observe(observer.observer)

        input.send(error: TestError(code: 3))

        XCTAssertEqual(observer.events, [.failed(OtherError(message: "gave up after 3"))])
    }

    func testFlatMapErrorProducer_RecoversFromAFailure() {
        let observer = TestObserver<Int, Never>()
        SignalProducer<Int, TestError>(error: TestError(code: 7))
            .flatMapError { SignalProducer<Int, Never>(value: $0.code) }
            .start(observer.observer)

        XCTAssertEqual(observer.events, [.value(7), .completed])
    }

    func testFlatMapErrorProducer_InterruptingTheStartInterruptsTheRecovery() {
        var recoveryEnded = false
        let recovery = SignalProducer<Int, Never> { observer, lifetime in
            observer.send(value: 1)
            lifetime.observeEnded { recoveryEnded = true }
        }
        let observer = TestObserver<Int, Never>()
        let disposable = SignalProducer<Int, TestError>(error: TestError(code: 1))
            .flatMapError { _ in recovery }
            .start(observer.observer)
        XCTAssertFalse(recoveryEnded)

        disposable.dispose()

        XCTAssertEqual(observer.events, [.value(1), .interrupted])
        XCTAssertTrue(recoveryEnded)
    }
}
