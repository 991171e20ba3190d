import Host
import JSON
import Signals

/// A small view model for host tests: a counter with a step, a label, and a delayed echo.
final class CounterViewModel {
    let count: Property<Int>
    let label: Signal<String, Never>
    let echoed: Signal<String, Never>
    let reset: Signal<Void, Never>
    private let countProperty = MutableProperty(0)
    private let labelPipe = Signal<String, Never>.pipe()
    private let echoPipe = Signal<String, Never>.pipe()
    private let resetPipe = Signal<Void, Never>.pipe()
    private let scheduler: DateScheduler

    init(scheduler: DateScheduler, start: Int) {
        self.scheduler = scheduler
        countProperty.value = start
        count = Property(capturing: countProperty)
        label = labelPipe.output
        echoed = echoPipe.output
        reset = resetPipe.output
    }

    func increment(by step: Int) {
        countProperty.value += step
        labelPipe.input.send(value: "count is \(countProperty.value)")
    }

    func echoLater(_ text: String, afterMs ms: Int) {
        scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(Double(ms) / 1000)) { [echoPipe] in
            echoPipe.input.send(value: text)
        }
    }

    func resetAll() {
        countProperty.value = 0
        resetPipe.input.send(value: ())
    }

    static let start = CreateOption.value("start", Int.self, default: 0, summary: "Initial count")

    static let type = ViewModelDeclaration<CounterViewModel>(
        "counter",
        summary: "A counter.",
        options: [start],
        make: { context throws(CreationFailure) in
            CounterViewModel(scheduler: context.scheduler, start: try context.value(of: start))
        },
        inputs: [
            .input("increment", Param("by", Int.self)) { vm, step in vm.increment(by: step) },
            .input("echoLater", Param("text", String.self), Param("afterMs", Int.self)) { vm, text, ms in vm.echoLater(text, afterMs: ms) },
            .input("reset") { vm in vm.resetAll() },
            .input("checked", Param("a", Int?.self), Param("b", Int?.self)) { vm, a, b throws(InputFailure) in
                guard a != nil || b != nil else { throw .invalidArguments("a and b cannot both be null") }
            },
        ],
        outputs: [
            .output("count", \.count),
            .output("label", \.label),
            .output("echoed", \.echoed),
            .output("reset", \.reset),
        ]
    )
}

extension Registry {
    static var counterOnly: Registry {
        var registry = Registry()
        registry.register(CounterViewModel.type)
        return registry
    }
}
