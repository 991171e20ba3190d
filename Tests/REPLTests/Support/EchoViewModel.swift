import Host
import JSON
import Signals

/// A view model for REPL tests whose output comes later, on the session's scheduler: the kind
/// of output (a service answering, a timer) that must print above a half-typed line.
final class EchoViewModel {
    let echoed: Signal<String, Never>
    private let echoPipe = Signal<String, Never>.pipe()
    private let scheduler: DateScheduler

    init(scheduler: DateScheduler) {
        self.scheduler = scheduler
        echoed = echoPipe.output
    }

    func later(_ text: String, afterMs ms: Int) {
        scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(Double(ms) / 1000)) { [echoPipe] in
            echoPipe.input.send(value: text)
        }
    }

    static let type = ViewModelDeclaration<EchoViewModel>(
        "echo",
        summary: "Says things back, later.",
        make: { context in EchoViewModel(scheduler: context.scheduler) },
        inputs: [
            .input("later", Param("text", String.self), Param("afterMs", Int.self), summary: "Echo text after a delay.") { vm, text, ms in
                vm.later(text, afterMs: ms)
            },
        ],
        outputs: [
            .output("echoed", \.echoed, summary: "The text, when its delay is over."),
        ]
    )
}

extension Registry {
    /// The built-in types, `echo` and `ask`.
    static func withEcho(_ base: Registry) -> Registry {
        var registry = base
        registry.register(EchoViewModel.type)
        registry.register(AskViewModel.type)
        return registry
    }
}
