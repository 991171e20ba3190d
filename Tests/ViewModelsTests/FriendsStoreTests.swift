import Foundation
import Glibc
import Signals
import ViewModels
import XCTest

final class FriendsStoreTests: XCTestCase {
    private let scheduler = TestScheduler()
    private var directory = ""
    private var path: String { directory + "/friends.json" }

    private let ada = FriendsStore.sampleFriends[0]
    private let alan = FriendsStore.sampleFriends[2]
    private let katherine = FriendDraft(firstname: "Katherine", lastname: "Johnson", phonenumber: "+1 757 555 0100")

    override func setUpWithError() throws {
        try super.setUpWithError()
        var template = Array(("/" + NSTemporaryDirectory().split(separator: "/").joined(separator: "/") + "/friends-store-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
        }
        directory = try XCTUnwrap(made, "mkdtemp failed")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: directory)
        super.tearDown()
    }

    // MARK: Helpers

    /// Starts `producer`, lets the store's latency pass, and returns what it answered.
    private func run<T>(_ producer: SignalProducer<T, ServiceError>, file: StaticString = #filePath, line: UInt = #line) -> Result<T, ServiceError>? {
        var result: Result<T, ServiceError>?
        producer.startWithResult { result = $0 }
        scheduler.advance(by: 1)
        if result == nil { XCTFail("the store did not answer", file: file, line: line) }
        return result
    }

    private func friends(in store: FriendsStore) -> [Friend]? {
        try? run(store.list())?.get()
    }

    private func bytes(at path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    private func write(_ text: String, to path: String) {
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
    }

    private func assertCorrupt(_ text: String, problem: String, file: StaticString = #filePath, line: UInt = #line) {
        write(text, to: path)
        XCTAssertThrowsError(try FriendsStore(scheduler: scheduler, dataFile: path), file: file, line: line) { error in
            XCTAssertEqual(error as? FriendsStoreFile.Failure, .corrupt(path: path, problem: problem), file: file, line: line)
        }
        XCTAssertEqual(bytes(at: path), Array(text.utf8), "a corrupt file is never written over", file: file, line: line)
    }

    // MARK: In memory

    func testInMemory_StartsWithTheSampleFriendsAndCountsIdsOn() throws {
        let store = FriendsStore(scheduler: scheduler)
        XCTAssertEqual(friends(in: store), FriendsStore.sampleFriends)
        let created = try XCTUnwrap(run(store.create(katherine))).get()
        XCTAssertEqual(created.id, 4)
        XCTAssertEqual(friends(in: store)?.map(\.id), [1, 2, 3, 4])
    }

    func testInMemory_MissingFriendsAreNotFound() {
        let store = FriendsStore(scheduler: scheduler)
        guard case .failure? = run(store.delete(id: 99)) else { return XCTFail("expected a failure") }
        guard case let .failure(error)? = run(store.friend(id: 99)) else { return XCTFail("expected a failure") }
        XCTAssertEqual(error, ServiceError(.notFound, reason: "no friend with id 99"))
    }

    func testAnswering_SharesTheFriendsWithItsOwnLatency() throws {
        let store = FriendsStore(scheduler: scheduler)
        let fast = store.answering(after: 0.01)
        var answered: Friend?
        fast.create(katherine).startWithResult { answered = try? $0.get() }
        scheduler.advance(by: 0.01)
        XCTAssertEqual(answered?.id, 4)
        XCTAssertEqual(friends(in: store)?.last?.firstname, "Katherine")
    }

    // MARK: Persistence

    func testMissingFile_StartsWithTheSampleFriendsAndIsCreatedByTheFirstSave() throws {
        let store = try FriendsStore(scheduler: scheduler, dataFile: path)
        XCTAssertEqual(friends(in: store), FriendsStore.sampleFriends)
        XCTAssertNil(bytes(at: path), "loading does not create the file")
        _ = try XCTUnwrap(run(store.delete(id: 2))).get()
        XCTAssertEqual(
            String(decoding: try XCTUnwrap(bytes(at: path)), as: UTF8.self),
            #"{"version":1,"nextId":4,"friends":[{"id":1,"firstname":"Ada","lastname":"Lovelace","phonenumber":"+44 20 7946 0001"},{"id":3,"firstname":"Alan","lastname":"Turing","phonenumber":"+44 161 496 0733"}]}"# + "\n"
        )
    }

    func testRoundTrip_AcrossTwoStoresOnOneFile() throws {
        let first = try FriendsStore(scheduler: scheduler, dataFile: path)
        let katherine = try XCTUnwrap(run(first.create(katherine))).get()
        _ = try XCTUnwrap(run(first.delete(id: 2))).get()
        let renamed = Friend(id: 1, firstname: "Augusta Ada", lastname: "King", phonenumber: "+44 20 7946 0001")
        _ = try XCTUnwrap(run(first.update(renamed))).get()

        let second = try FriendsStore(scheduler: scheduler, dataFile: path)
        XCTAssertEqual(friends(in: second), [renamed, alan, katherine])
        let next = try XCTUnwrap(run(second.create(FriendDraft(firstname: "Mary", lastname: "Jackson", phonenumber: "1")))).get()
        XCTAssertEqual(next.id, 5, "ids are never reused, even across a restart")
    }

    func testSave_LeavesNoTemporaryFileBehind() throws {
        let store = try FriendsStore(scheduler: scheduler, dataFile: path)
        _ = try XCTUnwrap(run(store.create(katherine))).get()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["friends.json"])
    }

