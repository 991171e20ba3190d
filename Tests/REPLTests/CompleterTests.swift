import Catalog
import Signals
import Host
import JSON
@testable import REPL
import XCTest

final class CompleterTests: XCTestCase {
    /// Two types as `describe` reports them, and one instance of each (one with its own id).
    private let description = SessionDescription(
        types: [
            TypeDescription(name: "signup", summary: "Signup form.", inputs: [
                InputDescription(name: "viewDidLoad", summary: "The screen appeared.", parameters: []),
                InputDescription(name: "nameChanged", summary: "The name field changed.", parameters: [
                    ParameterDescription(label: "name", typeName: "string or null", schema: [:], acceptsNull: true),
                ]),
                InputDescription(name: "emailChanged", summary: nil, parameters: [
                    ParameterDescription(label: "email", typeName: "string or null", schema: [:], acceptsNull: true),
                ]),
            ], outputs: []),
            TypeDescription(name: "signin", summary: "Sign-in.", inputs: [
                InputDescription(name: "login", summary: nil, parameters: [
                    ParameterDescription(label: "email", typeName: "string", schema: [:], acceptsNull: false),
                    ParameterDescription(label: "password", typeName: "string", schema: [:], acceptsNull: false),
                ]),
            ], outputs: []),
        ],
        instances: [InstanceInfo(id: "signup", type: "signup"), InstanceInfo(id: "form", type: "signin")]
    )

    private func complete(_ text: String) -> Completion {
        Completer(description: description).complete(text)
    }

    // MARK: First word

    func testTargets_AmbiguousPrefixExtendsToCommonPartAndLists() {
        XCTAssertEqual(complete("sig"), Completion(insertion: "n", candidates: ["signup", "signin"]))
    }

    func testTargets_UniqueNameGetsTheDot() {
        XCTAssertEqual(complete("signu"), Completion(insertion: "p.", candidates: ["signup"]))
        XCTAssertEqual(complete("fo"), Completion(insertion: "rm.", candidates: ["form"]))
    }

    func testTargets_EmptyLineListsInstancesThenOtherTypes() {
        XCTAssertEqual(complete("").candidates, ["signup", "form", "signin"])
        XCTAssertEqual(complete("   ").candidates, ["signup", "form", "signin"])
    }

    func testTargets_NoMatch() {
        XCTAssertEqual(complete("zz"), .none)
    }

    func testInputs_UniqueInputWithParametersGetsSpaceAndSignature() {
        XCTAssertEqual(complete("signup.na"), Completion(
            insertion: "meChanged ",
            candidates: ["nameChanged"],
            hint: "nameChanged(name: string or null) — The name field changed."
        ))
    }

    func testInputs_VoidInputGetsNoSpace() {
        XCTAssertEqual(complete("signup.view").insertion, "DidLoad")
    }

    func testInputs_CompleteNameShowsSignatureAgain() {
        XCTAssertEqual(complete("signup.emailChanged"), Completion(insertion: " ", candidates: ["emailChanged"], hint: "emailChanged(email: string or null)"))
    }

    func testInputs_ListedAfterTheDot() {
        XCTAssertEqual(complete("signup."), Completion(insertion: "", candidates: ["viewDidLoad", "nameChanged", "emailChanged"]))
    }

    func testInputs_OfAnInstanceComeFromItsType() {
        XCTAssertEqual(complete("form.l").insertion, "ogin ")
    }

    func testInputs_UnknownTarget() {
        XCTAssertEqual(complete("nobody.x"), .none)
    }

    // MARK: Arguments

    func testLabels_AfterTheInput() {
        XCTAssertEqual(complete("form.login "), Completion(
            insertion: "",
            candidates: ["email", "password"],
            hint: "login(email: string, password: string)"
        ))
        XCTAssertEqual(complete("form.login p"), Completion(insertion: "assword=", candidates: ["password"], hint: "login(email: string, password: string)"))
    }

