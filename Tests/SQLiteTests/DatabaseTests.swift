import Foundation
import SQLite
import XCTest

/// The wrapper: statements reused, transactions that commit or roll back, typed errors, text
/// read with its length.
final class DatabaseTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "sqlite-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func makeDatabase() throws -> Database {
        let database = try Database(path: directory + "/test.db")
        try database.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        return database
    }

    func testInsertSelectAndStatementReuse() throws {
        let database = try makeDatabase()
        for name in ["a", "b\u{0}c", "é"] {
            try database.statement("INSERT INTO t (name) VALUES (?1)").bind(.text(name)).run()
        }
        let select = try database.statement("SELECT id, name FROM t ORDER BY id")
        var rows: [(Int64, String)] = []
        while try select.step() { rows.append((select.int64(at: 0), select.text(at: 1))) }
        XCTAssertEqual(rows.map(\.0), [1, 2, 3])
        XCTAssertEqual(rows.map(\.1), ["a", "b\u{0}c", "é"], "text keeps an embedded NUL")
        XCTAssertTrue(try database.statement("SELECT id, name FROM t ORDER BY id") === select, "cached")
    }

    func testAFailingTransactionRollsBack() throws {
        let database = try makeDatabase()
        XCTAssertThrowsError(try database.writeTransaction { () throws(SQLiteError) in
            try database.statement("INSERT INTO t (name) VALUES (?1)").bind(.text("kept?")).run()
            try database.statement("INSERT INTO t (name) VALUES (?1)").bind(.null).run()  // NOT NULL
        }) { error in
            XCTAssertEqual((error as? SQLiteError)?.primaryCode, 19, "SQLITE_CONSTRAINT")
            XCTAssertTrue("\(error)".contains("SQLITE_CONSTRAINT"), "\(error)")
        }
        XCTAssertEqual(try database.statement("SELECT count(*) FROM t").firstRow { $0.int64(at: 0) }, 0)
    }

    func testAFileThatIsNotADatabaseIsReportedAsSuch() throws {
        let path = directory + "/not.db"
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        let database = try Database(path: path)
        XCTAssertThrowsError(try database.userVersion()) { error in
            XCTAssertTrue((error as? SQLiteError)?.isNotADatabase ?? false, "\(error)")
        }
    }

    func testASymbolicLinkIsRefused() throws {
        let target = directory + "/real.db"
        _ = try makeDatabase()
        try FileManager.default.moveItem(atPath: directory + "/test.db", toPath: target)
        try FileManager.default.createSymbolicLink(atPath: directory + "/link.db", withDestinationPath: target)
        XCTAssertThrowsError(try Database(path: directory + "/link.db").userVersion())
    }

    func testTwoConnectionsSeeEachOthersCommits() throws {
        let first = try makeDatabase()
        let second = try Database(path: directory + "/test.db")
        try second.setBusyTimeout(milliseconds: 1000)
        try first.writeTransaction { () throws(SQLiteError) in
            try first.statement("INSERT INTO t (name) VALUES (?1)").bind(.text("x")).run()
        }
        XCTAssertEqual(try second.statement("SELECT count(*) FROM t").firstRow { $0.int64(at: 0) }, 1)
        // A one-row read leaves no transaction open: the same connection can write at once.
        try second.writeTransaction { () throws(SQLiteError) in
            try second.statement("INSERT INTO t (name) VALUES (?1)").bind(.text("y")).run()
        }
    }
}
