import Foundation
import ViewModels
import XCTest

/// The JSON data file of earlier versions, read only by `switchboard friends import`.
final class LegacyFriendsFileTests: XCTestCase {
    private var directory = ""
    private var path: String { directory + "/friends.json" }

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "legacy-friends-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func assertCorrupt(_ text: String, problem: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)), file: file, line: line)
        XCTAssertThrowsError(try LegacyFriendsFile(path: path).load(), file: file, line: line) { error in
            XCTAssertEqual(error as? LegacyFriendsFile.Failure, .corrupt(path: path, problem: problem), file: file, line: line)
        }
    }

    func testAValidFileLoadsWithItsNextId() throws {
        let contents = LegacyFriendsFile.Contents(friends: [Friend(id: 4, firstname: "A", lastname: "B", phonenumber: "1")], nextID: 9)
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(LegacyFriendsFile.encode(contents))))
        XCTAssertEqual(try LegacyFriendsFile(path: path).load(), contents)
        XCTAssertNil(try LegacyFriendsFile(path: directory + "/missing.json").load())
    }

    func testCorruptFilesNameTheProblem() {
        assertCorrupt(#"{"version":1,"#, problem: "not JSON (JSON premature end of input at line 1, column 13 (byte 13): string or '}' expected near end of file)")
        assertCorrupt("[]", problem: "expected an object at the top level, found array")
        assertCorrupt(#"{"version":1,"nextId":"4","friends":[]}"#, problem: "expected integer at nextId, found string")
        assertCorrupt(#"{"version":2,"nextId":1,"friends":[]}"#, problem: "unsupported version 2 (this build reads version 1)")
        assertCorrupt(
            #"{"version":1,"nextId":3,"friends":[{"id":2,"firstname":"A","lastname":"B","phonenumber":"1"},{"id":2,"firstname":"C","lastname":"D","phonenumber":"2"}]}"#,
            problem: "duplicate id 2 (friends[0] and friends[1])"
        )
        assertCorrupt(
            #"{"version":1,"nextId":2,"friends":[{"id":2,"firstname":"A","lastname":"B","phonenumber":"1"}]}"#,
            problem: "nextId 2 is not greater than the largest id 2"
        )
    }

    func testAFIFOIsRefusedWithoutWaitingForAWriter() throws {
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        XCTAssertThrowsError(try LegacyFriendsFile(path: path).load()) { error in
            XCTAssertEqual(error as? LegacyFriendsFile.Failure, .unreadable(path: path, reason: "read \(path): a FIFO, not a regular file"))
        }
    }
}
