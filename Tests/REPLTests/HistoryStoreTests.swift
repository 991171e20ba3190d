#if canImport(Glibc)
import Glibc
#endif
@testable import REPL
import XCTest

final class HistoryStoreTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        var template = Array("/tmp/switchboard-history-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
        }
        directory = try XCTUnwrap(made)
    }

    override func tearDown() {
        _ = try? run("rm", "-rf", directory)
    }

    private func run(_ arguments: String...) throws {
        let command = arguments.map { "'\($0)'" }.joined(separator: " ")
        XCTAssertEqual(system(command), 0)
    }

    private func contents(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var text = ""
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), file) != nil { text += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        return text
    }

    private func append(_ text: String, to path: String) {
        guard let file = fopen(path, "a") else { return XCTFail("cannot open \(path)") }
        fputs(text, file)
        fclose(file)
    }

    private func mode(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o777
    }

    // MARK: Location

    func testLocation_OverrideDisablesAndDefaults() {
        XCTAssertEqual(HistoryStore.location(environment: ["SWITCHBOARD_HISTFILE": "/x/h", "XDG_STATE_HOME": "/s", "HOME": "/home/l"]), "/x/h")
        XCTAssertNil(HistoryStore.location(environment: ["SWITCHBOARD_HISTFILE": "", "HOME": "/home/l"]))
        XCTAssertNil(HistoryStore.location(environment: ["SWITCHBOARD_HISTFILE": "/dev/null", "HOME": "/home/l"]))
        XCTAssertEqual(HistoryStore.location(environment: ["XDG_STATE_HOME": "/s", "HOME": "/home/l"]), "/s/switchboard/history")
        XCTAssertEqual(HistoryStore.location(environment: ["XDG_STATE_HOME": "relative", "HOME": "/home/l"]), "/home/l/.local/state/switchboard/history")
        XCTAssertEqual(HistoryStore.location(environment: ["HOME": "/home/l"]), "/home/l/.local/state/switchboard/history")
        XCTAssertNil(HistoryStore.location(environment: [:]))
    }

    // MARK: File

    func testAppend_CreatesDirectoriesAndFileWithMode0600() throws {
        let path = directory + "/state/switchboard/history"
        let store = HistoryStore(path: path)
        try store.load()
        XCTAssertEqual(store.entries, [])
        XCTAssertTrue(try store.append("signup.viewDidLoad"))
        XCTAssertEqual(contents(path), "signup.viewDidLoad\n")
        XCTAssertEqual(mode(path), 0o600)
        XCTAssertEqual(mode(directory + "/state/switchboard"), 0o700)
    }

    func testAppend_ConsecutiveDuplicatesAndBlanksDropped() throws {
        let path = directory + "/history"
        let store = HistoryStore(path: path)
        XCTAssertTrue(try store.append("a"))
        XCTAssertFalse(try store.append("a"))
        XCTAssertFalse(try store.append("  a "))
        XCTAssertFalse(try store.append("   "))
        XCTAssertTrue(try store.append("b"))
        XCTAssertTrue(try store.append("a"))
        XCTAssertEqual(store.entries, ["a", "b", "a"])
        XCTAssertEqual(contents(path), "a\nb\na\n")
    }

    func testAppend_NewlinesBecomeSpaces() throws {
        let store = HistoryStore(path: directory + "/history")
        try store.append("{\n\"a\": 1\n}")
        XCTAssertEqual(store.entries, [#"{ "a": 1 }"#])
    }

    func testAppend_TightensAWiderMode() throws {
        let path = directory + "/history"
        append("old\n", to: path)
        XCTAssertEqual(chmod(path, 0o644), 0)
        try HistoryStore(path: path).append("new")
        XCTAssertEqual(mode(path), 0o600)
        XCTAssertEqual(contents(path), "old\nnew\n")
    }

    func testLoad_SurvivesARestartAndDropsDuplicateRuns() throws {
        let path = directory + "/history"
        let first = HistoryStore(path: path)
        try first.append("one")
        try first.append("two")
        let second = HistoryStore(path: path)
        try second.load()
        XCTAssertEqual(second.entries, ["one", "two"])
        XCTAssertFalse(try second.append("two"))
        append("x\nx\n\ny\n", to: path)
        try second.load()
        XCTAssertEqual(second.entries, ["one", "two", "x", "y"])
    }

    func testLoad_KeepsTheNewestAndCompactsTheFile() throws {
        let path = directory + "/history"
        let writer = HistoryStore(path: path, limit: 1000)
        for index in 1...25 { try writer.append("command \(index)") }
        let reader = HistoryStore(path: path, limit: 10)
        try reader.load()
        XCTAssertEqual(reader.entries.first, "command 16")
        XCTAssertEqual(reader.entries.count, 10)
        XCTAssertEqual(contents(path)?.split(separator: "\n").count, 10)
        XCTAssertEqual(mode(path), 0o600)
    }

    func testErrors_NameTheFile() throws {
        let path = directory + "/history"
        try run("mkdir", path)
        XCTAssertThrowsError(try HistoryStore(path: path).append("x")) { error in
            XCTAssertEqual("\(error)", "cannot open \(path): Is a directory (EISDIR)")
        }
    }
}
