import Signals
import SystemIO
import XCTest

/// Records every event a signal sends, and asserts on the whole history (Kickstarter's API).
///
/// Attach its `observer` to an output: `vm.outputs.alertMessage.observe(alertMessage.observer)`.
/// Every assertion forwards `file:` and `line:` so a failure points at the test's line.
public final class TestObserver<Value, Error: Swift.Error>: @unchecked Sendable {
    /// The history; signals may deliver on another thread than the test's, hence the lock.
    private final class Recorder: @unchecked Sendable {
        let lock = Monitor(())
        var events: [Signal<Value, Error>.Event] = []
    }

    private let recorder = Recorder()

    /// The observer to attach to the signal under test.
    public let observer: Signal<Value, Error>.Observer

    /// A fresh observer with an empty history.
    public init() {
        let recorder = self.recorder
        observer = Signal<Value, Error>.Observer { event in
            recorder.lock.withLock { _ in recorder.events.append(event) }
        }
    }

    /// Every event received, in order.
    public var events: [Signal<Value, Error>.Event] {
        recorder.lock.withLock { _ in recorder.events }
    }

    /// Every value received, in order.
    public var values: [Value] {
        events.compactMap(\.value)
    }

    /// The last value received.
    public var lastValue: Value? {
        values.last
    }

    /// The error of a failure, if one was received.
    public var failedError: Error? {
        events.lazy.compactMap(\.error).first
    }

    /// Whether `completed` was received.
    public var didComplete: Bool { events.contains { $0.isCompleted } }

    /// Whether `failed` was received.
    public var didFail: Bool { failedError != nil }

    /// Whether `interrupted` was received.
    public var didInterrupt: Bool {
        events.contains { if case .interrupted = $0 { return true } else { return false } }
    }

    /// Whether any terminating event was received.
    public var didTerminate: Bool { events.contains { $0.isTerminating } }

    /// Whether any value was received.
    public var didEmitValue: Bool { !values.isEmpty }

    /// Asserts that `completed` was received.
    public func assertDidComplete(_ message: String = "Should have completed.", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(didComplete, message, file: file, line: line)
    }

    /// Asserts that `completed` was not received.
    public func assertDidNotComplete(_ message: String = "Should not have completed.", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(didComplete, message, file: file, line: line)
    }

    /// Asserts that a failure was received.
    public func assertDidFail(_ message: String = "Should have failed.", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(didFail, message, file: file, line: line)
    }

    /// Asserts that no failure was received.
    public func assertDidNotFail(_ message: String = "Should not have failed.", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(didFail, message, file: file, line: line)
    }

    /// Asserts that `interrupted` was received.
    public func assertDidInterrupt(_ message: String = "Should have interrupted.", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(didInterrupt, message, file: file, line: line)
    }

    /// Asserts that `interrupted` was not received.
    public func assertDidNotInterrupt(_ message: String = "Should not have interrupted.", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(didInterrupt, message, file: file, line: line)
    }

    /// Asserts that a terminating event was received.
    public func assertDidTerminate(_ message: String = "Should have terminated.", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(didTerminate, message, file: file, line: line)
    }

    /// Asserts that no terminating event was received.
    public func assertDidNotTerminate(_ message: String = "Should not have terminated.", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(didTerminate, message, file: file, line: line)
    }

    /// Asserts that at least one value was received.
    public func assertDidEmitValue(_ message: String = "Should have emitted at least one value.", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(didEmitValue, message, file: file, line: line)
    }

    /// Asserts that no value was received.
    public func assertDidNotEmitValue(_ message: String = "Should not have emitted any values.", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(didEmitValue, "\(message) Got: \(values)", file: file, line: line)
    }

    /// Asserts the number of values received.
    public func assertValueCount(_ count: Int, _ message: String? = nil, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(values.count, count, message ?? "Should have emitted \(count) values, got \(values.count).", file: file, line: line)
    }
}

extension TestObserver where Value: Equatable {
    /// Asserts that exactly one value was received, and that it is `value`.
    public func assertValue(_ value: Value, _ message: String? = nil, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(values.count, 1, "A single value should have been emitted, got \(values).", file: file, line: line)
        XCTAssertEqual(lastValue, value, message ?? "A single value of \(value) should have been emitted.", file: file, line: line)
    }

    /// Asserts that the last value received is `value`.
    public func assertLastValue(_ value: Value, _ message: String? = nil, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(lastValue, value, message ?? "Last emitted value should be \(value).", file: file, line: line)
    }

    /// Asserts the whole history of values.
    public func assertValues(_ expected: [Value], _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(values, expected, message, file: file, line: line)
    }
}

extension TestObserver where Error: Equatable {
    /// Asserts that the signal failed with `expectedError`.
    public func assertFailed(_ expectedError: Error, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(failedError, expectedError, message, file: file, line: line)
    }
}
