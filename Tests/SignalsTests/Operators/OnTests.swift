import Signals
import SignalsTesting
import XCTest

private struct TestError: Error, Equatable { let code: Int }

/// Collects side effects and observations in one ordered log.
private final class Log {
    private(set) var entries: [String] = []
    func callAsFunction(_ entry: String) { entries.append(entry) }
}

final class OnTests: XCTestCase {
    /// Every side effect of `on(...)` on a signal, logged into `log`.
    private func logged(_ source: Signal<Int, TestError>, into log: Log) -> Signal<Int, TestError> {
        source.on(
            event: { log("event \($0)") },
            failed: { log("failed \($0.code)") },
            completed: { log("completed") },
            interrupted: { log("interrupted") },
            terminated: { log("terminated") },
            disposed: { log("disposed") },
            value: { log("value \($0)") }
        )
    }

    func testOn_RunsSideEffectsBeforeForwarding_ThenDisposedAfterCompletion() {
        let log = Log()
        let (source, input) = Signal<Int, TestError>.pipe()
        logged(source, into: log).observe { log("observer \($0)") }

        input.send(value: 1)
        input.sendCompleted()

        XCTAssertEqual(log.entries, [
            "event VALUE 1", "value 1", "observer VALUE 1",
            "event COMPLETED", "completed", "terminated", "observer COMPLETED",
            "disposed",
        ])
    }

    func testOn_Failure_RunsFailedThenTerminated() {
        let log = Log()
        let (source, input) = Signal<Int, TestError>.pipe()
        logged(source, into: log).observe { log("observer \($0)") }

        input.send(error: TestError(code: 4))

        XCTAssertEqual(log.entries, [
            "event FAILED TestError(code: 4)", "failed 4", "terminated",
            "observer FAILED TestError(code: 4)", "disposed",
        ])
    }

    func testOn_Interruption_RunsInterruptedThenTerminated() {
        let log = Log()
        let (source, input) = Signal<Int, TestError>.pipe()
        logged(source, into: log).observe { log("observer \($0)") }

        input.sendInterrupted()

        XCTAssertEqual(log.entries, [
            "event INTERRUPTED", "interrupted", "terminated", "observer INTERRUPTED", "disposed",
        ])
    }

    func testOn_DisposedRunsWhenTheLastObserverGoesAway() {
        let log = Log()
        let (source, input) = Signal<Int, TestError>.pipe()
        let disposable = logged(source, into: log).observe { log("observer \($0)") }

        input.send(value: 1)
        disposable?.dispose()
        input.send(value: 2)

        // Nobody can observe the result any more, so it ends; the source did not terminate,
        // so no event side effect runs for that.
        XCTAssertEqual(log.entries, ["event VALUE 1", "value 1", "observer VALUE 1", "disposed"])
    }

    func testOnProducer_RunsStartingBeforeTheWorkAndStartedAfterIt() {
        let log = Log()
        SignalProducer<Int, TestError> { observer, _ in
            log("work")
            observer.send(value: 1)
            observer.sendCompleted()
        }
        .on(
            starting: { log("starting") },
            started: { log("started") },
            event: { log("event \($0)") },
            completed: { log("completed") },
            terminated: { log("terminated") },
            disposed: { log("disposed") },
            value: { log("value \($0)") }
        )
        .start { log("observer \($0)") }

        XCTAssertEqual(log.entries, [
            "starting", "work",
            "event VALUE 1", "value 1", "observer VALUE 1",
            "event COMPLETED", "completed", "terminated", "observer COMPLETED",
            "disposed", "started",
        ])
    }

    func testOnProducer_InterruptingTheStartRunsTheInterruptionSideEffects() {
        let log = Log()
        let disposable = SignalProducer<Int, TestError>.never
            .on(
                started: { log("started") },
                failed: { log("failed \($0.code)") },
                completed: { log("completed") },
                interrupted: { log("interrupted") },
                terminated: { log("terminated") },
                disposed: { log("disposed") }
            )
            .start { log("observer \($0)") }

        disposable.dispose()

        // The interruption starts downstream: the observer hears of it first, then the work
        // is interrupted and its side effects run.
        XCTAssertEqual(log.entries, ["started", "observer INTERRUPTED", "interrupted", "terminated", "disposed"])
    }

    func testOnProducer_RunsSideEffectsOnEveryStart() {
        var values: [Int] = []
        let producer = SignalProducer<Int, Never>([1, 2]).on(value: { values.append($0) })

        producer.start()
        producer.start()

        XCTAssertEqual(values, [1, 2, 1, 2])
    }
}
