import ArgumentParser
import Catalog
@testable import Switchboard
import XCTest

/// The command line `Switchboard.main` gives an application: what runs without options, what
/// the parser makes of the daemon's options, and that every command is named after the
/// application.
final class CommandLineTests: XCTestCase {
    override func setUp() {
        Application.running.withLock {
            $0 = Application(identity: ServerIdentity(name: "search-box", title: "Search", version: "2.1.0"), registry: BuiltinCatalog.registry())
        }
    }

    override func tearDown() {
        Application.running.withLock { $0 = nil }
    }

    /// Only a command line with no option at all skips the parser.
    func testOnlyADaemonWithoutOptionsRunsWithoutTheParser() {
        XCTAssertEqual(WireProtocol.withoutOptions([]), .jsonrpc)
        XCTAssertEqual(WireProtocol.withoutOptions(["serve"]), .jsonrpc)
        XCTAssertEqual(WireProtocol.withoutOptions(["mcp"]), .mcp)
        for arguments in [["serve", "--framing", "lsp"], ["mcp", "--help"], ["--version"], ["repl"], ["test", "x"], ["serv"], ["serve", "serve"], ["--clock", "virtual"]] {
            XCTAssertNil(WireProtocol.withoutOptions(arguments), "\(arguments)")
        }
    }

    /// What the parser makes of `serve` and `mcp` without options is exactly the defaults the
    /// path without the parser runs with.
    func testTheParsersDefaultsAreThePathWithoutIt() throws {
        let serve = try XCTUnwrap(RootCommand.parseAsRoot(["serve"]) as? Serve)
        XCTAssertEqual(serve.daemon.settings(face: serve.face), ServerSettings())
        XCTAssertNil(serve.daemon.recordPath)
        let mcp = try XCTUnwrap(RootCommand.parseAsRoot(["mcp"]) as? Mcp)
        var expected = ServerSettings()
        expected.face = .mcp
        XCTAssertEqual(mcp.daemon.settings(face: .mcp), expected)
        // With no subcommand the parser's default is serve, as without it.
        XCTAssertTrue(try RootCommand.parseAsRoot([]) is Serve)
    }

    func testOptionsReachTheSettings() throws {
        let serve = try XCTUnwrap(RootCommand.parseAsRoot(["serve", "--framing", "lsp", "--max-instances", "7", "--clock", "virtual", "--log-level", "debug"]) as? Serve)
        let settings = serve.daemon.settings(face: serve.face)
        XCTAssertEqual(settings.framing, .contentLength)
        XCTAssertEqual(settings.maxInstances, 7)
        XCTAssertEqual(settings.clock, .virtual)
        XCTAssertEqual(settings.logLevel, .debug)
        XCTAssertThrowsError(try RootCommand.parseAsRoot(["serve", "--max-instances", "0"]))
        XCTAssertThrowsError(try RootCommand.parseAsRoot(["serve", "--spin-microseconds", "50"]))
    }

    func testEveryCommandIsNamedAfterTheApplication() {
        XCTAssertEqual(RootCommand.configuration.commandName, "search-box")
        XCTAssertEqual(RootCommand.configuration.version, "2.1.0")
        XCTAssertTrue(RootCommand.configuration.discussion.contains("| search-box"))
        XCTAssertEqual(Serve.configuration.usage, "search-box serve [<options>]")
        XCTAssertEqual(Mcp.configuration.usage, "search-box mcp [<options>]")
        XCTAssertEqual(Repl.configuration.usage, "search-box repl [<options>]")
        XCTAssertEqual(TestCommand.configuration.usage, "search-box test <paths> ... [<options>]")
        XCTAssertTrue(RootCommand.helpMessage().contains("search-box"))
    }

    func testTheSessionReportsTheApplicationsIdentity() {
        let identity = ServerIdentity(name: "search-box", title: "Search", version: "2.1.0")
        XCTAssertEqual(ServerSettings().sessionConfiguration(identity: identity).identity, identity)
    }
}
