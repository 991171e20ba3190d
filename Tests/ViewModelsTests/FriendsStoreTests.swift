import Foundation
import Glibc
import Signals
import ViewModels
import XCTest

final class FriendsStoreTests: XCTestCase {
    private let scheduler = TestScheduler()
    private var directory = ""

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

    // MARK: In memory

    func testInMemory_StartsWithTheSampleFriendsAndCountsIdsOn() throws {
        let store = FriendsStore(scheduler: scheduler)
        XCTAssertEqual(friends(in: store), FriendsStore.sampleFriends)
        let created = try XCTUnwrap(run(store.create(katherine))).get()
        XCTAssertEqual(created.id, 4)
        XCTAssertEqual(friends(in: store)?.map(\.id), [1, 2, 3, 4])
    }

    func testClosing_AFileStoreFailsLaterOperationsAsStorageErrors_AMemoryStoreKeepsWorking() throws {
        let path = directory + "/friends.db"
        var logged: [String] = []
        let store = FriendsStore(storage: try SQLiteFriendsStorage(path: path), scheduler: scheduler, log: { logged.append($0) })
        // Every view of the store shares its storage: closing one closes it for all.
        let view = store.answering(after: 0.5)
        XCTAssertEqual(friends(in: view), FriendsStore.sampleFriends)
        store.close()
        guard case let .failure(error)? = run(view.list()) else { return XCTFail("expected a failure") }
        XCTAssertEqual(error.kind, .storage)
        XCTAssertEqual(logged, ["the friends database \(path) is closed: the daemon is stopping"])

        let memory = FriendsStore(scheduler: scheduler)
        memory.close()
        XCTAssertEqual(friends(in: memory), FriendsStore.sampleFriends)
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

    // MARK: Failures

    func testAFailingStorage_IsAStorageErrorAndIsLogged() throws {
        final class Broken: FriendsStorage {
            func list() throws(FriendsStorageFailure) -> [Friend] { throw FriendsStorageFailure("the disk is full") }
            func friend(id: Int) throws(FriendsStorageFailure) -> Friend? { throw FriendsStorageFailure("the disk is full") }
            func create(_ draft: FriendDraft) throws(FriendsStorageFailure) -> Friend { throw FriendsStorageFailure("the disk is full") }
            func update(_ friend: Friend) throws(FriendsStorageFailure) -> Bool { throw FriendsStorageFailure("the disk is full") }
            func delete(id: Int) throws(FriendsStorageFailure) -> Bool { throw FriendsStorageFailure("the disk is full") }
        }
        final class Log: @unchecked Sendable { var lines: [String] = [] }
        let log = Log()
        let store = FriendsStore(storage: Broken(), scheduler: scheduler, log: { log.lines.append($0) })
        guard case let .failure(error)? = run(store.create(katherine)) else { return XCTFail("expected a failure") }
        XCTAssertEqual(error, ServiceError(.storage, reason: "the disk is full"))
        XCTAssertEqual(log.lines, ["the disk is full"])
    }
}
