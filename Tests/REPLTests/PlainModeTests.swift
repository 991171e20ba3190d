@testable import REPL
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The REPL with stdin a pipe: the same readable output, no line editing, no prompt.
final class PlainModeTests: XCTestCase {
    func testSignupScenario_ReadableOutputOnly() {
        let (output, status) = PlainHarness.run("""
        signup.viewDidLoad
        signup.nameChanged "Lisa"
        signup.emailChanged lisa@rules.com
        signup.passwordChanged passwrd=x
        signup.passwordChanged password="pa55worD"
        signup.submitButtonPressed
        .snapshot signup

        """)
        XCTAssertEqual(status, 1, "a command failed (passwrd=), so a piped session says so")
        XCTAssertEqual(output, """
        signup.submitButtonEnabled = false
        error -32602: Invalid params: signup.passwordChanged has no parameter 'passwrd'; it takes password
          did you mean `password`?
          expected: passwordChanged(password: string or null)
        signup.submitButtonEnabled = true
        signup.alertMessage = "Successful"
        signup.submitButtonEnabled = true
        signup.alertMessage = "Successful"

        """)
    }

    func testErrors_NearMissAndUnknownCommand() {
        let (output, _) = PlainHarness.run("signup.nameChnged x\n.nope\n")
        XCTAssertEqual(output, """
        error -32601: Method not found: signup has no input 'nameChnged'; its inputs are viewDidLoad, nameChanged, emailChanged, passwordChanged, submitButtonPressed
          did you mean `nameChanged`?
        error: unknown command .nope
          commands are .help .types .new .destroy .list .snapshot .advance .raw .record .stop .timeline .quit; .help explains them

        """)
    }

    /// Piped input is one command a line: JSON over several lines is several broken lines, each
    /// an error about itself, and the lines after them still run.
    func testRawJSON_PassesThroughAndEachPipedLineIsOneCommand() {
        let (output, _) = PlainHarness.run("""
        {"jsonrpc":"2.0","id":"a","method":"signup.viewDidLoad"}
        {
          "method": "list"
        }
        {"jsonrpc":"2.0","id":7,"method":"list"}
        [{"jsonrpc":"2.0","id":1,"method":"snapshot","params":["signup"]}, {"jsonrpc":"2.0","method":"signup.viewDidLoad"}]
        {"jsonrpc":"2.0","method":"signup.viewDidLoad"}
        {oops}

        """)
        XCTAssertEqual(output, """
        signup.submitButtonEnabled = false
        ok
        error -32700: Parse error: JSON premature end of input at line 1, column 1 (byte 1): string or '}' expected near end of file
        error: "method": "list" reads as the rest of JSON from an earlier line, not a command
          piped input is one command a line: write each JSON message on one line
        error: } reads as the rest of JSON from an earlier line, not a command
          piped input is one command a line: write each JSON message on one line
        [{"id":"signup","type":"signup"}]
        signup.submitButtonEnabled = false
        {"submitButtonEnabled":false}
        signup.submitButtonEnabled = false
        error -32700: Parse error: JSON syntax error at line 1, column 5 (byte 5): string or '}' expected near 'oops'

        """)
    }

    func testAsyncOutput_PrintedBeforeExitingAtEndOfInput() {
        let (output, status) = PlainHarness.run("echo.later \"hi\" 100\n")
        XCTAssertEqual(status, 0)
        XCTAssertEqual(output, "echo.echoed = \"hi\"\n")
    }

    func testVirtualClock_AdvanceRunsDueWork() {
        let (output, _) = PlainHarness.run("""
        echo.later "one" 300
        echo.later text="two" afterMs=500
        .advance 299
        .advance 1
        .advance 200

        """, virtualClock: true)
        XCTAssertEqual(output, """
        clock at 299 ms
        echo.echoed = "one"
        clock at 300 ms
        echo.echoed = "two"
        clock at 500 ms

        """)
    }

    func testAdvance_WithoutVirtualClockExplains() {
        let (output, _) = PlainHarness.run(".advance 10\n")
        XCTAssertEqual(output, "error -32004: advance needs the virtual clock: start switchboard with --clock virtual\n")
    }

