import OpenCombine
import Signals

/// A property with 10 observers; one iteration is one set (10 deliveries).
enum FanOutWorkloads {
    static let observerCount = 10
    static let all = [signals, openCombine, closures]

    static let signals = Workload(id: "fanout10", variant: "signals", unit: "set") {
        let sink = Sink()
        let property = MutableProperty(0)
        let disposables = (0..<observerCount).map { _ in
            property.signal.observeValues { sink.take($0) }
        }
        return Prepared(sink: sink) { n in
            withExtendedLifetime(disposables) {
                for i in 0..<n { property.value = i }
            }
        }
    }

    static let openCombine = Workload(id: "fanout10", variant: "opencombine", unit: "set") {
        let sink = Sink()
        let subject = CurrentValueSubject<Int, Never>(0)
        let cancellables = (0..<observerCount).map { _ in
            subject.sink { sink.take($0) }
        }
        return Prepared(sink: sink) { n in
            withExtendedLifetime(cancellables) {
                for i in 0..<n { subject.value = i }
            }
        }
    }

    static let closures = Workload(id: "fanout10", variant: "closures", unit: "set") {
        let sink = Sink()
        let property = ClosureProperty(0)
        for _ in 0..<observerCount {
            property.observers.append(opaque { sink.take($0) })
        }
        return Prepared(sink: sink) { n in
            for i in 0..<n { property.value = i }
        }
    }
}

/// The floor for a property: a value and an array of closures called on every set.
final class ClosureProperty {
    var observers: [(Int) -> Void] = []
    var value: Int {
        didSet { for observer in observers { observer(value) } }
    }

    init(_ value: Int) {
        self.value = value
    }
}
