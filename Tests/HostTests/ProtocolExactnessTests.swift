import Catalog
import Host
import JSON
import XCTest

/// Names are bytes, rejected calls leave no trace, numbers from clients are checked, and no
/// request's work grows with the number of live instances (issue: "Protocol exactness").
final class ProtocolExactnessTests: XCTestCase {
    private var harness: SessionHarness!

    override func setUp() {
        harness = SessionHarness(registry: BuiltinCatalog.registry())
    }

    private func result(_ line: String) -> JSONValue? {
        harness.send(line).compactMap { try? JSONValue.parse($0) }.last { $0["id"] != nil }?["result"]
    }

    private func error(_ line: String) -> JSONValue? {
        harness.send(line).compactMap { try? JSONValue.parse($0) }.last { $0["id"] != nil }?["error"]
    }

    /// What the REPL reads a typed method as (`Session.splitMethod`) is what dispatch splits:
    /// the bytes on either side of the first dot, a combining mark after it included.
    func testSplitMethodSplitsAtTheFirstDotsByteAsDispatchDoes() {
        let cases: [(String, (String, String)?)] = [
            ("signup.nameChanged", ("signup", "nameChanged")),
            ("signup.\u{301}viewDidLoad", ("signup", "\u{301}viewDidLoad")), // one Character ".\u{301}"
            ("a.b.c", ("a", "b.c")),
            (".x", ("", "x")),
            ("x.", ("x", "")),
            ("list", nil),
        ]
        for (method, expected) in cases {
            let split = Session.splitMethod(method)
            XCTAssertEqual(split.map { [Array($0.target.utf8), Array($0.input.utf8)] },
                           expected.map { [Array($0.0.utf8), Array($0.1.utf8)] }, method)
            XCTAssertEqual(Session.splitMethod(method[...]).map { [$0.target, $0.input] }, split.map { [$0.target, $0.input] },
                           "a Substring splits as its String: \(method)")
        }
        XCTAssertNil("signup.\u{301}viewDidLoad".firstIndex(of: "."), "a Character search misses this dot")
    }

