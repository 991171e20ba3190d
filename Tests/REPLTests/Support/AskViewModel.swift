import Host
import JSON
import Signals

/// A view model for REPL tests whose service is played by the client: asking makes the session
/// send a request to the client (the person at the REPL), whose answer becomes an output.
final class AskViewModel {
    let answer: Signal<String, Never>
    private let answerPipe = Signal<String, Never>.pipe()
    private let client: ClientChannel
    private var call: Disposable?

    init(client: ClientChannel) {
        self.client = client
        answer = answerPipe.output
    }

    func ask(_ question: String) {
        call?.dispose()
        call = client.call("oracle.ask", params: ["question": .string(question)]).startWithResult { [answerPipe] result in
            switch result {
            case let .success(value): answerPipe.input.send(value: value.stringValue ?? value.serializedString())
            case let .failure(error): answerPipe.input.send(value: "failed: \(error)")
            }
        }
    }

    static let type = ViewModelDeclaration<AskViewModel>(
        "ask",
        summary: "Asks the client.",
        make: { context in AskViewModel(client: context.client) },
        inputs: [
            .input("ask", Param("question", String.self)) { vm, question in vm.ask(question) },
        ],
        outputs: [
            .output("answer", \.answer),
        ]
    )
}
