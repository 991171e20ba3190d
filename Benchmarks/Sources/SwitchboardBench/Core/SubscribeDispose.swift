import OpenCombine
import Signals

/// Observe a signal, then dispose of the observation at once; one iteration is one pair.
/// The sink counts pairs so every variant does the same visible work.
enum SubscribeDisposeWorkloads {
    static let all = [signals, openCombine, closures]

    static let signals = Workload(id: "subscribe-dispose", variant: "signals", unit: "pair") {
        let sink = Sink()
        let (signal, input) = Signal<Int, Never>.pipe()
        return Prepared(sink: sink) { n in
            withExtendedLifetime(input) {
                for _ in 0..<n {
                    let disposable = signal.observeValues { sink.take($0) }
                    disposable?.dispose()
                    sink.take(1)
                }
            }
        }
    }

    static let openCombine = Workload(id: "subscribe-dispose", variant: "opencombine", unit: "pair") {
        let sink = Sink()
        let subject = PassthroughSubject<Int, Never>()
        return Prepared(sink: sink) { n in
            for _ in 0..<n {
                let cancellable = subject.sink { sink.take($0) }
                cancellable.cancel()
                sink.take(1)
            }
        }
    }

    /// The floor: append a closure to a registry with a token, then remove it by token.
    static let closures = Workload(id: "subscribe-dispose", variant: "closures", unit: "pair") {
        let sink = Sink()
        let registry = ClosureRegistry()
        return Prepared(sink: sink) { n in
            for _ in 0..<n {
                let token = registry.add(opaque { sink.take($0) })
                registry.remove(token)
                sink.take(1)
            }
        }
    }
}

/// Observers with removal tokens, as any observable has to keep them, with no locking.
final class ClosureRegistry {
    private var entries: [(token: Int, action: (Int) -> Void)] = []
    private var nextToken = 0

    func add(_ action: @escaping (Int) -> Void) -> Int {
        nextToken &+= 1
        entries.append((nextToken, action))
        return nextToken
    }

    func remove(_ token: Int) {
        if let index = entries.firstIndex(where: { $0.token == token }) {
            entries.remove(at: index)
        }
    }
}
