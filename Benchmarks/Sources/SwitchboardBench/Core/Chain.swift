import OpenCombine
import Signals

/// map → filter → map on every source event (the filter keeps every other value).
enum ChainWorkloads {
    static let all = [signals, openCombine, closures]

    static let signals = Workload(id: "chain", variant: "signals", unit: "event") {
        let sink = Sink()
        let (signal, input) = Signal<Int, Never>.pipe()
        let disposable = signal
            .map { $0 &+ 1 }
            .filter { $0 & 1 == 0 }
            .map { $0 &* 2 }
            .observeValues { sink.take($0) }
        return Prepared(sink: sink) { n in
            withExtendedLifetime(disposable) {
                for i in 0..<n { input.send(value: i) }
            }
        }
    }

    static let openCombine = Workload(id: "chain", variant: "opencombine", unit: "event") {
        let sink = Sink()
        let subject = PassthroughSubject<Int, Never>()
        let cancellable = subject
            .map { $0 &+ 1 }
            .filter { $0 & 1 == 0 }
            .map { $0 &* 2 }
            .sink { sink.take($0) }
        return Prepared(sink: sink) { n in
            withExtendedLifetime(cancellable) {
                for i in 0..<n { subject.send(i) }
            }
        }
    }

    /// The floor: the same three steps as closures calling closures, nothing else.
    static let closures = Workload(id: "chain", variant: "closures", unit: "event") {
        let sink = Sink()
        let observer: (Int) -> Void = opaque { sink.take($0) }
        let second: (Int) -> Void = opaque(ClosureOperators.map({ $0 &* 2 }, then: observer))
        let filter: (Int) -> Void = opaque(ClosureOperators.filter({ $0 & 1 == 0 }, then: second))
        let head: (Int) -> Void = opaque(ClosureOperators.map({ $0 &+ 1 }, then: filter))
        return Prepared(sink: sink) { n in
            for i in 0..<n { head(i) }
        }
    }
}

/// Hand-written operators over plain closures: the floor every reactive library is compared to.
enum ClosureOperators {
    static func map(_ transform: @escaping (Int) -> Int, then next: @escaping (Int) -> Void) -> (Int) -> Void {
        { next(transform($0)) }
    }

    static func filter(_ isIncluded: @escaping (Int) -> Bool, then next: @escaping (Int) -> Void) -> (Int) -> Void {
        { if isIncluded($0) { next($0) } }
    }
}
