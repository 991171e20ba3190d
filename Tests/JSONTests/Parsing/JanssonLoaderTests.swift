import CJansson
import Dispatch
@testable import JSON
import XCTest

/// The arenas jansson's trees are parsed into (`Sources/CJansson/cjansson.c`), through the
/// loader every parse goes through.
final class JanssonLoaderTests: XCTestCase {
    private func load(_ text: String) throws -> ParsedTree {
        try Array(text.utf8).withUnsafeBytes { raw in try JanssonLoader.load(raw).tree }
    }

    func testARequestsTreeTakesOneBlockOfItsArena() throws {
        let tree = try load(#"{"jsonrpc":"2.0","id":7,"method":"signup.passwordChanged","params":{"vm":"signup-1","password":"hunter22"}}"#)
        defer { tree.release() }
        XCTAssertNotNil(tree.arena)
        XCTAssertEqual(tree.arenaBytes, 4096)
        XCTAssertEqual(JanssonTree.value(of: tree.root, restoring: nil)["params"]?["password"], "hunter22")
    }

    func testALargeDocumentChainsBlocksAndStaysWithinABoundOfItsSize() throws {
        let long = String(repeating: "ab\u{e9}", count: 70_000)
        let members = (0..<5_000).map { #""key\#($0)":\#($0)"# }.joined(separator: ",")
        let text = #"{"long":"\#(long)","many":{\#(members)},"list":[\#((0..<5_000).map(String.init).joined(separator: ","))]}"#
        let tree = try load(text)
        defer { tree.release() }
        let value = JanssonTree.value(of: tree.root, restoring: nil)
        XCTAssertEqual(value["long"]?.stringValue, long)
        XCTAssertEqual(value["many"]?["key4999"], 4999)
        XCTAssertEqual(value["many"]?.objectValue?.count, 5_000)
        XCTAssertEqual(value["list"]?[4_999], 4999)
        // More than one block, and bounded: jansson's own nodes for this text (about 4× its
        // length: 1.52 MB here on 2026-11-25), with the string buffers and hash tables it
        // outgrew freed during the load rather than kept until the release (kept, they made
        // the arena 4.19 MB).
        XCTAssertGreaterThan(tree.arenaBytes, 4096)
        XCTAssertLessThanOrEqual(tree.arenaBytes, 5 * text.utf8.count, "arena of \(tree.arenaBytes) bytes for \(text.utf8.count) bytes of text")
    }

    func testDocumentsKeptAliveStayIntactWhileOthersAreParsedAndReleased() throws {
        var kept: [JSONDocument] = []
        for index in 0..<200 {
            kept.append(try JSONDocument.parse(#"{"index":\#(index),"name":"document number \#(index)"}"#))
            for other in 0..<5 {
                let dropped = try JSONDocument.parse(#"{"index":-\#(other),"name":"a document that is dropped at once"}"#)
                XCTAssertEqual(dropped.root["index"]?.int64Value, Int64(-other))
            }
        }
        for (index, document) in kept.enumerated() {
            XCTAssertEqual(document.root["index"]?.int64Value, Int64(index))
            XCTAssertEqual(document.root["name"]?.stringValue, "document number \(index)")
        }
    }

    func testATreeParsedOnOneThreadIsReleasedOnAnother() throws {
        let handOff = DispatchQueue(label: "release")
        let group = DispatchGroup()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for index in 0..<500 {
                guard let document = try? JSONDocument.parse(#"{"worker":\#(worker),"index":\#(index)}"#) else {
                    return XCTFail("parse failed")
                }
                XCTAssertEqual(document.root["index"]?.int64Value, Int64(index))
                group.enter()
                handOff.async {
                    XCTAssertEqual(document.root["worker"]?.int64Value, Int64(worker))
                    group.leave()
                }
            }
        }
        group.wait()
    }

    func testAFailedParseLeavesNothingAndTheNextParseWorks() throws {
        for _ in 0..<100 {
            XCTAssertThrowsError(try load(#"{"a":[1,2,"unterminated"#))
        }
        let tree = try load(#"{"after":"errors"}"#)
        defer { tree.release() }
        XCTAssertEqual(JanssonTree.value(of: tree.root, restoring: nil)["after"], "errors")
    }

    func testJanssonUsedDirectlyOutsideALoadStillAllocatesWithMalloc() throws {
        // Installs the arena's allocation functions, process-wide.
        try load("[1]").release()
        guard let object = json_object() else { return XCTFail("json_object returned NULL") }
        XCTAssertEqual(json_object_set_new(object, "key", json_string("value")), 0)
        XCTAssertEqual(json_object_get(object, "key").flatMap { json_string_value($0) }.map { String(cString: $0) }, "value")
        guard let dumped = json_dumps(object, 0) else { return XCTFail("json_dumps returned NULL") }
        XCTAssertEqual(String(cString: dumped), #"{"key": "value"}"#)
        // Both came from `malloc`: AddressSanitizer reports a bad free if they did not.
        free(dumped)
        json_decref(object)
    }
}
