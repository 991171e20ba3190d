import Foundation
import Glibc
import SQLite
import SystemIO
import ViewModels
import XCTest

/// The SQLite engine of the friends store: the file, its mode, sharing between connections,
/// ids, refusals, and failures while running.
final class SQLiteFriendsStorageTests: XCTestCase {
    private var directory = ""
    private var path: String { directory + "/friends.db" }
    private let katherine = FriendDraft(firstname: "Katherine", lastname: "Johnson", phonenumber: "+1 757 555 0100")

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "friends-sqlite-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func mode(_ path: String) -> mode_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : nil
    }

    private func refusal(_ path: String) -> String? {
        do {
            _ = try SQLiteFriendsStorage(path: path)
            return nil
        } catch {
            return error.description
        }
    }

    func testANewDatabaseIsCreated0600WithTheSampleFriendsInWALAtSchemaVersion1() throws {
        let storage = try SQLiteFriendsStorage(path: path)
        XCTAssertEqual(try storage.list(), FriendsStore.sampleFriends)
        XCTAssertEqual(mode(path), 0o600)
        let database = try Database(path: path)
        XCTAssertEqual(try database.userVersion(), SQLiteFriendsStorage.schemaVersion)
        XCTAssertEqual(try database.statement("PRAGMA journal_mode").firstRow { $0.text(at: 0) }, "wal")
    }

    func testClosing_CheckpointsTheLogAwayAndLaterOperationsFailSayingSo() throws {
        let storage = try SQLiteFriendsStorage(path: path)
        let created = try storage.create(katherine)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path + "-wal"), "an open WAL database has its log")
        storage.close()
        // The last connection's close checkpoints the log into the file and removes it.
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-shm"))
        XCTAssertThrowsError(try storage.list()) { error in
            XCTAssertEqual((error as? FriendsStorageFailure)?.description, "the friends database \(path) is closed: the daemon is stopping")
        }
        XCTAssertThrowsError(try storage.create(katherine))
        // Closed, not reopened: nothing was written after the close, and the change before it
        // is in the file.
        XCTAssertEqual(try SQLiteFriendsStorage(path: path).list().last, created)
        XCTAssertEqual(try SQLiteFriendsStorage(path: path).list().count, FriendsStore.sampleFriends.count + 1)
    }

    func testAnExistingFilesModeIsNeverChanged() throws {
        _ = try SQLiteFriendsStorage(path: path)
        XCTAssertEqual(chmod(path, 0o640), 0)
        let storage = try SQLiteFriendsStorage(path: path)
        _ = try storage.create(katherine)
        XCTAssertEqual(mode(path), 0o640)
    }

    func testTwoConnectionsShareOneFile_IdsNeverCollideAndEachSeesTheOthersWrites() throws {
        let first = try SQLiteFriendsStorage(path: path)
        let second = try SQLiteFriendsStorage(path: path)
        let a = try first.create(katherine)
        let b = try second.create(katherine)
        XCTAssertNotEqual(a.id, b.id)
        XCTAssertEqual(try first.list().map(\.id), [1, 2, 3, a.id, b.id])
        XCTAssertTrue(try second.delete(id: b.id))
        XCTAssertEqual(try first.list().count, 4, "the other connection's delete is seen at once")
        let c = try first.create(katherine)
        XCTAssertGreaterThan(c.id, b.id, "a deleted id is never handed out again")
    }

    func testUpdateAndDeleteOfAMissingFriendAnswerFalse() throws {
        let storage = try SQLiteFriendsStorage(path: path)
        XCTAssertFalse(try storage.update(Friend(id: 99, firstname: "", lastname: "", phonenumber: "")))
        XCTAssertFalse(try storage.delete(id: 99))
        XCTAssertNil(try storage.friend(id: 99))
        XCTAssertEqual(try storage.friend(id: 1)?.firstname, "Ada")
    }

    func testPathsThatCannotBeTheDatabaseAreRefusedWithOneSentence() throws {
        XCTAssertEqual(refusal(""), "the path of the friends database is empty")
        XCTAssertEqual(refusal(directory), "the friends database \(directory) is a directory, not a database file")
        XCTAssertEqual(refusal("/dev/null"), "the friends database /dev/null is a character device, not a database file")
        let fifo = directory + "/fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertEqual(refusal(fifo), "the friends database \(fifo) is a FIFO, not a database file")
        let json = directory + "/old.json"
        try Data(#"{"version":1,"nextId":1,"friends":[]}"#.utf8).write(to: URL(fileURLWithPath: json))
        XCTAssertEqual(refusal(json), "\(json) is a JSON friends file from an earlier Switchboard; convert it once with: switchboard friends import \(json) --data-file NEW.db (then use --data-file NEW.db)")
        let junk = directory + "/junk.db"
        try Data(repeating: 7, count: 100).write(to: URL(fileURLWithPath: junk))
        XCTAssertEqual(refusal(junk), "\(junk) is not a SQLite database; give --data-file a new path or a database this program wrote")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: junk)), Data(repeating: 7, count: 100), "never written")
        _ = try SQLiteFriendsStorage(path: path)
        let link = directory + "/link.db"
        XCTAssertEqual(symlink(path, link), 0)
        XCTAssertEqual(refusal(link), "the friends database \(link) is a symbolic link; refused, so that a planted link cannot redirect the store (give the real path)")
        XCTAssertEqual(refusal(directory + "/missing/friends.db")?.hasPrefix("the friends database \(directory)/missing/friends.db cannot be created: No such file or directory (ENOENT)"), true)
    }

    func testAFileOfANewerSchemaIsRefused() throws {
        _ = try SQLiteFriendsStorage(path: path)
        try Database(path: path).execute("PRAGMA user_version = 99")
        XCTAssertEqual(refusal(path)?.contains("written by a newer Switchboard (schema 99; this build knows 1)"), true, refusal(path) ?? "")
    }

    func testAFileReplacedByADirectoryFailsUntilTheCauseIsGone() throws {
        let storage = try SQLiteFriendsStorage(path: path)
        _ = try storage.create(katherine)
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        XCTAssertThrowsError(try storage.create(katherine)) { error in
            XCTAssertEqual("\(error)", "the friends database \(path) was replaced by another file while the daemon was running; the next change uses what is there now")
        }
        XCTAssertThrowsError(try storage.list()) { error in
            XCTAssertEqual("\(error)", "the friends database \(path) is a directory, not a database file")
        }
        try FileManager.default.removeItem(atPath: path)
        XCTAssertEqual(try storage.list(), FriendsStore.sampleFriends, "the path is free again: a new database")
    }

    func testARemovedFileFailsOnceThenANewDatabaseIsUsed() throws {
        let storage = try SQLiteFriendsStorage(path: path)
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        XCTAssertThrowsError(try storage.create(katherine)) { error in
            XCTAssertTrue("\(error)".contains("was removed while the daemon was running"), "\(error)")
        }
        XCTAssertEqual(try storage.create(katherine).id, 4)
        XCTAssertEqual(mode(path), 0o600)
    }

    func testImportKeepsIdsAndRetiresIdsUpToNextId() throws {
        let storage = try SQLiteFriendsStorage(path: path, seed: [])
        try storage.importFriends([Friend(id: 7, firstname: "A", lastname: "B", phonenumber: "1")], nextID: 12)
        XCTAssertEqual(try storage.list().map(\.id), [7])
        XCTAssertEqual(try storage.create(katherine).id, 12)
        XCTAssertThrowsError(try storage.importFriends([], nextID: 1)) { error in
            XCTAssertEqual("\(error)", "the friends database \(path) already holds 2 friends; import into a new file")
        }
    }

    func testTextRoundTripsExactly() throws {
        let storage = try SQLiteFriendsStorage(path: path)
        let odd = FriendDraft(firstname: "e\u{301}", lastname: "nul\u{0}inside", phonenumber: "☎️")
        let created = try storage.create(odd)
        let read = try XCTUnwrap(try storage.friend(id: created.id))
        XCTAssertEqual(Array(read.firstname.utf8), Array("e\u{301}".utf8))
        XCTAssertEqual(Array(read.lastname.utf8), Array("nul\u{0}inside".utf8))
        XCTAssertEqual(read.phonenumber, "☎️")
    }
}
