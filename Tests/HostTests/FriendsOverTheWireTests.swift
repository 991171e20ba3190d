import Catalog
import Foundation
import Host
import JSON
import XCTest

final class FriendsOverTheWireTests: XCTestCase {
    private func output(_ vm: String, _ output: String, _ value: String, seq: Int, cause: String) -> String {
        #"{"jsonrpc":"2.0","method":"output","params":{"vm":"\#(vm)","output":"\#(output)","value":\#(value),"seq":\#(seq),"cause":\#(cause)}}"#
    }

    private func request(_ id: Int, _ method: String) -> String {
        #"{"kind":"request","id":\#(id),"method":"\#(method)"}"#
    }

    private let timer = #"{"kind":"timer"}"#

    private let samples = #"{"kind":"normal","friend":{"id":1,"firstname":"Ada","lastname":"Lovelace","phonenumber":"+44 20 7946 0001"}},{"kind":"normal","friend":{"id":2,"firstname":"Grace","lastname":"Hopper","phonenumber":"+1 202 555 0142"}},{"kind":"normal","friend":{"id":3,"firstname":"Alan","lastname":"Turing","phonenumber":"+44 161 496 0733"}}"#

    func testAddedFriendShowsInTheListOfTheSameSession() {
        let harness = SessionHarness(registry: BuiltinCatalog.registry())
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":1,"method":"create","params":{"type":"friendList","id":"list"}}"#), [
            output("list", "isLoading", "false", seq: 1, cause: request(1, "create")),
            #"{"jsonrpc":"2.0","id":1,"result":{"id":"list","type":"friendList"}}"#,
        ])
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":2,"method":"create","params":{"type":"addFriend","id":"add"}}"#), [
            output("add", "submitButtonEnabled", "false", seq: 2, cause: request(2, "create")),
            output("add", "isLoading", "false", seq: 3, cause: request(2, "create")),
            #"{"jsonrpc":"2.0","id":2,"result":{"id":"add","type":"addFriend"}}"#,
        ])
        harness.send(#"{"jsonrpc":"2.0","id":3,"method":"add.firstnameChanged","params":["Katherine"]}"#)
        harness.send(#"{"jsonrpc":"2.0","id":4,"method":"add.lastnameChanged","params":["Johnson"]}"#)
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":5,"method":"add.phonenumberChanged","params":{"phonenumber":"+1 757 555 0100"}}"#), [
            output("add", "submitButtonEnabled", "true", seq: 4, cause: request(5, "add.phonenumberChanged")),
            #"{"jsonrpc":"2.0","id":5,"result":null}"#,
        ])
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":6,"method":"add.submitButtonTapped"}"#), [
            output("add", "submitButtonEnabled", "false", seq: 5, cause: request(6, "add.submitButtonTapped")),
            output("add", "isLoading", "true", seq: 6, cause: request(6, "add.submitButtonTapped")),
            #"{"jsonrpc":"2.0","id":6,"result":null}"#,
        ])
        assertLines(harness.advance(ms: 100), [
            output("add", "navigateBack", "null", seq: 7, cause: timer),
            output("add", "submitButtonEnabled", "true", seq: 8, cause: timer),
            output("add", "isLoading", "false", seq: 9, cause: timer),
        ])
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":7,"method":"list.refresh"}"#), [
            output("list", "isLoading", "true", seq: 10, cause: request(7, "list.refresh")),
            #"{"jsonrpc":"2.0","id":7,"result":null}"#,
        ])
        let katherine = #"{"kind":"normal","friend":{"id":4,"firstname":"Katherine","lastname":"Johnson","phonenumber":"+1 757 555 0100"}}"#
        assertLines(harness.advance(ms: 100), [
            output("list", "cells", "[\(samples),\(katherine)]", seq: 11, cause: timer),
            output("list", "isLoading", "false", seq: 12, cause: timer),
        ])
    }

    func testUpdateFriendWithoutFriendIdCannotBeCreated() {
        let harness = SessionHarness(registry: BuiltinCatalog.registry())
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":1,"method":"create","params":{"type":"updateFriend","id":"edit"}}"#), [
            #"{"jsonrpc":"2.0","id":1,"error":{"code":-32002,"message":"Could not create 'edit' of type updateFriend: option 'friendId' is required: the id of the friend to update (integer)","data":{"type":"updateFriend","id":"edit","option":"friendId"}}}"#,
        ])
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":2,"method":"create","params":{"type":"updateFriend","id":"edit","options":{"friendId":"2"}}}"#), [
            #"{"jsonrpc":"2.0","id":2,"error":{"code":-32002,"message":"Could not create 'edit' of type updateFriend: option 'friendId' expects integer, got string","data":{"type":"updateFriend","id":"edit","option":"friendId"}}}"#,
        ])
    }

    func testUpdateFriendLoadsTheFriendOnViewDidLoad() {
        let harness = SessionHarness(registry: BuiltinCatalog.registry())
        harness.send(#"{"jsonrpc":"2.0","id":1,"method":"create","params":{"type":"updateFriend","id":"edit","options":{"friendId":2,"latencyMs":50}}}"#)
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":2,"method":"edit.viewDidLoad"}"#), [
            output("edit", "title", #""Update Friend""#, seq: 3, cause: request(2, "edit.viewDidLoad")),
            output("edit", "isLoading", "true", seq: 4, cause: request(2, "edit.viewDidLoad")),
            #"{"jsonrpc":"2.0","id":2,"result":null}"#,
        ])
        assertLines(harness.advance(ms: 50), [
            output("edit", "firstname", #""Grace""#, seq: 5, cause: timer),
            output("edit", "lastname", #""Hopper""#, seq: 6, cause: timer),
            output("edit", "phonenumber", #""+1 202 555 0142""#, seq: 7, cause: timer),
            output("edit", "submitButtonEnabled", "true", seq: 8, cause: timer),
            output("edit", "isLoading", "false", seq: 9, cause: timer),
        ])
    }

    func testClientServiceFailureBecomesAnErrorCellThenAnEmptyList() {
        let harness = SessionHarness(registry: BuiltinCatalog.registry())
        harness.send(#"{"jsonrpc":"2.0","id":1,"method":"create","params":{"type":"friendList","id":"list","options":{"service":"client"}}}"#)
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":2,"method":"list.viewDidLoad"}"#), [
            output("list", "isLoading", "true", seq: 2, cause: request(2, "list.viewDidLoad")),
            #"{"jsonrpc":"2.0","id":"sb-1","method":"friendsService/list","params":{"vm":"list"}}"#,
            #"{"jsonrpc":"2.0","id":2,"result":null}"#,
        ])
        let reply = #"{"kind":"reply","call":"sb-1"}"#
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":"sb-1","error":{"code":1,"message":"offline","data":{"kind":"unreachable"}}}"#), [
            output("list", "cells", #"[{"kind":"error","message":"The server cannot be reached. Check your connection and try again."}]"#, seq: 3, cause: reply),
            output("list", "isLoading", "false", seq: 4, cause: reply),
        ])
        harness.send(#"{"jsonrpc":"2.0","id":3,"method":"list.refresh"}"#)
        let secondReply = #"{"kind":"reply","call":"sb-2"}"#
        assertLines(harness.send(#"{"jsonrpc":"2.0","id":"sb-2","result":[]}"#), [
            output("list", "cells", #"[{"kind":"empty"}]"#, seq: 6, cause: secondReply),
            output("list", "isLoading", "false", seq: 7, cause: secondReply),
        ])
    }

    func testAFileThatIsNotADatabaseFailsCreateAndIsLeftUntouched() throws {
        let path = NSTemporaryDirectory() + "friends-wire-\(getpid()).db"
        let corrupt = Data("not a database, and not ours".utf8)
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: corrupt))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var configuration = SessionConfiguration()
        configuration.settings["dataFile"] = .string(path)
        let harness = SessionHarness(registry: BuiltinCatalog.registry(), configuration: configuration)

        for id in 1...2 {
            assertLines(harness.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"create","params":{"type":"friendList","id":"list"}}"#), [
                #"{"jsonrpc":"2.0","id":\#(id),"error":{"code":-32002,"message":"Could not create 'list' of type friendList: \#(path) is not a SQLite database; give --data-file a new path or a database this program wrote","data":{"type":"friendList","id":"list"}}}"#,
            ])
        }
        XCTAssertEqual(FileManager.default.contents(atPath: path), corrupt)
    }
}
