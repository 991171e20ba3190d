import Catalog
@testable import Host
import JSON
import RPC
import Signals
import XCTest

/// Host methods decoded into typed requests (`HostRequest.decode`): every method by name and
/// by position, and every kind of bad parameter with the error a client gets for it.
final class HostRequestTests: XCTestCase {
    private func decode(_ method: String, _ params: RPCParams = .none) -> Result<HostRequest, RPCError> {
        HostRequest.decode(method: method, params: params)
    }

    private func assertDecodes(_ method: String, _ params: RPCParams, _ expected: HostRequest, file: StaticString = #filePath, line: UInt = #line) {
        switch decode(method, params) {
        case let .success(request): XCTAssertEqual(request, expected, file: file, line: line)
        case let .failure(error): XCTFail("\(method): \(error.message)", file: file, line: line)
        }
    }

    private func assertRefuses(
        _ method: String, _ params: RPCParams, code: RPCErrorCode, containing text: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        switch decode(method, params) {
        case let .success(request): XCTFail("\(method) decoded as \(request)", file: file, line: line)
        case let .failure(error):
            XCTAssertEqual(error.code, code, error.message, file: file, line: line)
            XCTAssertTrue(error.message.contains(text), error.message, file: file, line: line)
        }
    }

    func testEveryHostMethodDecodesByNameAndByPosition() {
        assertDecodes("create", .object(["type": "signup"]), .create(type: "signup", id: nil, options: [:]))
        assertDecodes("create", .object(["type": "signup", "id": "s", "options": ["latencyMs": 5]]),
                      .create(type: "signup", id: "s", options: ["latencyMs": 5]))
        assertDecodes("create", .array(["signup", "s", ["latencyMs": 5]]), .create(type: "signup", id: "s", options: ["latencyMs": 5]))
        assertDecodes("create", .object(["type": "signup", "id": nil, "options": nil]), .create(type: "signup", id: nil, options: [:]))
        assertDecodes("destroy", .object(["id": "s"]), .destroy(id: "s"))
        assertDecodes("destroy", .array(["s"]), .destroy(id: "s"))
        assertDecodes("list", .none, .list)
        assertDecodes("list", .array([]), .list)
        assertDecodes("describe", .none, .describe(type: nil))
        assertDecodes("describe", .object(["type": "signup"]), .describe(type: "signup"))
        assertDecodes("describe", .array([nil]), .describe(type: nil))
        assertDecodes("snapshot", .object(["id": "s"]), .snapshot(id: "s"))
        assertDecodes("advance", .object(["ms": 250]), .advance(ms: 250))
        assertDecodes("advance", .array([0.5]), .advance(ms: 0.5))
        assertDecodes("shutdown", .none, .shutdown)
        // Every declared method decodes: a method added to the table needs a case here.
        for method in HostRequest.methods where method.parameters.allSatisfy({ !$0.required }) {
            if case let .failure(error) = decode(method.name) { XCTFail("\(method.name): \(error.message)") }
        }
    }

    func testTheMethodNameIsEveryRequestsOwn() {
        let requests: [HostRequest] = [.create(type: "t", id: nil, options: [:]), .destroy(id: "i"), .list, .describe(type: nil),
                                       .snapshot(id: "i"), .advance(ms: 1), .shutdown]
        XCTAssertEqual(requests.map(\.method), HostRequest.methodNames)
    }

    func testAnUnknownMethodIsMethodNotFoundWithASuggestion() {
        assertRefuses("lst", .none, code: .methodNotFound, containing: "did you mean 'list'?")
        // Names are bytes: a canonically equivalent spelling is another name.
        assertRefuses("li\u{73}\u{307}t", .none, code: .methodNotFound, containing: "Host methods are create")
    }

