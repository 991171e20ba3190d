import Signals
import SignalsTesting
import XCTest

private struct TestError: Error, Equatable { let code: Int }

/// Tuples are not Equatable: compare whole histories through their printed form.
private func history<V, E>(_ observer: TestObserver<V, E>) -> [String] {
    observer.events.map(\.description)
}

final class ZipTests: XCTestCase {
    func testZip_PairsValuesByIndex() {
        let (numbers, numbersInput) = Signal<Int, TestError>.pipe()
        let (letters, lettersInput) = Signal<String, TestError>.pipe()
        let observer = TestObserver<(Int, String), TestError>()
        Signal.zip(numbers, letters).observe(observer.observer)

        numbersInput.send(value: 1)
        observer.assertDidNotEmitValue()
        lettersInput.send(value: "a")
        lettersInput.send(value: "b")
        numbersInput.send(value: 2)

        XCTAssertEqual(history(observer), [#"VALUE (1, "a")"#, #"VALUE (2, "b")"#])
    }

    func testZip_BuffersTheFasterSourceAtUnequalRates() {
        let (fast, fastInput) = Signal<Int, TestError>.pipe()
        let (slow, slowInput) = Signal<String, TestError>.pipe()
        let observer = TestObserver<(Int, String), TestError>()
        fast.zip(with: slow).observe(observer.observer)

        for value in 1...4 { fastInput.send(value: value) }
        observer.assertDidNotEmitValue()
        slowInput.send(value: "a")
        XCTAssertEqual(history(observer), [#"VALUE (1, "a")"#])
        slowInput.send(value: "b")
        slowInput.send(value: "c")
        XCTAssertEqual(history(observer), [#"VALUE (1, "a")"#, #"VALUE (2, "b")"#, #"VALUE (3, "c")"#])
        slowInput.send(value: "d")
        slowInput.send(value: "e")
        fastInput.send(value: 5)

        XCTAssertEqual(
            history(observer),
            [#"VALUE (1, "a")"#, #"VALUE (2, "b")"#, #"VALUE (3, "c")"#, #"VALUE (4, "d")"#, #"VALUE (5, "e")"#]
        )
    }

    func testZip_WhenASourceCompletesWithBufferedValues_CompletesOnceTheyArePaired() {
        let (numbers, numbersInput) = Signal<Int, TestError>.pipe()
        let (letters, lettersInput) = Signal<String, TestError>.pipe()
        let observer = TestObserver<(Int, String), TestError>()
        Signal.zip(numbers, letters).observe(observer.observer)

        numbersInput.send(value: 1)
        numbersInput.send(value: 2)
        numbersInput.sendCompleted()
        observer.assertDidNotTerminate()
        lettersInput.send(value: "a")
        observer.assertDidNotTerminate()
        lettersInput.send(value: "b")
        lettersInput.send(value: "c")

        XCTAssertEqual(history(observer), [#"VALUE (1, "a")"#, #"VALUE (2, "b")"#, "COMPLETED"])
    }

    func testZip_WhenASourceCompletesWithAnEmptyBuffer_CompletesAtOnce() {
        let (numbers, numbersInput) = Signal<Int, TestError>.pipe()
        let (letters, lettersInput) = Signal<String, TestError>.pipe()
        let observer = TestObserver<(Int, String), TestError>()
        Signal.zip(numbers, letters).observe(observer.observer)

        numbersInput.send(value: 1)
        lettersInput.sendCompleted()
        numbersInput.send(value: 2)

        XCTAssertEqual(history(observer), ["COMPLETED"], "1 can never be paired: the zip is done")
    }

    func testZip_FailsAsSoonAsAnySourceFails() {
        let (numbers, numbersInput) = Signal<Int, TestError>.pipe()
        let (letters, lettersInput) = Signal<String, TestError>.pipe()
        let observer = TestObserver<(Int, String), TestError>()
        Signal.zip(numbers, letters).observe(observer.observer)

        numbersInput.send(value: 1)
        lettersInput.send(value: "a")
        numbersInput.send(value: 2)
        lettersInput.send(error: TestError(code: 4))
        numbersInput.sendCompleted()

        XCTAssertEqual(history(observer), [#"VALUE (1, "a")"#, "FAILED TestError(code: 4)"])
    }

    func testZip_IsInterruptedAsSoonAsAnySourceIsInterrupted() {
        let (numbers, numbersInput) = Signal<Int, TestError>.pipe()
        let (letters, lettersInput) = Signal<String, TestError>.pipe()
        let observer = TestObserver<(Int, String), TestError>()
        Signal.zip(numbers, letters).observe(observer.observer)

        numbersInput.send(value: 1)
        lettersInput.send(value: "a")
        numbersInput.send(value: 2)
        observer.assertDidNotTerminate()
        numbersInput.sendInterrupted()
        lettersInput.send(value: "b")

        XCTAssertEqual(history(observer), [#"VALUE (1, "a")"#, "INTERRUPTED"])
    }

    func testZip_ThreeSources_PairsEveryIndex() {
        let (a, aInput) = Signal<Int, Never>.pipe()
        let (b, bInput) = Signal<String, Never>.pipe()
        let (c, cInput) = Signal<Bool, Never>.pipe()
        let observer = TestObserver<(Int, String, Bool), Never>()
        Signal.zip(a, b, c).observe(observer.observer)

        aInput.send(value: 1)
        aInput.send(value: 2)
        bInput.send(value: "x")
        cInput.send(value: true)
        cInput.send(value: false)
        bInput.send(value: "y")
        aInput.sendCompleted()

        XCTAssertEqual(history(observer), [#"VALUE (1, "x", true)"#, #"VALUE (2, "y", false)"#, "COMPLETED"])
    }

    func testZip_ValuesSentByAnObserverWhileATupleIsDelivered_ArePairedInOrder() {
        let (numbers, numbersInput) = Signal<Int, Never>.pipe()
        let (letters, lettersInput) = Signal<String, Never>.pipe()
        let observer = TestObserver<(Int, String), Never>()
        let zipped = Signal.zip(numbers, letters)
        zipped.observeValues { pair in
            guard pair.0 == 1 else { return }
            // Reentrant sends: queued behind the tuple being delivered, never deadlocking.
            numbersInput.send(value: 2)
            lettersInput.send(value: "b")
            numbersInput.sendCompleted()
        }
        zipped.observe(observer.observer)

        numbersInput.send(value: 1)
        lettersInput.send(value: "a")

        XCTAssertEqual(history(observer), [#"VALUE (1, "a")"#, #"VALUE (2, "b")"#, "COMPLETED"])
    }

    func testZipSequence_SendsArraysInTheOrderOfTheSequence() {
        let pipes = (0..<3).map { _ in Signal<Int, TestError>.pipe() }
        let observer = TestObserver<[Int], TestError>()
        Signal.zip(pipes.map(\.output)).observe(observer.observer)

        pipes[2].input.send(value: 300)
        pipes[0].input.send(value: 100)
        pipes[1].input.send(value: 200)
        pipes[0].input.send(value: 101)
        pipes[1].input.send(value: 201)
        pipes[1].input.sendCompleted()
        pipes[2].input.send(value: 301)

        XCTAssertEqual(observer.events, [.value([100, 200, 300]), .value([101, 201, 301]), .completed])
    }

    func testZipSequence_FailsWhenAnySourceFails() {
        let pipes = (0..<2).map { _ in Signal<Int, TestError>.pipe() }
        let observer = TestObserver<[Int], TestError>()
        Signal.zip(pipes.map(\.output)).observe(observer.observer)

        pipes[0].input.send(value: 1)
        pipes[1].input.send(error: TestError(code: 8))

        XCTAssertEqual(observer.events, [.failed(TestError(code: 8))])
    }

    func testZipProducer_PairsSynchronousValues() {
        let observer = TestObserver<(Int, String), TestError>()
        SignalProducer<Int, TestError>([1, 2, 3])
            .zip(with: SignalProducer<String, TestError>(["a", "b"]))
            .start(observer.observer)

        XCTAssertEqual(history(observer), [#"VALUE (1, "a")"#, #"VALUE (2, "b")"#, "COMPLETED"])
    }

    func testZipProducer_ThreeProducers() {
        let observer = TestObserver<(Int, String, Int), Never>()
        SignalProducer.zip(
            SignalProducer<Int, Never>([1, 2]),
            SignalProducer<String, Never>(["a", "b"]),
            SignalProducer<Int, Never>([10, 20, 30])
        ).start(observer.observer)

        XCTAssertEqual(history(observer), [#"VALUE (1, "a", 10)"#, #"VALUE (2, "b", 20)"#, "COMPLETED"])
    }

    func testZipProducer_FailureOfOneProducerFailsTheZip() {
        let observer = TestObserver<(Int, Int), TestError>()
        SignalProducer<Int, TestError>([1, 2])
            .zip(with: SignalProducer<Int, TestError>(error: TestError(code: 6)))
            .start(observer.observer)

        XCTAssertEqual(history(observer), ["FAILED TestError(code: 6)"])
    }

    func testZipProducer_InterruptingTheStartInterruptsEveryProducer() {
        var ended: [String] = []
        let never = { (name: String) in
            SignalProducer<Int, Never> { _, lifetime in lifetime.observeEnded { ended.append(name) } }
        }
        let observer = TestObserver<(Int, Int), Never>()
        let disposable = SignalProducer.zip(never("a"), never("b")).start(observer.observer)

        disposable.dispose()

        XCTAssertEqual(history(observer), ["INTERRUPTED"])
        XCTAssertEqual(ended.sorted(), ["a", "b"])
    }

    func testZipSequenceProducer_SendsArrays() {
        let observer = TestObserver<[Int], Never>()
        SignalProducer.zip([
            SignalProducer<Int, Never>([1, 2]),
            SignalProducer<Int, Never>([3, 4]),
        ]).start(observer.observer)

        XCTAssertEqual(observer.events, [.value([1, 3]), .value([2, 4]), .completed])
    }

    func testZipSequenceProducer_WithNoProducers_Completes() {
        let observer = TestObserver<[Int], Never>()
        SignalProducer.zip([SignalProducer<Int, Never>]()).start(observer.observer)

        XCTAssertEqual(observer.events, [.completed])
    }
}
