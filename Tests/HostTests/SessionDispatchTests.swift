import Catalog
import RPC
@testable import Host
import JSON
import Signals
import XCTest

final class SessionDispatchTests: XCTestCase {
    private var harness: SessionHarness!

    override func setUp() {
        harness = SessionHarness(registry: .counterOnly)
    }

    func testImplicitCreationSendsPropertyOutputThenResponse() {
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":1,"method":"counter.increment","params":[2]}"#), [
            #"{"jsonrpc":"2.0","method":"output","params":{"vm":"counter","output":"count","value":0,"seq":1,"cause":{"kind":"request","id":1,"method":"counter.increment"}}}"#,
            #"{"jsonrpc":"2.0","method":"output","params":{"vm":"counter","output":"count","value":2,"seq":2,"cause":{"kind":"request","id":1,"method":"counter.increment"}}}"#,
            #"{"jsonrpc":"2.0","method":"output","params":{"vm":"counter","output":"label","value":"count is 2","seq":3,"cause":{"kind":"request","id":1,"method":"counter.increment"}}}"#,
            #"{"jsonrpc":"2.0","id":1,"result":null}"#,
        ])
    }

    func testParametersByNameAndSeqContinues() {
        harness.send(#"{"jsonrpc":"2.0","id":1,"method":"counter.increment","params":{"by":1}}"#)
        let lines = harness.send(#"{"jsonrpc":"2.0","id":"b","method":"counter.increment","params":{"by":5}}"#)
        XCTAssertEqual(lines.count, 3)
        XCTAssertTrue(lines[0].contains(#""value":6,"seq":4"#), lines[0])
        XCTAssertEqual(lines.last, #"{"jsonrpc":"2.0","id":"b","result":null}"#)
    }

    func testNotificationGetsNoResponseButItsOutputs() {
        let lines = harness.send(#"{"jsonrpc":"2.0","method":"counter.increment","params":[1]}"#)
        XCTAssertEqual(lines.count, 3)
        XCTAssertTrue(lines.allSatisfy { $0.contains(#""method":"output""#) })
        XCTAssertTrue(lines[2].contains(#""cause":{"kind":"request","method":"counter.increment"}"#), lines[2])
    }

    func testWrongTypeNamesParameterAndExpectedType_AndTheRejectedImplicitCreationLeavesNoTrace() {
        // The implicit creation is undone: no output, no instance, and `seq` starts at 1 later.
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":7,"method":"counter.increment","params":["two"]}"#), [
            #"{"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"Invalid params: parameter 'by' of counter.increment expects integer, got string","data":{"parameter":"by","expected":"integer","found":"string","signature":"increment(by: integer)"}}}"#,
        ])
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":8,"method":"list"}"#), [#"{"jsonrpc":"2.0","id":8,"result":[]}"#])
        let lines = harness.send(#"{"jsonrpc":"2.0","id":9,"method":"counter.increment","params":[2]}"#)
        XCTAssertTrue(lines[0].contains(#""value":0,"seq":1"#), lines[0])
    }

    func testUnknownInputSuggestsTheClosestName() {
        harness.send(#"{"jsonrpc":"2.0","id":1,"method":"create","params":{"type":"counter","id":"c"}}"#)
        let lines = harness.send(#"{"jsonrpc":"2.0","id":2,"method":"c.incremnt","params":[1]}"#)
        assertLines(lines, [
            #"{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"Method not found: c, a counter, has no input 'incremnt'; its inputs are increment, echoLater, reset, checked; did you mean 'increment'?","data":{"inputs":["increment","echoLater","reset","checked"],"suggestion":"increment"}}}"#,
        ])
    }

    func testUnknownInstanceOrType() {
        let lines = harness.send(#"{"jsonrpc":"2.0","id":1,"method":"nope.go"}"#)
        XCTAssertEqual(lines.count, 1)
        XCTAssertTrue(lines[0].hasPrefix(#"{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found: no instance or view-model type named 'nope' (in 'nope.go')""#), lines[0])
    }

    func testArgumentCountAndMissingAndUnknownNames() {
        harness.send(#"{"jsonrpc":"2.0","id":0,"method":"create","params":["counter"]}"#)
        let tooMany = harness.send(#"{"jsonrpc":"2.0","id":1,"method":"counter.increment","params":[1,2]}"#)
        XCTAssertTrue(tooMany[0].contains(#""message":"Invalid params: counter.increment takes 1 parameter (increment(by: integer)), got 2""#), tooMany[0])
        let missing = harness.send(#"{"jsonrpc":"2.0","id":2,"method":"counter.increment"}"#)
        XCTAssertTrue(missing[0].contains(#""message":"Invalid params: counter.increment is missing parameter 'by' (integer)""#), missing[0])
        let unknown = harness.send(#"{"jsonrpc":"2.0","id":3,"method":"counter.increment","params":{"step":1}}"#)
        XCTAssertTrue(unknown[0].contains(#""message":"Invalid params: counter.increment has no parameter 'step'; it takes by""#), unknown[0])
    }

    /// Every host method takes exactly its parameters, by name or by position: an unknown name
    /// or an extra value is refused with the inputs' wording, the methods without parameters
    /// included (which used to ignore whatever they were given), and nothing is done.
    func testHostMethodsRefuseParametersTheyDoNotTake() {
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":1,"method":"describe","params":{"types":"counter"}}"#), [
            #"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params: describe has no parameter 'types'; it takes type; did you mean 'type'?","data":{"parameter":"types","suggestion":"type"}}}"#,
        ])
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":2,"method":"list","params":[1]}"#), [
            #"{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"Invalid params: list takes no parameters, got 1","data":{"expected":0,"got":1}}}"#,
        ])
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":3,"method":"shutdown","params":{"now":true}}"#), [
            #"{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"Invalid params: shutdown has no parameter 'now'; it takes none","data":{"parameter":"now"}}}"#,
        ])
        XCTAssertFalse(harness.session.isShutdownRequested)
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":4,"method":"create","params":{"tpye":"counter"}}"#), [
            #"{"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"Invalid params: create has no parameter 'tpye'; it takes type, id, options; did you mean 'type'?","data":{"parameter":"tpye","suggestion":"type"}}}"#,
        ])
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":5,"method":"snapshot","params":["a","b"]}"#), [
            #"{"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"Invalid params: snapshot takes at most 1 parameter (id), got 2","data":{"expected":1,"got":2}}}"#,
        ])
        // Empty parameters are no parameters.
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":6,"method":"list","params":{}}"#), [#"{"jsonrpc":"2.0","id":6,"result":[]}"#])
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":7,"method":"list","params":[]}"#), [#"{"jsonrpc":"2.0","id":7,"result":[]}"#])
        XCTAssertEqual(harness.send(#"{"jsonrpc":"2.0","id":8,"method":"describe","params":{}}"#).count, 1)
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":9,"method":"shutdown","params":[]}"#), [#"{"jsonrpc":"2.0","id":9,"result":null}"#])
        XCTAssertTrue(harness.session.isShutdownRequested)
    }

    /// `describe {"type"}` answers the same document with only that type; a type that does not
    /// exist is refused as `create` refuses it.
    func testDescribeOneType() throws {
        harness = SessionHarness(registry: BuiltinCatalog.registry())
        func types(_ line: String) throws -> [JSONValue] {
            try XCTUnwrap(JSONValue.parse(Array(line.utf8))["result"]?["types"]?.arrayValue, line)
        }
        let whole = try types(try XCTUnwrap(harness.send(#"{"jsonrpc":"2.0","id":1,"method":"describe"}"#).first))
        XCTAssertEqual(whole.count, BuiltinCatalog.registry().names.count)
        let signin = try XCTUnwrap(whole.first { $0["name"]?.stringValue == "signin" })
        for params in [#"{"type":"signin"}"#, #"["signin"]"#] {
            let one = try types(try XCTUnwrap(harness.send(#"{"jsonrpc":"2.0","id":2,"method":"describe","params":"# + params + "}").first))
            XCTAssertEqual(one, [signin], params)
        }
        XCTAssertEqual(try types(try XCTUnwrap(harness.send(#"{"jsonrpc":"2.0","id":4,"method":"describe","params":{"type":null}}"#).first)), whole)
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":5,"method":"describe","params":{"type":"sigin"}}"#), [
            #"{"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"Invalid params: no view-model type named 'sigin'; types are signup, register, signin, checkout, friendList, addFriend, updateFriend; did you mean 'signin'?","data":{"types":["signup","register","signin","checkout","friendList","addFriend","updateFriend"],"suggestion":"signin"}}}"#,
        ])
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":6,"method":"describe","params":{"type":7}}"#), [
            #"{"jsonrpc":"2.0","id":6,"error":{"code":-32602,"message":"Invalid params: describe needs 'type' as string, got integer","data":{"parameter":"type","expected":"string","found":"integer"}}}"#,
        ])
    }

    func testOptionalParametersMayBeOmittedButInputCanRejectTheCombination() {
        harness.send(#"{"jsonrpc":"2.0","id":0,"method":"create","params":["counter"]}"#)
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":1,"method":"counter.checked","params":[null]}"#), [
            #"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params: counter.checked: a and b cannot both be null","data":{"signature":"checked(a: integer or null, b: integer or null)"}}}"#,
        ])
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":2,"method":"counter.checked","params":{"b":3}}"#), [
            #"{"jsonrpc":"2.0","id":2,"result":null}"#,
        ])
    }

    func testVoidOutputSendsNull() {
        let lines = harness.send(#"{"jsonrpc":"2.0","id":1,"method":"counter.reset"}"#)
        XCTAssertTrue(lines.contains { $0.contains(#""output":"reset","value":null"#) }, "\(lines)")
    }

    func testTimerOutputsComeLaterWithTimerCause() {
        let lines = harness.send(#"{"jsonrpc":"2.0","id":1,"method":"counter.echoLater","params":["hi",250]}"#)
        XCTAssertEqual(lines.last, #"{"jsonrpc":"2.0","id":1,"result":null}"#)
        XCTAssertEqual(harness.advance(ms: 249), [])
        assertLines(harness.advance(ms: 1), [
            #"{"jsonrpc":"2.0","method":"output","params":{"vm":"counter","output":"echoed","value":"hi","seq":2,"cause":{"kind":"timer"}}}"#,
        ])
    }
}

extension SessionDispatchTests {
    func testUnknownInputOnATypeName_CreatesNothing() {
        let lines = harness.send(#"{"jsonrpc":"2.0","id":1,"method":"counter.nope"}"#)
        XCTAssertEqual(lines.count, 1)
        XCTAssertTrue(lines[0].contains(#""code":-32601"#), lines[0])
        XCTAssertEqual(harness.send(#"{"jsonrpc":"2.0","id":2,"method":"list"}"#), [#"{"jsonrpc":"2.0","id":2,"result":[]}"#])
    }
    /// An input borrows its model from the instance without a reference count
    /// (`Session.applyInput`). If the instance is destroyed while the input runs (here by the
    /// input's own code reaching back into the session, which no built-in view model does),
    /// the model must live until the input returns: the input goes on using it. ASan reports a
    /// use after free otherwise.
    func testAnInstanceDestroyedWhileItsInputRunsKeepsItsModelUntilTheInputReturns() {
        var registry = Registry()
        registry.register(ReentrantViewModel.type)
        let harness = SessionHarness(registry: registry)
        harness.send(#"{"jsonrpc":"2.0","id":1,"method":"create","params":{"type":"reentrant","id":"r"}}"#)
        var destroyResponse: [String] = []
        var aliveAfterDestroy: Bool?
        var parked: [ObjectIdentifier] = []
        let model = ReentrantViewModel.latest.map(ObjectIdentifier.init)
        ReentrantViewModel.latest?.duringPoke = {
            destroyResponse = harness.send(#"{"jsonrpc":"2.0","id":3,"method":"destroy","params":{"id":"r"}}"#)
            aliveAfterDestroy = ReentrantViewModel.latest != nil
            // What keeps it in a release build, where nothing else retains the borrowed model
            // (a debug build's casts do, which is why this is checked directly as well).
            parked = harness.session.modelsReleasedAfterInputs.map(ObjectIdentifier.init)
        }

        let lines = harness.send(#"{"jsonrpc":"2.0","id":2,"method":"r.poke"}"#)

        assertLines(destroyResponse, [#"{"jsonrpc":"2.0","id":3,"result":true}"#])
        XCTAssertEqual(aliveAfterDestroy, true, "kept while its input runs")
        XCTAssertEqual(parked, model.map { [$0] }, "by the session, until the input returns")
        XCTAssertTrue(harness.session.modelsReleasedAfterInputs.isEmpty)
        XCTAssertEqual(ReentrantViewModel.finishedPokes, 1, "the input finished in its model")
        assertLines(lines, [#"{"jsonrpc":"2.0","id":2,"result":null}"#])
        XCTAssertNil(ReentrantViewModel.latest, "released once the input returned")
    }
}

/// A view model whose input calls back into the test (`duringPoke`) and then goes on using
/// itself: to destroy its instance while the input runs.
private final class ReentrantViewModel {
    nonisolated(unsafe) static weak var latest: ReentrantViewModel?
    let said: Signal<Int, Never>
    private let pipe = Signal<Int, Never>.pipe()
    var duringPoke: () -> Void = {}
    private var pokes = 0
    /// Pokes that ran to their end, in any model.
    nonisolated(unsafe) static var finishedPokes = 0

    init() {
        said = pipe.output
        Self.latest = self
    }

    func poke() {
        duringPoke()
        duringPoke = {}
        pokes += 1
        pipe.input.send(value: pokes)
        Self.finishedPokes += 1
    }

    static let type = ViewModelDeclaration<ReentrantViewModel>(
        "reentrant",
        summary: "Destroyed while its input runs.",
        make: { _ throws(CreationFailure) in ReentrantViewModel() },
        inputs: [.input("poke") { vm in vm.poke() }],
        outputs: [.output("said", \.said)]
    )
}