    func testLabels_SkipThoseGiven() {
        XCTAssertEqual(complete("form.login email=a@b.c ").insertion, "password=")
    }

    func testLabels_NotAfterPositionalArgumentsOrInsideValues() {
        XCTAssertEqual(complete(#"form.login "a@b.c" "#), Completion(hint: "login(email: string, password: string)"))
        XCTAssertEqual(complete(#"form.login email="#), Completion(hint: "login(email: string, password: string)"))
        XCTAssertEqual(complete(#"form.login "x"#), Completion(hint: "login(email: string, password: string)"))
    }

    func testRawJSONIsNotCompleted() {
        XCTAssertEqual(complete(#"{"method":"sig"#), .none)
        XCTAssertEqual(complete("[1"), .none)
    }

    // MARK: Dot commands

    func testCommands_Names() {
        XCTAssertEqual(complete(".sn"), Completion(insertion: "apshot ", candidates: [".snapshot"]))
        XCTAssertEqual(complete(".qu"), Completion(insertion: "it", candidates: [".quit"]))
        XCTAssertEqual(complete(".s").candidates, [".snapshot", ".stop"])
    }

    func testCommands_Arguments() {
        XCTAssertEqual(complete(".new si").candidates, ["signup", "signin"])
        XCTAssertEqual(complete(".new signup a").insertion, "s ")
        XCTAssertEqual(complete(".snapshot f").insertion, "orm")
        XCTAssertEqual(complete(".destroy ").candidates, ["signup", "form"])
        XCTAssertEqual(complete(".raw o").candidates, ["on", "off"])
        XCTAssertEqual(complete(".help signup.e").insertion, "mailChanged")
        XCTAssertEqual(complete(".help fo").insertion, "rm")
        XCTAssertEqual(complete(".record f"), .none)
    }

    // MARK: Fed by the session

    func testDescription_ReadFromTheSessionsOwnDescribeAndList() {
        var answers: [JSONValue] = []
        let session = Session(registry: BuiltinCatalog.registry(), clock: TestScheduler()) { message in
            if case let .response(response) = message, case let .success(value) = response.result { answers.append(value) }
        }
        session.handle(frame: Array(#"{"jsonrpc":"2.0","id":1,"method":"create","params":{"type":"signup","id":"form"}}"#.utf8))
        session.handle(frame: Array(#"{"jsonrpc":"2.0","id":2,"method":"describe"}"#.utf8))
        session.handle(frame: Array(#"{"jsonrpc":"2.0","id":3,"method":"list"}"#.utf8))
        guard answers.count == 3 else { return XCTFail("expected 3 answers, got \(answers)") }
        let described = SessionDescription(
            types: TypeDescription.types(fromDescribe: answers[1]),
            instances: SessionDescription.instances(fromList: answers[2])
        )
        XCTAssertEqual(described.instances, [InstanceInfo(id: "form", type: "signup")])
        let completer = Completer(description: described)
        XCTAssertEqual(completer.complete("form.nameCh").insertion, "anged ")
        XCTAssertEqual(completer.complete("form.nameChanged ").candidates, ["name"])
        XCTAssertEqual(described.type(named: "signup")?.input(named: "nameChanged")?.signature, "nameChanged(name: string or null)")
    }

    func testNew_HintsTheTypesCreateOptions() {
        var described = description
        described.types[1].options = [OptionDescription(name: "latencyMs", schema: ["type": "number", "minimum": 0], summary: "")]
        let completer = Completer(description: described)
        XCTAssertEqual(completer.complete(".new sign").hint, nil, "two types match")
        XCTAssertEqual(completer.complete(".new signi").hint, #".new signin [as ID] {"latencyMs": number ≥ 0}"#)
        XCTAssertEqual(completer.complete(".new signin ").hint, #".new signin [as ID] {"latencyMs": number ≥ 0}"#)
        XCTAssertEqual(completer.complete(".new signup").hint, ".new signup [as ID]: no options")
    }
}
