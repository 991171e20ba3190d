import Catalog
import Dispatch
import Host
@testable import REPL
import XCTest

/// The interactive REPL on a real pseudo-terminal: libedit, completion, and output that
/// arrives while a line is half typed. The screen bytes are compared as a terminal gets them.
final class LineEditingTests: XCTestCase {
    /// The REPL running on its own thread, as `run()` blocks like `main` would.
    private final class Running: @unchecked Sendable {
        let repl: REPL
        let finished = DispatchSemaphore(value: 0)
        /// Written before `finished` is signalled, read after.
        var status: Int32 = -1

        init(_ repl: REPL) {
            self.repl = repl
        }

        func start() {
            DispatchQueue(label: "repl under test").async { [self] in
                status = repl.run()
                finished.signal()
            }
        }
    }

    private var pty: PseudoTerminal!
    private var running: Running!

    override func setUpWithError() throws {
        pty = try PseudoTerminal()
        var options = REPLOptions()
        options.input = pty.terminal
        options.output = pty.terminal
        options.color = .never
        options.environment = ["TERM": "xterm"]
        options.catchesSignals = false
        options.history = .off
        running = Running(REPL(registry: .withEcho(BuiltinCatalog.registry()), options: options))
        running.start()
        pty.read(until: "switchboard> ")
    }

    override func tearDown() {
        pty.type(".quit\r")
        XCTAssertEqual(running.finished.wait(timeout: .now() + 5), .success, "the REPL did not quit")
        XCTAssertEqual(running.status, 0)
        running = nil
        pty = nil
    }

    func testAsyncOutput_PrintsAboveTheHalfTypedLineAndKeepsIt() {
        pty.type("echo.later \"hi\" 300\r")
        pty.read(until: "switchboard> ")
        let mark = pty.mark
        pty.type("signup.nameCh")
        // Erase the prompt's row, print the output, draw the prompt and the line again.
        let screen = pty.read(until: "echo.echoed = \"hi\"\r\nswitchboard> signup.nameCh", since: mark)
        XCTAssertTrue(screen.hasSuffix("\r\u{1B}[Jecho.echoed = \"hi\"\r\nswitchboard> signup.nameCh"), "screen: \(screen.debugDescription)")
        // The line is still in libedit's buffer: Enter sends it.
        let after = pty.mark
        pty.type("\r")
        pty.read(until: "switchboard> ", since: after)
        XCTAssertTrue(pty.read(until: "has no input 'nameCh'", since: after, timeout: 0).contains("has no input 'nameCh'"))
    }

    func testAsyncOutput_ErasesEveryRowOfAWrappedLine() {
        pty.type("echo.later \"wrapped\" 200\r")
        pty.read(until: "switchboard> ")
        let mark = pty.mark
        // 13 columns of prompt and 90 of text: two rows on an 80-column terminal.
        let long = "signup.nameChanged \"" + String(repeating: "x", count: 70)
        pty.type(long)
        let screen = pty.read(since: mark) { $0.contains("echoed") && $0.hasSuffix(String(repeating: "x", count: 23)) }
        // Up one row to the prompt's, clear to the end of the screen, print, draw both rows again.
        XCTAssertTrue(screen.contains("\r\u{1B}[1A\u{1B}[Jecho.echoed = \"wrapped\"\r\nswitchboard> signup.nameChanged \"xxx"), "screen: \(screen.debugDescription)")
        pty.type("\u{15}")
    }

    func testAsyncOutputs_ManyKeepTheirOrder() {
        pty.type("echo.later one 100\r")
        pty.read(until: "switchboard> ")
        pty.type("echo.later two 100\r")
        pty.read(until: "switchboard> ")
        pty.type("echo.later three 150\r")
        pty.read(until: "switchboard> ")
        pty.type("half")
        let screen = pty.read { $0.contains("echo.echoed = \"three\"") && $0.hasSuffix("switchboard> half") }
        let order = ["\"one\"", "\"two\"", "\"three\""].compactMap { screen.range(of: $0)?.lowerBound }
        XCTAssertEqual(order.count, 3, "screen: \(screen.debugDescription)")
        XCTAssertEqual(order, order.sorted())
        pty.type("\u{15}")
    }

    func testTab_CompletesTheInputAndShowsItsSignature() {
        pty.type("echo.la\t")
        let screen = pty.read(until: "switchboard> echo.later ")
        XCTAssertTrue(screen.contains("later(text: string, afterMs: integer) — Echo text after a delay."), "screen: \(screen.debugDescription)")
        // After the input, Tab offers its parameter labels.
        let mark = pty.mark
        pty.type("\t")
        let labels = pty.read(until: "switchboard> echo.later ", since: mark)
        XCTAssertTrue(labels.contains("\r\ntext     afterMs\r\n"), "screen: \(labels.debugDescription)")
        pty.type("\u{15}")
    }

    func testTab_ListsTypesWhenAmbiguous() {
        pty.type("sig\t")
        let screen = pty.read(until: "switchboard> sign")
        XCTAssertTrue(screen.contains("signup  signin"), "screen: \(screen.debugDescription)")
        pty.type("u\t")
        pty.read(until: "p.")
        pty.type("\u{15}")
    }

    func testUTF8_EditsByCharacter() {
        pty.type(".raw on\r")
        pty.read(until: "raw on")
        // Two backspaces remove the quote and the whole ë, not a byte of it.
        let mark = pty.mark
        pty.type("signup.nameChanged \"Zoë\"\u{7F}\u{7F}x\"\r")
        XCTAssertTrue(pty.read(until: #""params":["Zox"]"#, since: mark).contains(#""params":["Zox"]"#))
        pty.type(".raw off\r")
        pty.read(until: "raw off")
    }
}