    func testCorruptFile_NotJSON() {
        assertCorrupt(#"{"version":1,"#, problem: "not JSON (JSON premature end of input at line 1, column 13 (byte 13): string or '}' expected near end of file)")
    }

    func testCorruptFile_Empty() {
        assertCorrupt("", problem: "not JSON (JSON empty input at line 1, column 1 (byte 0): no input)")
    }

    func testCorruptFile_WrongShape() {
        assertCorrupt("[]", problem: "expected an object at the top level, found array")
        assertCorrupt(#"{"version":1,"nextId":"4","friends":[]}"#, problem: "expected integer at nextId, found string")
        assertCorrupt(#"{"version":1,"nextId":4}"#, problem: "expected array at friends, found nothing (missing key)")
        assertCorrupt(
            #"{"version":1,"nextId":4,"friends":[{"id":1,"firstname":"Ada","lastname":"Lovelace"}]}"#,
            problem: "expected string at friends[0].phonenumber, found nothing (missing key)"
        )
    }

    func testCorruptFile_UnsupportedVersion() {
        assertCorrupt(#"{"version":2,"nextId":1,"friends":[]}"#, problem: "unsupported version 2 (this build reads version 1)")
    }

    func testCorruptFile_DuplicateIds() {
        assertCorrupt(
            #"{"version":1,"nextId":3,"friends":[{"id":2,"firstname":"A","lastname":"B","phonenumber":"1"},{"id":2,"firstname":"C","lastname":"D","phonenumber":"2"}]}"#,
            problem: "duplicate id 2 (friends[0] and friends[1])"
        )
    }

    func testCorruptFile_NextIdNotPastTheLargestId() {
        assertCorrupt(
            #"{"version":1,"nextId":2,"friends":[{"id":2,"firstname":"A","lastname":"B","phonenumber":"1"}]}"#,
            problem: "nextId 2 is not greater than the largest id 2"
        )
    }

    func testCorruptFile_ErrorNamesThePathAndTheProblem() {
        let failure = FriendsStoreFile.Failure.corrupt(path: "/data/friends.json", problem: "duplicate id 2 (friends[0] and friends[1])")
        XCTAssertEqual(
            failure.description,
            "the friends data file /data/friends.json is corrupt: duplicate id 2 (friends[0] and friends[1]); it was left untouched (repair or remove it)"
        )
    }

    func testUnreadableFile_IsAnErrorNotAFreshStart() throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        XCTAssertThrowsError(try FriendsStore(scheduler: scheduler, dataFile: path)) { error in
            XCTAssertEqual(error as? FriendsStoreFile.Failure, .unreadable(path: path, reason: "read \(path): Is a directory (EISDIR)"))
        }
    }

    func testFailedSave_ParentIsAFile_FailsTheChangeAndRollsBack() throws {
        // A read-only directory (chmod 0555) does not stop root, and tests run as root, so the
        // save is made to fail with ENOTDIR instead: the data file's parent is a regular file.
        let parent = directory + "/not-a-directory"
        write("", to: parent)
        let store = try FriendsStore(scheduler: scheduler, dataFile: parent + "/friends.json")
        guard case let .failure(error)? = run(store.create(katherine)) else { return XCTFail("expected the save to fail") }
        XCTAssertEqual(error.kind, .storage)
        XCTAssertEqual(
            error.reason,
            "the friends data file \(parent)/friends.json could not be saved: create \(parent)/friends.json.tmp-\(getpid()): Not a directory (ENOTDIR)"
        )
        XCTAssertEqual(friends(in: store), FriendsStore.sampleFriends, "memory rolled back")
    }

    func testFailedSave_ExistingFileAndMemoryUnchanged() throws {
        let store = try FriendsStore(scheduler: scheduler, dataFile: path)
        _ = try XCTUnwrap(run(store.delete(id: 3))).get()
        let saved = try XCTUnwrap(bytes(at: path))
        // A directory squatting on the temporary file's name makes the save fail (EISDIR),
        // for root too, while the data file and its directory stay writable.
        let temporary = "\(path).tmp-\(getpid())"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)

        for change in [store.create(katherine).map { _ in () }, store.delete(id: 1), store.update(ada).map { _ in () }] {
            guard case let .failure(error)? = run(change) else { return XCTFail("expected the save to fail") }
            XCTAssertEqual(error.kind, .storage)
        }
        XCTAssertEqual(bytes(at: path), saved, "the file is untouched")
        XCTAssertEqual(friends(in: store), Array(FriendsStore.sampleFriends.prefix(2)), "memory rolled back")

        try FileManager.default.removeItem(atPath: temporary)
        let created = try XCTUnwrap(run(store.create(katherine))).get()
        XCTAssertEqual(created.id, 4, "a failed create does not use up an id")
        XCTAssertEqual(friends(in: try FriendsStore(scheduler: scheduler, dataFile: path)), friends(in: store))
    }
}
