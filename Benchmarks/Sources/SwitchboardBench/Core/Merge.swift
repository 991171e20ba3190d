import OpenCombine
import Signals

/// An 8-way merge; each iteration sends on one source, round robin.
///
/// OpenCombine 0.14.0 has no Merge; its row merges with `flatMap` over a sequence of the 8
/// subjects (what Combine code does without `MergeMany`). For orientation, not a target.
enum MergeWorkloads {
    static let sourceCount = 8
    static let all = [signals, openCombineFlatMap, closures]

    static let signals = Workload(id: "merge8", variant: "signals", unit: "send") {
        let sink = Sink()
        let pipes = (0..<sourceCount).map { _ in Signal<Int, Never>.pipe() }
        let inputs = ContiguousArray(pipes.map(\.input))
        let disposable = Signal.merge(pipes.map(\.output)).observeValues { sink.take($0) }
        return Prepared(sink: sink) { n in
            withExtendedLifetime(disposable) {
                for i in 0..<n { inputs[i & 7].send(value: i) }
            }
        }
    }

    static let openCombineFlatMap = Workload(id: "merge8", variant: "opencombine-flatmap", unit: "send") {
        let sink = Sink()
        let subjects = ContiguousArray((0..<sourceCount).map { _ in PassthroughSubject<Int, Never>() })
        let cancellable = Publishers.Sequence<[PassthroughSubject<Int, Never>], Never>(sequence: Array(subjects))
            .flatMap { $0 }
            .sink { sink.take($0) }
        return Prepared(sink: sink) { n in
            withExtendedLifetime(cancellable) {
                for i in 0..<n { subjects[i & 7].send(i) }
            }
        }
    }

    /// The floor: eight closures that each call the one observer.
    static let closures = Workload(id: "merge8", variant: "closures", unit: "send") {
        let sink = Sink()
        let observer: (Int) -> Void = opaque { sink.take($0) }
        let inputs = ContiguousArray((0..<sourceCount).map { _ in opaque { (value: Int) in observer(value) } })
        return Prepared(sink: sink) { n in
            for i in 0..<n { inputs[i & 7](i) }
        }
    }
}
