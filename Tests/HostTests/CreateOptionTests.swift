import Host
import JSON
import Signals
import XCTest

/// `create` options declared once: the description, the checks and the messages all come from
/// the declaration.
final class CreateOptionTests: XCTestCase {
    enum Outcome: String, CaseIterable, Sendable { case token, noToken, failure }

    private let latency = CreateOption.number("latencyMs", minimum: 0, default: 300, summary: "Latency in milliseconds")
    private let outcome = CreateOption<Outcome>.choice("outcome", default: .token, summary: "What it answers")
    private let friendId = CreateOption.required("friendId", Int.self, summary: "the friend to update")
    private let token = CreateOption.text("token", defaultText: "token-<username>", summary: "The token answered")
    private let even = CreateOption.value("even", Int.self, default: 2, summary: "An even number", check: { $0 % 2 == 0 ? nil : "must be even, got \($0)" })

    private func read<Value>(_ option: CreateOption<Value>, _ json: JSONValue?) -> Result<Value, CreationFailure> {
        let context = CreationContext(id: "x", options: json.map { [option.name: $0] } ?? [:], scheduler: TestScheduler(), client: NoClient())
        do throws(CreationFailure) { return .success(try context.value(of: option)) } catch { return .failure(error) }
    }

    func testDescriptions_SayTheDefaultOnce() {
        XCTAssertEqual(latency.description, OptionDescription(name: "latencyMs", schema: ["type": "number", "minimum": 0], summary: "Latency in milliseconds (default 300)."))
        XCTAssertEqual(outcome.description, OptionDescription(name: "outcome", schema: ["enum": ["token", "noToken", "failure"]], summary: "What it answers (default token)."))
        XCTAssertEqual(friendId.description, OptionDescription(name: "friendId", schema: ["type": "integer"], summary: "Required: the friend to update.", isRequired: true))
        XCTAssertEqual(token.description.summary, "The token answered (default token-<username>).")
        XCTAssertEqual(even.description.summary, "An even number (default 2).")
    }

    func testNumber() {
        XCTAssertEqual(try read(latency, nil).get(), 300)
        XCTAssertEqual(try read(latency, .null).get(), 300)
        XCTAssertEqual(try read(latency, 12.5).get(), 12.5)
        XCTAssertEqual(read(latency, -1).failure, CreationFailure("option 'latencyMs' must be a number ≥ 0, got -1", option: "latencyMs"))
        XCTAssertEqual(read(latency, "fast").failure, CreationFailure("option 'latencyMs' expects number, got string", option: "latencyMs"))
    }

    func testChoice() {
        XCTAssertEqual(try read(outcome, nil).get(), .token)
        XCTAssertEqual(try read(outcome, "noToken").get(), .noToken)
        XCTAssertEqual(read(outcome, "maybe").failure?.message, #"option 'outcome' must be "token", "noToken" or "failure", got "maybe""#)
        XCTAssertEqual(read(outcome, 3).failure?.message, #"option 'outcome' must be "token", "noToken" or "failure", got 3"#)
    }

    func testRequired() {
        XCTAssertEqual(try read(friendId, 7).get(), 7)
        XCTAssertEqual(read(friendId, nil).failure, CreationFailure("option 'friendId' is required: the friend to update (integer)", option: "friendId"))
        XCTAssertEqual(read(friendId, .null).failure?.option, "friendId")
        XCTAssertEqual(read(friendId, "7").failure?.message, "option 'friendId' expects integer, got string")
    }

    func testTextAndCheckedValue() {
        XCTAssertEqual(try read(token, nil).get(), nil)
        XCTAssertEqual(try read(token, "abc").get(), "abc")
        XCTAssertEqual(read(token, 1).failure?.message, "option 'token' expects string, got integer")
        XCTAssertEqual(try read(even, 4).get(), 4)
        XCTAssertEqual(read(even, 3).failure?.message, "option 'even' must be even, got 3")
    }

    /// Through a declaration: unknown keys are refused before any value is read, and `make`
    /// never runs on a bad option.
    func testDeclaration_ChecksEveryOptionBeforeMake() {
        let made = Counter()
        let declaration = ViewModelDeclaration<Counter>(
            "t", summary: "T.", options: [latency, outcome],
            make: { _ in made.increment(); return made },
            inputs: [], outputs: []
        )
        let none = ViewModelDeclaration<Counter>("n", summary: "N.", make: { _ in made }, inputs: [], outputs: [])
        var registry = Registry()
        registry.register(declaration)
        registry.register(none)
        let harness = SessionHarness(registry: registry)
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":1,"method":"create","params":{"type":"t","options":{"latency":1}}}"#), [
            #"{"jsonrpc":"2.0","id":1,"error":{"code":-32002,"message":"Could not create 't' of type t: unknown option 'latency' for t; options are latencyMs, outcome","data":{"type":"t","id":"t","option":"latency"}}}"#,
        ])
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":2,"method":"create","params":{"type":"t","options":{"latencyMs":1,"outcome":"no"}}}"#), [
            #"{"jsonrpc":"2.0","id":2,"error":{"code":-32002,"message":"Could not create 't' of type t: option 'outcome' must be \"token\", \"noToken\" or \"failure\", got \"no\"","data":{"type":"t","id":"t","option":"outcome"}}}"#,
        ])
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":3,"method":"create","params":{"type":"n","options":{"x":1}}}"#), [
            #"{"jsonrpc":"2.0","id":3,"error":{"code":-32002,"message":"Could not create 'n' of type n: unknown option 'x' for n; n takes no options","data":{"type":"n","id":"n","option":"x"}}}"#,
        ])
        XCTAssertEqual(made.count, 0, "make ran on refused options")
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":4,"method":"create","params":{"type":"t","options":{"latencyMs":null}}}"#), [
            #"{"jsonrpc":"2.0","id":4,"result":{"id":"t","type":"t"}}"#,
        ])
        XCTAssertEqual(made.count, 1)
        XCTAssertEqual(registry.descriptions.first?.options.map(\.name), ["latencyMs", "outcome"])
    }
}

private final class Counter: @unchecked Sendable {  // used on the test's thread only
    var count = 0
    func increment() { count += 1 }
}

private final class NoClient: ClientChannel {
    func call(_ method: String, params: JSONValue) -> SignalProducer<JSONValue, ClientCallError> { .empty }
}

extension Result {
    var failure: Failure? {
        if case let .failure(error) = self { return error }
        return nil
    }
}