    func testEveryBadParameterIsInvalidParamsNamingIt() {
        assertRefuses("create", .none, code: .invalidParams, containing: "create needs 'type' as string, got nothing")
        assertRefuses("create", .object(["type": 5]), code: .invalidParams, containing: "create needs 'type' as string, got integer")
        assertRefuses("create", .object(["type": "signup", "id": 7]), code: .invalidParams, containing: "create needs 'id' as string, got integer")
        assertRefuses("create", .object(["type": "signup", "options": [1]]), code: .invalidParams, containing: "create needs 'options' as object, got array")
        assertRefuses("create", .object(["type": "signup", "ids": "s"]), code: .invalidParams, containing: "create has no parameter 'ids'")
        assertRefuses("create", .array(["a", "b", [:], "d"]), code: .invalidParams, containing: "create takes at most 3 parameters (type, id, options), got 4")
        assertRefuses("destroy", .none, code: .invalidParams, containing: "destroy needs 'id' as string, got nothing")
        assertRefuses("destroy", .array([1]), code: .invalidParams, containing: "destroy needs 'id' as string, got integer")
        assertRefuses("list", .object(["all": true]), code: .invalidParams, containing: "list has no parameter 'all'; it takes none")
        assertRefuses("list", .array([1]), code: .invalidParams, containing: "list takes no parameters, got 1")
        assertRefuses("describe", .object(["type": true]), code: .invalidParams, containing: "describe needs 'type' as string, got boolean")
        assertRefuses("snapshot", .object(["id": nil]), code: .invalidParams, containing: "snapshot needs 'id' as string, got null")
        assertRefuses("advance", .none, code: .invalidParams, containing: "advance needs 'ms' as non-negative number, got nothing")
        assertRefuses("advance", .object(["ms": "5"]), code: .invalidParams, containing: "got string")
        assertRefuses("advance", .object(["ms": -5]), code: .invalidParams, containing: "got -5")
        assertRefuses("shutdown", .array([true]), code: .invalidParams, containing: "shutdown takes no parameters, got 1")
    }

    func testAMethodThatNeedsTheVirtualClockSaysSoBeforeItsParameters() {
        let session = Session(registry: BuiltinCatalog.registry(), clock: QueueScheduler(), sink: { _ in })
        guard case let .failure(error) = session.hostRequest(method: "advance", params: .object(["ms": "x"])) else {
            return XCTFail("advance on the real clock decoded")
        }
        XCTAssertEqual(error.code, .clockNotVirtual)
    }

    /// `perform` answers in process with the outputs the request caused, in order, sends no
    /// response, and leaves a failed implicit creation without a trace.
    func testPerformReturnsTheResultAndTheOutputsItCaused() throws {
        var sent: [OutboundMessage] = []
        let session = Session(registry: BuiltinCatalog.registry(), clock: TestScheduler(), sink: { sent.append($0) })
        let created = session.perform(.host(.create(type: "signup", id: "s", options: [:])))
        XCTAssertEqual(try created.result.get(), ["id": "s", "type": "signup"])
        let typed = session.perform(.input(instance: "s", input: "viewDidLoad", params: .none))
        XCTAssertEqual(try typed.result.get(), .null)
        XCTAssertEqual(typed.outputs.map(\.output), ["submitButtonEnabled"])
        XCTAssertEqual(typed.outputs.first?.cause, .request(id: nil, method: "s.viewDidLoad"))
        // The outputs went to the sink too; no response did.
        XCTAssertTrue(sent.allSatisfy { if case .output = $0 { true } else { false } }, "\(sent)")
        XCTAssertEqual(sent.count, typed.outputs.count)
        // A rejected input on an instance made implicitly: no instance, no outputs.
        let rejected = session.perform(.input(instance: "signin", input: "emailChanged", params: .array([5])))
        XCTAssertThrowsError(try rejected.result.get())
        XCTAssertEqual(rejected.outputs, [])
        XCTAssertEqual(try session.perform(.host(.list)).result.get().arrayValue?.count, 1)
    }
}
