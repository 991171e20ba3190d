import XCTest
@testable import ViewModels

/// What the PostgreSQL store says about a URL before any connection (the server itself is
/// exercised by `Tests/e2e/test_store_postgres.py`, against a throwaway cluster).
final class PostgresFriendsStorageTests: XCTestCase {
    /// A message names the database and host, never the user information or the query.
    func testAURLIsDescribedWithoutItsCredentialsOrQuery() {
        XCTAssertEqual(PostgresFriendsStorage.describe("postgresql://alice:s3cret@db.example:5433/friends?sslmode=require"), "db.example:5433/friends")
        XCTAssertEqual(PostgresFriendsStorage.describe("postgres://db.example/friends"), "db.example/friends")
        // An "@" in the password: everything up to the last one is user information.
        XCTAssertEqual(PostgresFriendsStorage.describe("postgresql://bob:p@ss@host/db"), "host/db")
    }

    func testAURLWithNothingAfterItsSchemeIsTheEnvironmentsServer() {
        XCTAssertEqual(PostgresFriendsStorage.describe("postgresql://"), "(the server of the environment)")
        XCTAssertEqual(PostgresFriendsStorage.describe("postgresql://?host=/tmp"), "(the server of the environment)")
    }

    /// A key=value connection string is not quoted: it may hold `password=…`.
    func testAConnectionStringIsNeverQuoted() {
        XCTAssertEqual(PostgresFriendsStorage.describe("host=db password=s3cret dbname=friends"), "(the connection string given)")
        XCTAssertEqual(PostgresFriendsStorage.describe(""), "(the connection string given)")
    }
}
