import JSON
import RPC
import XCTest

/// The JSON-RPC message rules: what is a request, a notification, a response or invalid.
final class MessageParserTests: XCTestCase {
    private func single(_ text: String) -> IncomingMessage? {
        guard case let .single(message) = MessageParser.parse(Array(text.utf8)) else { return nil }
        return message
    }

    func testParamsNullIsNoParameters() {
        guard case let .request(request)? = single(#"{"jsonrpc":"2.0","id":1,"method":"list","params":null}"#) else {
            return XCTFail("expected a request")
        }
        XCTAssertEqual(request.params, RPCParams.none)
    }

    func testOtherScalarParamsAreInvalid() {
        for params in [#""x""#, "true", "1"] {
            guard case let .invalid(id, error)? = single(#"{"jsonrpc":"2.0","id":1,"method":"list","params":\#(params)}"#) else {
                return XCTFail("expected invalid for \(params)")
            }
            XCTAssertEqual(id, 1)
            XCTAssertEqual(error.code, .invalidRequest)
        }
    }

    func testNulInMethodsIdsAndParamKeysIsKept() {
        guard case let .request(request)? = single(#"{"jsonrpc":"2.0","id":"a\u0000b","method":"x\u0000.y","params":{"k\u0000":"v\u0000"}}"#) else {
            return XCTFail("expected a request")
        }
        XCTAssertEqual(request.id, "a\u{0}b")
        XCTAssertEqual(Array(request.method.utf8), Array("x\u{0}.y".utf8))
        XCTAssertEqual(request.params, .object(["k\u{0}": "v\u{0}"]))
    }

    func testABatchOverTheLimitIsOneError() {
        guard case let .unparsable(error) = MessageParser.parse(Array("[1,2,3]".utf8), maxBatch: 2) else {
            return XCTFail("expected one error")
        }
        XCTAssertEqual(error.code, .limitExceeded)
    }
}
