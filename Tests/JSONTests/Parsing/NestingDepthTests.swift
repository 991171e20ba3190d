import Foundation
import JSON
import XCTest

/// jansson allows 2048 levels (JSON_PARSER_MAX_DEPTH). The deepest accepted value must
/// convert, serialize, compare, hash and free without exhausting a small stack.
final class NestingDepthTests: XCTestCase {
    func testDepth2048IsAcceptedAnd2049IsTooDeep() throws {
        let deepest = try JSONValue.parse(nestedArrays(depth: 2048))
        XCTAssertEqual(depth(of: deepest), 2048)
        let error = try XCTUnwrap(assertParseFails(nestedArrays(depth: 2049), .tooDeep))
        XCTAssertEqual(error.position, 2049)
    }

    func testDeepObjectsCountTheInnermostValue() {
        // Each value counts as a level, so 2047 objects around a scalar is the limit.
        func objects(_ depth: Int) -> String {
            String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        }
        assertParses(objects(1), ["a": 1])
        XCTAssertNoThrow(try JSONValue.parse(objects(2047)))
        assertParseFails(objects(2048), .tooDeep)
    }

    func testDeepestValueRoundTripsOnASmallStack() throws {
        // 512 KiB is the smallest default thread stack on Swift's platforms (macOS
        // secondary threads); Linux main threads have 8 MiB.
        let bytes = nestedArrays(depth: 2048)
        let finished = expectation(description: "worker finished")
        nonisolated(unsafe) var outcome: (serialized: [UInt8], equal: Bool, hashes: Bool)?
        let worker = Thread {
            if let value = try? JSONValue.parse(bytes), let document = try? JSONDocument.parse(bytes) {
                let again = document.root.value
                outcome = (value.serialized(), value == again, value.hashValue == again.hashValue)
            }
            finished.fulfill()
        }
        worker.stackSize = 512 * 1024
        worker.start()
        wait(for: [finished], timeout: 30)
        let result = try XCTUnwrap(outcome)
        XCTAssertEqual(result.serialized, bytes)
        XCTAssertTrue(result.equal)
        XCTAssertTrue(result.hashes)
    }

    private func depth(of value: JSONValue) -> Int {
        var depth = 0
        var current: JSONValue? = value
        while case .array(let elements)? = current {
            depth += 1
            current = elements.first
        }
        return depth
    }
}
