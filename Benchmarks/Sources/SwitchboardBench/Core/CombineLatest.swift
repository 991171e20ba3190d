import OpenCombine
import Signals

/// A 3-way combineLatest; each iteration sends on one source, round robin, and the combined
/// tuple is delivered (all sources are primed first).
///
/// OpenCombine 0.14.0 has no combineLatest; its row uses a hand-written combiner (three
/// subjects whose sinks update shared state and send the tuple on a fourth subject), which is
/// how the reference OpenCombine figure was obtained. It is for orientation, not a target.
enum CombineLatestWorkloads {
    static let all = [signals, openCombineHandWritten, closures]

    static let signals = Workload(id: "combine-latest3", variant: "signals", unit: "event") {
        let sink = Sink()
        let pipes = (0..<3).map { _ in Signal<Int, Never>.pipe() }
        let inputs = ContiguousArray(pipes.map(\.input))
        let disposable = Signal.combineLatest(pipes[0].output, pipes[1].output, pipes[2].output)
            .observeValues { a, b, c in sink.take(a &+ b &+ c) }
        for input in inputs { input.send(value: 0) }
        return Prepared(sink: sink) { n in
            withExtendedLifetime(disposable) {
                var source = 0
                for i in 0..<n {
                    inputs[source].send(value: i)
                    source = source == 2 ? 0 : source + 1
                }
            }
        }
    }

    static let openCombineHandWritten = Workload(id: "combine-latest3", variant: "opencombine-hand", unit: "event") {
        let sink = Sink()
        let subjects = ContiguousArray((0..<3).map { _ in PassthroughSubject<Int, Never>() })
        let combined = PassthroughSubject<(Int, Int, Int), Never>()
        let state = LatestThree()
        var cancellables = [combined.sink { a, b, c in sink.take(a &+ b &+ c) }]
        for (index, subject) in subjects.enumerated() {
            cancellables.append(subject.sink { value in
                if let tuple = state.store(value, at: index) { combined.send(tuple) }
            })
        }
        for subject in subjects { subject.send(0) }
        return Prepared(sink: sink) { n in
            withExtendedLifetime(cancellables) {
                var source = 0
                for i in 0..<n {
                    subjects[source].send(i)
                    source = source == 2 ? 0 : source + 1
                }
            }
        }
    }

    /// The floor: three closures that store their value and call the combined observer.
    static let closures = Workload(id: "combine-latest3", variant: "closures", unit: "event") {
        let sink = Sink()
        let state = LatestThree()
        let observer: ((Int, Int, Int)) -> Void = opaque { a, b, c in sink.take(a &+ b &+ c) }
        let inputs = ContiguousArray((0..<3).map { index in
            opaque { (value: Int) in
                if let tuple = state.store(value, at: index) { observer(tuple) }
            }
        })
        for input in inputs { input(0) }
        return Prepared(sink: sink) { n in
            var source = 0
            for i in 0..<n {
                inputs[source](i)
                source = source == 2 ? 0 : source + 1
            }
        }
    }
}

/// The latest value of each of three sources; a tuple once all three have one.
final class LatestThree {
    private var values: (Int?, Int?, Int?) = (nil, nil, nil)

    func store(_ value: Int, at index: Int) -> (Int, Int, Int)? {
        switch index {
        case 0: values.0 = value
        case 1: values.1 = value
        default: values.2 = value
        }
        guard let a = values.0, let b = values.1, let c = values.2 else { return nil }
        return (a, b, c)
    }
}