    func testACombiningMarkAfterTheDotIsPartOfTheInputName() {
        let answer = error(#"{"jsonrpc":"2.0","id":1,"method":"signup.\u0301viewDidLoad"}"#)
        XCTAssertEqual(answer?["code"], -32601)
        XCTAssertEqual(result(#"{"jsonrpc":"2.0","id":2,"method":"list"}"#), [], "nothing was created")
    }

    func testCanonicallyEquivalentIdsAreDifferentInstances() {
        for (index, id) in ["\u{e9}", "e\u{301}", "\u{212A}", "K"].enumerated() {
            XCTAssertEqual(result(#"{"jsonrpc":"2.0","id":\#(index),"method":"create","params":{"type":"signup","id":"\#(id)"}}"#)?["id"], .string(id))
        }
        let ids = result(#"{"jsonrpc":"2.0","id":9,"method":"list"}"#)?.arrayValue?.compactMap { $0["id"]?.stringValue }
        XCTAssertEqual(ids.map { $0.map { Array($0.utf8) } }, ["\u{e9}", "e\u{301}", "\u{212A}", "K"].map { Array($0.utf8) })
        // Destroying one leaves its look-alike.
        XCTAssertEqual(result(#"{"jsonrpc":"2.0","id":10,"method":"destroy","params":["e\u0301"]}"#), true)
        XCTAssertEqual(result(#"{"jsonrpc":"2.0","id":11,"method":"snapshot","params":["\u00e9"]}"#), [:])
    }

    func testAnInputReachesTheInstanceWhoseIdHasItsTargetsBytes() {
        for (index, id) in ["\u{e9}", "e\u{301}"].enumerated() {
            XCTAssertEqual(result(#"{"jsonrpc":"2.0","id":\#(index),"method":"create","params":{"type":"signup","id":"\#(id)"}}"#)?["id"], .string(id))
        }
        for (index, id) in ["e\u{301}", "\u{e9}"].enumerated() {
            let lines = harness.send(#"{"jsonrpc":"2.0","id":\#(index + 2),"method":"\#(id).viewDidLoad"}"#).compactMap { try? JSONValue.parse($0) }
            let outputs = lines.filter { $0["method"] == "output" }
            XCTAssertEqual(outputs.count, 1, id)
            XCTAssertEqual(outputs.first?["params"]?["vm"]?.stringValue.map { Array($0.utf8) }, Array(id.utf8), "the instance with exactly these bytes")
            XCTAssertEqual(lines.last?["result"], .null, id)
        }
        // Neither spelling of "é" with a capital E is an instance or a type.
        XCTAssertEqual(error(#"{"jsonrpc":"2.0","id":9,"method":"E\u0301.viewDidLoad"}"#)?["code"], -32601)
    }

    func testAnIdWithADotIsRefusedEvenWhenAMarkJoinsTheDot() {
        // ".\u{301}" is one Character, which `String.contains(".")` does not find; the method
        // is split at the dot's byte, so such an instance could never be reached.
        for (index, id) in ["a.b", "a.\u{301}b", "rpc"].enumerated() {
            let answer = error(#"{"jsonrpc":"2.0","id":\#(index),"method":"create","params":{"type":"signup","id":"\#(id)"}}"#)
            XCTAssertEqual(answer?["code"], -32602, id)
        }
        XCTAssertEqual(result(#"{"jsonrpc":"2.0","id":9,"method":"list"}"#), [], "nothing was created")
    }

    func testAKelvinSignIsNotAHostMethodOrAType() {
        // U+212A is canonically equivalent to "K"; no name may match through it.
        XCTAssertEqual(error(#"{"jsonrpc":"2.0","id":1,"method":"li\u0073t\u212A"}"#)?["code"], -32601)
        XCTAssertEqual(error(#"{"jsonrpc":"2.0","id":2,"method":"create","params":{"type":"signup\u212A"}}"#)?["code"], -32602)
    }

    func testNulInIdsValuesAndMethodNames() {
        XCTAssertEqual(result(#"{"jsonrpc":"2.0","id":1,"method":"create","params":{"type":"signup","id":"a\u0000b"}}"#)?["id"], "a\u{0}b")
        XCTAssertEqual(error(#"{"jsonrpc":"2.0","id":2,"method":"li\u0000st"}"#)?["code"], -32601)
        let echoed = harness.send(#"{"jsonrpc":"2.0","id":"x\u0000y","method":"list"}"#)
        XCTAssertEqual(echoed.last, #"{"jsonrpc":"2.0","id":"x\u0000y","result":[{"id":"a\u0000b","type":"signup"}]}"#)
    }

    func testParamsNullMeansNoParameters() {
        XCTAssertEqual(result(#"{"jsonrpc":"2.0","id":1,"method":"list","params":null}"#), [])
        XCTAssertEqual(result(#"{"jsonrpc":"2.0","id":2,"method":"signup.viewDidLoad","params":null}"#), .null)
        XCTAssertEqual(result(#"{"jsonrpc":"2.0","id":3,"method":"shutdown","params":null}"#), .null)
        XCTAssertTrue(harness.session.isShutdownRequested)
    }

    func testARejectedImplicitCreationSendsNothingAndCreatesNothing() {
        XCTAssertEqual(harness.send(#"{"jsonrpc":"2.0","id":1,"method":"register.usernameChanged","params":[1]}"#).count, 1, "only the error")
        XCTAssertEqual(harness.send(#"{"jsonrpc":"2.0","id":2,"method":"checkout.paymentAuthorized","params":{"bogus":1}}"#).count, 1)
        XCTAssertEqual(result(#"{"jsonrpc":"2.0","id":3,"method":"list"}"#), [])
        let created = harness.send(#"{"jsonrpc":"2.0","id":4,"method":"register.usernameChanged","params":["a"]}"#)
        XCTAssertTrue(created[0].contains(#""seq":1,"#), "seq was rolled back: \(created[0])")
    }

    func testAdvanceIsCheckedAgainstTheClocksLimit() {
        let limit = SessionConfiguration().maxVirtualMilliseconds
        for ms in ["9223372036854775807", "1e300", "\(limit + 1)"] {
            let answer = error(#"{"jsonrpc":"2.0","id":1,"method":"advance","params":{"ms":\#(ms)}}"#)
            XCTAssertEqual(answer?["code"], -32602, ms)
            XCTAssertEqual(answer?["data"]?["limit"], .integer(limit), ms)
        }
        XCTAssertEqual(result(#"{"jsonrpc":"2.0","id":2,"method":"advance","params":{"ms":1000}}"#), ["now": 1000])
        XCTAssertEqual(result(#"{"jsonrpc":"2.0","id":3,"method":"advance","params":{"ms":\#(limit - 1000)}}"#), ["now": .integer(limit)])
        XCTAssertEqual(error(#"{"jsonrpc":"2.0","id":4,"method":"advance","params":{"ms":1}}"#)?["code"], -32602)
        XCTAssertEqual(result(#"{"jsonrpc":"2.0","id":5,"method":"advance","params":{"ms":0}}"#), ["now": .integer(limit)])
    }

    func testGeneratedIdsAreCountedPerType() {
        for id in 1...3 {
            _ = result(#"{"jsonrpc":"2.0","id":\#(id),"method":"create","params":{"type":"signup"}}"#)
        }
        XCTAssertEqual(result(#"{"jsonrpc":"2.0","id":4,"method":"create","params":{"type":"signin"}}"#)?["id"], "signin")
        XCTAssertEqual(result(#"{"jsonrpc":"2.0","id":5,"method":"create","params":{"type":"signin"}}"#)?["id"], "signin-2")
        let ids = result(#"{"jsonrpc":"2.0","id":6,"method":"list"}"#)?.arrayValue?.compactMap { $0["id"]?.stringValue }
        XCTAssertEqual(ids, ["signup", "signup-2", "signup-3", "signin", "signin-2"])
    }

    func testABatchAnswerIsBoundedAndTheRestIsRefusedUnrun() {
        var configuration = SessionConfiguration()
        configuration.maxBatchResponseBytes = 4096
        harness = SessionHarness(registry: BuiltinCatalog.registry(), configuration: configuration)
        let elements = (0..<50).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"describe"}"# }
            + [#"{"jsonrpc":"2.0","id":"late","method":"create","params":{"type":"signup"}}"#]
        let lines = harness.send("[" + elements.joined(separator: ",") + "]")
        let answers = lines.last.flatMap { try? JSONValue.parse($0) }?.arrayValue ?? []
        XCTAssertEqual(answers.count, 51)
        XCTAssertNotNil(answers[0]["result"], "the first describe fits")
        XCTAssertEqual(answers.last?["error"]?["code"], -32001)
        XCTAssertLessThan(lines.last?.utf8.count ?? .max, 4096 + 40 * 200 + 15_000)
        XCTAssertEqual(result(#"{"jsonrpc":"2.0","id":1,"method":"list"}"#), [], "the refused create did not run")
    }

    func testUnknownNamesStayCheapAndShortWithManyInstances() {
        for index in 0..<500 {
            _ = result(#"{"jsonrpc":"2.0","id":\#(index),"method":"create","params":{"type":"signup","id":"s\#(index)"}}"#)
        }
        let unknown = error(#"{"jsonrpc":"2.0","id":1,"method":"ghost.go"}"#)
        XCTAssertEqual(unknown?["data"]?["instances"]?.arrayValue?.count, 100)
        XCTAssertEqual(unknown?["data"]?["moreInstances"], 400)
        let missing = error(#"{"jsonrpc":"2.0","id":2,"method":"snapshot","params":["nope"]}"#)
        XCTAssertTrue(missing?["message"]?.stringValue?.hasSuffix("… and 480 more") ?? false, "\(String(describing: missing))")
    }
}
