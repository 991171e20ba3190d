import Catalog
import Host
import JSON
@testable import MCPServer
import RPC
import Signals
import XCTest

/// The MCP adapter over a session on a virtual clock, message by message.
final class MCPAdapterTests: XCTestCase {
    private var sent: [String] = []
    private var diagnostics: [String] = []
    private var adapter: MCPAdapter!
    private var session: Session!
    private let clock = TestScheduler()

    private func start(_ registry: Registry = BuiltinCatalog.registry()) {
        (session, adapter) = MCPAdapter.make(
            registry: registry, clock: clock,
            diagnose: { [unowned self] in diagnostics.append($0) },
            sink: { [unowned self] in sent.append($0.json.serializedString()) }
        )
    }

    override func setUp() {
        start()
    }

    @discardableResult
    private func send(_ line: String) -> [String] {
        adapter.handle(parsed: MessageParser.parse(Array(line.utf8)))
        defer { sent = [] }
        return sent
    }

    @discardableResult
    private func call(_ id: Int, _ tool: String, _ arguments: String = "{}") -> [String] {
        send(#"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"\#(tool)","arguments":\#(arguments)}}"#)
    }

    func testInitialize_AnswersTheRequestedSupportedRevisionOrItsOwn() throws {
        let old = send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{}}}"#)
        XCTAssertTrue(old.first?.contains(#""protocolVersion":"2025-06-18""#) == true, "\(old)")
        let future = send(#"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"2099-01-01","capabilities":{}}}"#)
        XCTAssertTrue(future.first?.contains(#""protocolVersion":"2025-11-25""#) == true, "\(future)")
        XCTAssertTrue(future.first?.contains(#""serverInfo":{"name":"switchboard","title":"Switchboard","version":"\#(ServerIdentity.switchboard.version)"}"#) == true)
        assertLines(send(#"{"jsonrpc":"2.0","id":3,"method":"initialize","params":{}}"#), [
            #"{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"Invalid params: initialize needs protocolVersion (a string)","data":{"supported":["2025-11-25","2025-06-18"]}}}"#,
        ])
        assertLines(send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#), [])
        // A notification's name with an id is a request, and every request is answered.
        XCTAssertTrue(send(#"{"jsonrpc":"2.0","id":9,"method":"notifications/initialized"}"#).first?.contains(#""id":9,"error":{"code":-32601"#) == true)
        assertLines(send(#"{"jsonrpc":"2.0","id":4,"method":"ping"}"#), [#"{"jsonrpc":"2.0","id":4,"result":{}}"#])
    }

    func testToolCall_ResultCarriesTheOutputsItCausedAndListChangedPrecedesIt() {
        assertLines(call(1, "signup.viewDidLoad"), [
            #"{"jsonrpc":"2.0","method":"notifications/resources/list_changed","params":{}}"#,
            #"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"signup.submitButtonEnabled = false"}],"structuredContent":{"result":null,"outputs":[{"instance":"signup","output":"submitButtonEnabled","value":false}]},"isError":false}}"#,
        ])
        assertLines(call(2, "create.signup", #"{"id":"b"}"#), [
            #"{"jsonrpc":"2.0","method":"notifications/resources/list_changed","params":{}}"#,
            #"{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"result: {\"id\":\"b\",\"type\":\"signup\"}\n(no outputs)"}],"structuredContent":{"result":{"id":"b","type":"signup"},"outputs":[]},"isError":false}}"#,
        ])
    }

    func testToolErrorsAndProtocolErrors() {
        let wrongType = call(1, "signup.nameChanged", #"{"name":5}"#)
        XCTAssertTrue(wrongType.first?.contains(#""isError":true"#) == true, "\(wrongType)")
        assertLines(call(2, "snapshot", #"{"instance":"b","extra":1}"#), [
            #"{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"unknown argument 'extra'; the arguments are instance"}],"isError":true}}"#,
        ])
        assertLines(call(3, "snapshot"), [
            #"{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"argument 'instance' is required: the instance's id"}],"isError":true}}"#,
        ])
        assertLines(call(4, "signup.nameChanged", #"{"instance":7}"#), [
            #"{"jsonrpc":"2.0","id":4,"result":{"content":[{"type":"text","text":"argument 'instance' must be a string, got integer"}],"isError":true}}"#,
        ])
        assertLines(call(5, "nope"), [#"{"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"Unknown tool: 'nope'","data":{"name":"nope"}}}"#])
        assertLines(send(#"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"list","arguments":[1]}}"#), [
            #"{"jsonrpc":"2.0","id":6,"error":{"code":-32602,"message":"Invalid params: a tool's arguments are an object, not array"}}"#,
        ])
        assertLines(send(#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{}}"#), [
            #"{"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"Invalid params: tools/call needs the tool's name (a string)"}}"#,
        ])
        assertLines(send(#"{"jsonrpc":"2.0","id":8,"method":"tools/list","params":[]}"#), [
            #"{"jsonrpc":"2.0","id":8,"error":{"code":-32602,"message":"Invalid params: MCP passes parameters by name, as an object"}}"#,
        ])
        assertLines(send(#"{"jsonrpc":"2.0","id":9,"method":"prompts/list"}"#), [
            #"{"jsonrpc":"2.0","id":9,"error":{"code":-32601,"message":"Method not found: 'prompts/list' (the MCP face answers initialize, ping, tools/*, resources/* and logging/setLevel)"}}"#,
        ])
        assertLines(send(#"[{"jsonrpc":"2.0","id":10,"method":"ping"}]"#), [
            #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid request: MCP does not use JSON-RPC batches; send one message per line"}}"#,
        ])
        XCTAssertTrue(send("{").first?.hasPrefix(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"#) == true)
    }

    func testSubscriptions_OneUpdatePerInstancePerTurn_UntilUnsubscribedOrDestroyed() {
        call(1, "create.register", #"{"id":"r","options":{"latencyMs":100}}"#)
        assertLines(send(#"{"jsonrpc":"2.0","id":2,"method":"resources/subscribe","params":{"uri":"switchboard://instance/r"}}"#), [#"{"jsonrpc":"2.0","id":2,"result":{}}"#])
        call(3, "register.usernameChanged", #"{"instance":"r","username":"lisa-1234"}"#)
        let press = call(4, "register.passwordChanged", #"{"instance":"r","password":"password1"}"#)
        XCTAssertEqual(press.first, #"{"jsonrpc":"2.0","method":"notifications/resources/updated","params":{"uri":"switchboard://instance/r"}}"#)
        call(5, "register.registerButtonPressed", #"{"instance":"r"}"#)
        clock.advance(by: .milliseconds(100))
        // The service's answer, on a timer: several outputs, one update.
        XCTAssertEqual(sent, [#"{"jsonrpc":"2.0","method":"notifications/resources/updated","params":{"uri":"switchboard://instance/r"}}"#])
        sent = []
        assertLines(send(#"{"jsonrpc":"2.0","id":6,"method":"resources/unsubscribe","params":{"uri":"switchboard://instance/r"}}"#), [#"{"jsonrpc":"2.0","id":6,"result":{}}"#])
        XCTAssertFalse(call(7, "register.usernameChanged", #"{"instance":"r","username":"x"}"#).contains { $0.contains("resources/updated") })
        assertLines(send(#"{"jsonrpc":"2.0","id":8,"method":"resources/subscribe","params":{"uri":"switchboard://instance/nobody"}}"#), [
            #"{"jsonrpc":"2.0","id":8,"error":{"code":-32002,"message":"Resource not found: switchboard://instance/nobody (live instances are switchboard://instance/<id>; resources/list lists them)","data":{"uri":"switchboard://instance/nobody"}}}"#,
        ])
        send(#"{"jsonrpc":"2.0","id":9,"method":"resources/subscribe","params":{"uri":"switchboard://instance/r"}}"#)
        XCTAssertTrue(call(10, "destroy", #"{"instance":"r"}"#).first?.contains("list_changed") == true)
        // A new instance under the same id is not followed by the old subscription.
        call(11, "create.register", #"{"id":"r"}"#)
        XCTAssertFalse(call(12, "register.usernameChanged", #"{"instance":"r","username":"x"}"#).contains { $0.contains("resources/updated") })
    }

    func testResources_ListReadTemplates() {
        call(1, "create.signin", #"{"id":"a b/é"}"#)
        let listed = send(#"{"jsonrpc":"2.0","id":2,"method":"resources/list"}"#)
        XCTAssertTrue(listed.first?.contains(#""uri":"switchboard://instance/a%20b%2F%C3%A9","name":"a b/é""#) == true, "\(listed)")
        assertLines(send(#"{"jsonrpc":"2.0","id":3,"method":"resources/read","params":{"uri":"switchboard://instance/a%20b%2F%C3%A9"}}"#), [
            #"{"jsonrpc":"2.0","id":3,"result":{"contents":[{"uri":"switchboard://instance/a%20b%2F%C3%A9","mimeType":"application/json","text":"{}"}]}}"#,
        ])
        XCTAssertTrue(send(#"{"jsonrpc":"2.0","id":4,"method":"resources/read","params":{"uri":"switchboard://instance/%zz"}}"#).first?.contains("-32002") == true)
        XCTAssertTrue(send(#"{"jsonrpc":"2.0","id":5,"method":"resources/templates/list"}"#).first?.contains(#""uriTemplate":"switchboard://instance/{id}""#) == true)
    }

    func testURIs_RoundTripAnyID() {
        for id in ["signup", "a b", "é", "x%y", "~_-", "\u{0}"] {
            XCTAssertEqual(InstanceURI.instanceID(fromURI: InstanceURI.uri(of: id)), id)
        }
        XCTAssertNil(InstanceURI.instanceID(fromURI: "switchboard://instance/"))
        XCTAssertNil(InstanceURI.instanceID(fromURI: "file:///x"))
        XCTAssertNil(InstanceURI.instanceID(fromURI: "switchboard://instance/%C3"), "not UTF-8")
    }

    func testLogging_DiagnosticsReachTheClientFromTheLevelSet() {
        assertLines(send(#"{"jsonrpc":"2.0","id":1,"method":"logging/setLevel","params":{"level":"loud"}}"#), [
            #"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params: level must be one of debug, info, notice, warning, error, critical, alert, emergency"}}"#,
        ])
        // A failed notification is a diagnostic: on stderr, and to the client at warning level.
        assertLines(send(#"{"jsonrpc":"2.0","method":"tools/list","params":[1]}"#), [
            #"{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"warning","logger":"switchboard","data":"notification tools/list failed: Invalid params: MCP passes parameters by name, as an object"}}"#,
        ])
        XCTAssertEqual(diagnostics, ["notification tools/list failed: Invalid params: MCP passes parameters by name, as an object"])
        assertLines(send(#"{"jsonrpc":"2.0","id":2,"method":"logging/setLevel","params":{"level":"error"}}"#), [#"{"jsonrpc":"2.0","id":2,"result":{}}"#])
        assertLines(send(#"{"jsonrpc":"2.0","method":"tools/list","params":[1]}"#), [])
        XCTAssertEqual(diagnostics.count, 2, "stderr still gets it")
    }

    func testDelegatedCallsOfACustomType_AreRefusedAtOnce() {
        var registry = Registry()
        registry.register(Oracle.type)
        start(registry)
        let asked = call(1, "oracle.ask")
        XCTAssertTrue(asked.last?.contains(#""isError":false"#) == true, "\(asked)")
        // Refused right after the call: the view model hears it at once, not after a timeout.
        assertLines(call(2, "snapshot", #"{"instance":"oracle"}"#), [
            #"{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"result: {\"answer\":\"refused: oracle.ask cannot be delegated: the client speaks MCP\"}\n(no outputs)"}],"structuredContent":{"result":{"answer":"refused: oracle.ask cannot be delegated: the client speaks MCP"},"outputs":[]},"isError":false}}"#,
        ])
        XCTAssertTrue(diagnostics.contains("MCP: oracle.ask (sb-1) cannot be delegated to an MCP client; refused"), "\(diagnostics)")
    }

    func testToolCatalog_SkipsCollisionsAndReservedParameters() {
        let type = TypeDescription(name: "t", summary: "T.", inputs: [
            InputDescription(name: "go", summary: nil, parameters: [ParameterDescription(label: "instance", typeName: "string", schema: ["type": "string"], acceptsNull: false)]),
        ], outputs: [])
        let list = TypeDescription(name: "list", summary: "Shadows nothing: tools are create.list and list.<input>.", inputs: [], outputs: [])
        var notes: [String] = []
        let catalog = MCPToolCatalog(types: [type, list], virtualClock: false) { notes.append($0) }
        XCTAssertEqual(catalog.tools.map(\.name), ["create.t", "create.list", "snapshot", "destroy", "list"])
        XCTAssertEqual(notes, ["MCP: t.go has a parameter named 'instance', which the MCP adapter reserves; it is not offered as a tool"])
    }
}

/// A type whose service the client would play.
private final class Oracle {
    let answer = MutableProperty("")
    private let client: ClientChannel
    private var pending: Disposable?

    init(client: ClientChannel) { self.client = client }

    func ask() {
        pending = client.call("oracle.ask", params: [:]).startWithResult { [answer] result in
            switch result {
            case let .success(value): answer.value = value.serializedString()
            case let .failure(error): answer.value = "refused: \(error.description)"
            }
        }
    }

    static let type = ViewModelDeclaration<Oracle>(
        "oracle", summary: "Asks the client.", make: { Oracle(client: $0.client) },
        inputs: [.input("ask") { $0.ask() }], outputs: [.output("answer", \.answer)]
    )
}

/// Asserts the exact lines, with both in the failure message.
func assertLines(_ actual: [String], _ expected: [String], file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(actual, expected, file: file, line: line)
}