    func testDotCommands_ThroughHostMethods() {
        let (output, _) = PlainHarness.run("""
        .list
        .new signup as form
        .new signup as form
        .new echo
        .list
        .types
        .destroy form
        .snapshot form
        .quit
        signup.viewDidLoad

        """)
        XCTAssertEqual(output, """
        no instances yet; .new TYPE creates one, and so does calling TYPE.input
        created form, a signup
        error -32003: Instance 'form' already exists; destroy it first or choose another id
        created echo
        form  signup
        echo  echo
        signup        Signup form: enabled when all fields are filled; success needs a valid email; locked after 3 failures.
        register      Registration: enabled when username and password have 8+ characters and nothing is in flight.
        signin        Sign-in validation: email by the shared rule, password 6 to 20 characters, with error texts.
        checkout      Apple Pay checkout: buy presents the sheet, the tokenizer's token is charged by the payment service.
        friendList    The friend list: loads on viewDidLoad, refresh, friendUpdated and after a delete; alerts on a failed delete.
        addFriend     Add a friend: submit enabled when all three fields have text and nothing is saving.
        updateFriend  Update a friend: viewDidLoad sends the title and loads the fields; then as addFriend, saving with an update.
        echo          Says things back, later.
        ask           Asks the client.
        destroyed form
        error -32602: Invalid params: no live instance 'form'; live instances are echo

        """)
    }

    func testHelp_FromTheRegistry() {
        let (output, _) = PlainHarness.run(".help echo\n.help echo.later\n.help nothing\n")
        XCTAssertEqual(output, """
        echo  Says things back, later.
        inputs
          echo.later(text: string, afterMs: integer)  Echo text after a delay.
        outputs
          echoed: string  The text, when its delay is over.
        echo.later(text: string, afterMs: integer)
          Echo text after a delay.
        error: no type, instance or input is called nothing
          .types lists the types, .list the instances

        """)
    }

    func testRaw_ShowsTheWireBothWays() {
        let (output, _) = PlainHarness.run(".raw on\nsignup.nameChanged Lisa\n.raw off\nsignup.nameChanged Bart\n")
        XCTAssertEqual(output, """
        raw on
        > {"jsonrpc":"2.0","id":1,"method":"signup.nameChanged","params":["Lisa"]}
        < {"jsonrpc":"2.0","id":1,"result":null}
        raw off

        """)
    }

    func testRecord_WritesSentAndReceivedLines() throws {
        let path = "/tmp/switchboard-record-\(getpid()).txt"
        defer { unlink(path) }
        let (output, _) = PlainHarness.run(".record \(path)\nsignup.viewDidLoad\n.stop\nsignup.viewDidLoad\n.stop\n")
        XCTAssertEqual(output, """
        recording to \(path); .stop ends it; replay with switchboard test \(path)
        signup.submitButtonEnabled = false
        saved \(path)
        signup.submitButtonEnabled = false
        not recording

        """)
        let file = try XCTUnwrap(fopen(path, "r"))
        defer { fclose(file) }
        var lines: [String] = []
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), file) != nil { lines.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        XCTAssertEqual(lines, [
            "# Recorded by switchboard. Replay: switchboard test \(path)\n",
            #"> {"jsonrpc":"2.0","id":1,"method":"signup.viewDidLoad"}"# + "\n",
            #"< {"jsonrpc":"2.0","method":"output","params":{"vm":"signup","output":"submitButtonEnabled","value":false,"seq":1,"cause":{"kind":"request","id":1,"method":"signup.viewDidLoad"}}}"# + "\n",
            #"< {"jsonrpc":"2.0","id":1,"result":null}"# + "\n",
        ])
    }

    func testClientCall_ShownWithHowToAnswer_AndTheAnswerFeedsTheViewModel() {
        let (output, _) = PlainHarness.run("""
        ask.ask "why?"
        {"jsonrpc":"2.0","id":"sb-1","result":"because"}
        {"jsonrpc":"2.0","id":"sb-1","result":"again"}

        """)
        XCTAssertEqual(output, """
        call sb-1: oracle.ask {"question":"why?"}
          answer with {"jsonrpc":"2.0","id":"sb-1","result":…}
        ask.answer = "because"
        warning: ignored a response with id "sb-1": no call of the daemon's is waiting for it (late, duplicate or unknown)

        """)
    }

    func testShutdown_EndsTheREPL() {
        let (output, status) = PlainHarness.run("shutdown\nsignup.viewDidLoad\n")
        XCTAssertEqual(status, 0)
        XCTAssertEqual(output, "")
    }

    func testColour_AlwaysPaintsEvenInAPipe_AutoDoesNot() {
        XCTAssertEqual(PlainHarness.run("signup.viewDidLoad\n", color: .always).output, "\u{1B}[36msignup.submitButtonEnabled\u{1B}[0m = \u{1B}[32mfalse\u{1B}[0m\n")
        XCTAssertEqual(PlainHarness.run("signup.viewDidLoad\n", color: .auto).output, "signup.submitButtonEnabled = false\n")
    }

    func testPrompt_OnlyWhenAsked() {
        XCTAssertEqual(PlainHarness.run("signup.viewDidLoad\n[]\n", prompt: true).output, """
        switchboard> signup.submitButtonEnabled = false
        switchboard> error -32600: Invalid request: empty batch
        switchboard> 
        """)
    }
}
