import RPC
import Catalog
import Host
import JSON
import Signals
@testable import REPL
import XCTest

final class OutputFormatterTests: XCTestCase {
    private let plain = OutputFormatter(style: .plain)
    private let colored = OutputFormatter(style: .colored)

    // MARK: Outputs

    func testOutput_ValueAsCompactJSON() {
        XCTAssertEqual(plain.output(instance: "signup", output: "submitButtonEnabled", value: true), "signup.submitButtonEnabled = true")
        XCTAssertEqual(plain.output(instance: "signup", output: "alertMessage", value: "Too Many Attempts"), #"signup.alertMessage = "Too Many Attempts""#)
        XCTAssertEqual(plain.output(instance: "r", output: "navigateBack", value: .null), "r.navigateBack = null")
        XCTAssertEqual(plain.output(instance: "f", output: "friends", value: [["name": "Lisa", "age": 8]]), #"f.friends = [{"name":"Lisa","age":8}]"#)
    }

    func testOutput_ColouredNameAndValue() {
        XCTAssertEqual(
            colored.output(instance: "signup", output: "submitButtonEnabled", value: true),
            "\u{1B}[36msignup.submitButtonEnabled\u{1B}[0m = \u{1B}[32mtrue\u{1B}[0m"
        )
    }

    func testOutput_FromARealNotification() {
        var lines: [String] = []
        let session = Session(registry: BuiltinCatalog.registry(), clock: TestScheduler()) { [plain] message in
            if case let .output(notification) = message { lines.append(plain.output(notification)) }
        }
        session.handle(frame: Array(#"{"jsonrpc":"2.0","id":1,"method":"signup.viewDidLoad"}"#.utf8))
        XCTAssertEqual(lines, ["signup.submitButtonEnabled = false"])
    }

    // MARK: Errors

    func testError_MethodNotFoundWithSuggestionSaysItOnce() {
        let error = RPCError(.methodNotFound, "Method not found: signup (signup) has no input 'nameChnged'; its inputs are viewDidLoad, nameChanged; did you mean 'nameChanged'?", data: [
            "inputs": ["viewDidLoad", "nameChanged"], "suggestion": "nameChanged",
        ])
        XCTAssertEqual(plain.error(error), [
            "error -32601: Method not found: signup (signup) has no input 'nameChnged'; its inputs are viewDidLoad, nameChanged",
            "  did you mean `nameChanged`?",
        ])
        XCTAssertEqual(colored.error(error), [
            "\u{1B}[31merror -32601: Method not found: signup (signup) has no input 'nameChnged'; its inputs are viewDidLoad, nameChanged\u{1B}[0m",
            "  \u{1B}[33mdid you mean `nameChanged`?\u{1B}[0m",
        ])
    }

    func testError_InvalidParamsShowsTheSignature() {
        let error = RPCError(.invalidParams, "Invalid params: parameter 'name' of signup.nameChanged expects string or null, got integer", data: [
            "parameter": "name", "expected": "string or null", "found": "integer", "signature": "nameChanged(name: string or null)",
        ])
        XCTAssertEqual(plain.error(error), [
            "error -32602: Invalid params: parameter 'name' of signup.nameChanged expects string or null, got integer",
            "  expected: nameChanged(name: string or null)",
        ])
    }

    func testError_UnknownTargetListsWhatExists() {
        let error = RPCError(.methodNotFound, "Method not found: no instance or view-model type named 'sigup' (in 'sigup.x')", data: [
            "instances": [], "types": ["signup", "signin"],
        ])
        XCTAssertEqual(plain.error(error), [
            "error -32601: Method not found: no instance or view-model type named 'sigup' (in 'sigup.x')",
            "  instances: none; types: signup, signin (.help lists them)",
        ])
    }

    func testError_WithoutData() {
        XCTAssertEqual(plain.error(RPCError(.parseError, "Parse error: '[' or '{' expected near 'x'")), ["error -32700: Parse error: '[' or '{' expected near 'x'"])
    }

    func testParseError_WithHint() {
        XCTAssertEqual(plain.parseError(ParseError("unknown command .x", hint: ".help lists them")), ["error: unknown command .x", "  .help lists them"])
        XCTAssertEqual(plain.parseError(ParseError("usage: .list")), ["error: usage: .list"])
    }

    // MARK: Other messages

    func testClientRequest_SaysHowToAnswer() {
        XCTAssertEqual(plain.clientRequest(id: "sb-1", method: "register", params: ["email": "a@b.co"]), [
            #"call sb-1: register {"email":"a@b.co"}"#,
            #"  answer with {"jsonrpc":"2.0","id":"sb-1","result":…}"#,
        ])
    }

    func testWireAndNotes() {
        XCTAssertEqual(plain.sent(#"{"id":1}"#), #"> {"id":1}"#)
        XCTAssertEqual(plain.received(#"{"id":1}"#), #"< {"id":1}"#)
        XCTAssertEqual(colored.ok(), "\u{1B}[2mok\u{1B}[0m")
        XCTAssertEqual(plain.result(["now": 300]), #"{"now":300}"#)
        XCTAssertEqual(plain.warning("late answer"), "warning: late answer")
    }

    // MARK: Dot commands

    func testTypes_AlignedWithSummaries() {
        let types = [
            TypeDescription(name: "signup", summary: "Signup form.", inputs: [], outputs: []),
            TypeDescription(name: "checkout", summary: "Pay.", inputs: [], outputs: []),
        ]
        XCTAssertEqual(plain.types(types), ["signup    Signup form.", "checkout  Pay."])
    }

    func testInstances() {
        XCTAssertEqual(plain.instances([InstanceInfo(id: "signup", type: "signup"), InstanceInfo(id: "f", type: "signin")]), ["signup  signup", "f       signin"])
        XCTAssertEqual(plain.instances([]), ["no instances yet; .new TYPE creates one, and so does calling TYPE.input"])
    }

    func testSnapshot() {
        XCTAssertEqual(plain.snapshot(id: "signup", ["submitButtonEnabled": true, "alertMessage": "Successful"]), [
            "signup.submitButtonEnabled = true",
            #"signup.alertMessage = "Successful""#,
        ])
        XCTAssertEqual(plain.snapshot(id: "signup", [:]), ["signup has sent no output yet"])
    }

    func testCreatedAndAdvanced() {
        XCTAssertEqual(plain.created(["id": "signup-2", "type": "signup"]), "created signup-2, a signup")
        XCTAssertEqual(plain.advanced(["now": 300]), "clock at 300 ms")
        XCTAssertEqual(plain.advanced(["now": 300.0]), "clock at 300 ms")
        XCTAssertEqual(plain.advanced(["now": 0.5]), "clock at 0.5 ms")
    }

    // MARK: Help

    func testHelp_TypeFromDescription() {
        let type = TypeDescription(name: "signup", summary: "Signup form.", inputs: [
            InputDescription(name: "viewDidLoad", summary: "The screen appeared.", parameters: []),
            InputDescription(name: "nameChanged", summary: "The name field changed.", parameters: [
                ParameterDescription(label: "name", typeName: "string or null", schema: [:], acceptsNull: true),
            ]),
        ], outputs: [OutputDescription(name: "submitButtonEnabled", typeName: "boolean", schema: [:], sendsCurrentValue: false, summary: "Whether it is enabled.")])
        let description = SessionDescription(types: [type], instances: [InstanceInfo(id: "form", type: "signup")])
        let help = HelpText(style: .plain)
        XCTAssertEqual(help.lines(topic: "signup", description: description), [
            "signup  Signup form.",
            "inputs",
            "  signup.viewDidLoad()                      The screen appeared.",
            "  signup.nameChanged(name: string or null)  The name field changed.",
            "outputs",
            "  submitButtonEnabled: boolean  Whether it is enabled.",
        ])
        XCTAssertEqual(help.lines(topic: "form.nameChanged", description: description), [
            "form.nameChanged(name: string or null)",
            "  The name field changed.",
            "  name may be omitted (null)",
        ])
        XCTAssertNil(help.lines(topic: "nothing", description: description))
        XCTAssertNil(help.lines(topic: "signup.nothing", description: description))
        let overview = help.lines(topic: nil, description: description) ?? []
        XCTAssertTrue(overview.contains(#"  signup.nameChanged "text"       arguments by position, as JSON (a bare word is a string)"#), "\(overview)")
        XCTAssertTrue(overview.contains("Types  signup   (.help TYPE for its inputs, outputs and options)"), "\(overview)")
    }

    func testResults_FitTheWidthOrBreakIntoIndentedMembers() {
        let value: JSONValue = ["types": [["name": "signup", "inputs": ["viewDidLoad", "nameChanged"]]], "count": 1]
        let plain = OutputFormatter(style: .plain)
        XCTAssertEqual(plain.resultLines(value, width: nil), [#"{"types":[{"name":"signup","inputs":["viewDidLoad","nameChanged"]}],"count":1}"#], "pipes: one line")
        XCTAssertEqual(plain.resultLines(value, width: 200), [#"{"types":[{"name":"signup","inputs":["viewDidLoad","nameChanged"]}],"count":1}"#], "fits")
        XCTAssertEqual(plain.resultLines(value, width: 50), [
            "{",
            #"  "types": ["#,
            #"    {"#,
            #"      "name": "signup","#,
            #"      "inputs": ["viewDidLoad","nameChanged"]"#,
            #"    }"#,
            #"  ],"#,
            #"  "count": 1"#,
            "}",
        ])
        let coloured = OutputFormatter(style: .colored).resultLines(["a": 1], width: 80)
        XCTAssertEqual(coloured, ["{\u{1B}[36m\"a\"\u{1B}[0m:\u{1B}[32m1\u{1B}[0m}"])
    }

    func testHelp_TypeListsItsCreateOptions() {
        let type = TypeDescription(name: "register", summary: "Registration.", inputs: [], outputs: [], options: [
            OptionDescription(name: "latencyMs", schema: ["type": "number", "minimum": 0], summary: "Latency in ms."),
            OptionDescription(name: "outcome", schema: ["enum": ["token", "failure"]], summary: "What it answers."),
        ])
        let lines = HelpText(style: .plain).lines(topic: "register", description: SessionDescription(types: [type])) ?? []
        XCTAssertEqual(Array(lines.suffix(3)), [
            #"options  (.new register {"latencyMs": …})"#,
            "  latencyMs: number ≥ 0       Latency in ms.",
            #"  outcome: "token"|"failure"  What it answers."#,
        ])
        XCTAssertEqual(type.creationHint, #".new register [as ID] {"latencyMs": number ≥ 0, "outcome": "token"|"failure"}"#)
    }

    func testDescribe_CarriesTheOptionsOfEveryBuiltInType() {
        let harness = SessionHarnessForDescribe()
        let types = TypeDescription.types(fromDescribe: harness.describe())
        XCTAssertEqual(types.first { $0.name == "register" }?.options.map(\.name), ["service", "latencyMs", "outcome", "token", "reason"])
        XCTAssertEqual(types.first { $0.name == "updateFriend" }?.options.contains { $0.name == "friendId" }, true)
    }
}

/// `describe` from a session of the built-in catalog, as the REPL asks for it.
private struct SessionHarnessForDescribe {
    func describe() -> JSONValue {
        var answer: JSONValue = .null
        let session = Session(registry: BuiltinCatalog.registry(), clock: TestScheduler()) { message in
            if case let .response(response) = message, case let .success(value) = response.result { answer = value }
        }
        session.handle(frame: Array(#"{"jsonrpc":"2.0","id":1,"method":"describe"}"#.utf8))
        return answer
    }
}
