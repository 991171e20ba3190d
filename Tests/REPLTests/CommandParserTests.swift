import Host
import JSON
@testable import REPL
import XCTest

final class CommandParserTests: XCTestCase {
    private func parse(_ line: String, file: StaticString = #filePath, line number: UInt = #line) -> ParsedLine? {
        switch CommandParser.parse(line) {
        case let .success(parsed): return parsed
        case let .failure(error):
            XCTFail("unexpected parse error: \(error.message)", file: file, line: number)
            return nil
        }
    }

    private func error(_ line: String, file: StaticString = #filePath, line number: UInt = #line) -> ParseError? {
        switch CommandParser.parse(line) {
        case let .success(parsed):
            XCTFail("expected an error, got \(parsed)", file: file, line: number)
            return nil
        case let .failure(error): return error
        }
    }

    // MARK: Calls

    func testCall_PositionalJSONArguments() {
        XCTAssertEqual(parse(#"signup.nameChanged "Lisa""#), .call(method: "signup.nameChanged", arguments: .positional(["Lisa"])))
        XCTAssertEqual(parse(#"x.y 42 -1.5 true null [1, "a b"] {"k": {"v": 1}}"#), .call(method: "x.y", arguments: .positional([
            42, .double(-1.5), true, .null, [1, "a b"], ["k": ["v": 1]],
        ])))
    }

    func testCall_BareWordIsAString() {
        XCTAssertEqual(parse("signup.nameChanged Lisa"), .call(method: "signup.nameChanged", arguments: .positional(["Lisa"])))
        XCTAssertEqual(parse("signup.emailChanged lisa@rules.com"), .call(method: "signup.emailChanged", arguments: .positional(["lisa@rules.com"])))
        XCTAssertEqual(parse("x.y 007 it's"), .call(method: "x.y", arguments: .positional(["007", "it's"])))
    }

    func testCall_UnicodeArgument() {
        XCTAssertEqual(parse(#"signup.nameChanged "Zoë 🐙""#), .call(method: "signup.nameChanged", arguments: .positional(["Zoë 🐙"])))
    }

    func testCall_ByLabel() {
        XCTAssertEqual(parse(#"signup.nameChanged name="Lisa""#), .call(method: "signup.nameChanged", arguments: .labelled(["name": "Lisa"])))
        XCTAssertEqual(parse(#"x.y name=Lisa Simpson=2"#), .call(method: "x.y", arguments: .labelled(["name": "Lisa", "Simpson": 2])))
        XCTAssertEqual(parse(#"x.y text="a b" n=null"#), .call(method: "x.y", arguments: .labelled(["text": "a b", "n": .null])))
    }

    func testCall_NoArgumentsHasNoParams() {
        XCTAssertEqual(parse("  signup.viewDidLoad  "), .call(method: "signup.viewDidLoad", arguments: .none))
        XCTAssertNil(CallArguments.none.params)
        XCTAssertEqual(CallArguments.positional(["a"]).params, ["a"])
        XCTAssertEqual(CallArguments.labelled(["a": 1]).params, ["a": 1])
    }

    func testCall_HostMethodWithoutDot() {
        XCTAssertEqual(parse("list"), .call(method: "list", arguments: .none))
        XCTAssertEqual(parse("destroy id=signup"), .call(method: "destroy", arguments: .labelled(["id": "signup"])))
    }

    func testCall_MixingPositionsAndLabelsIsAnError() {
        XCTAssertEqual(error(#"x.y "a" name=b"#)?.message, "arguments are either all by position or all by label")
    }

    func testCall_BrokenJSONIsAnError() {
        XCTAssertEqual(error(#"x.y "unterminated"#)?.hint, "quote text with double quotes: \"like this\"")
        XCTAssertNotNil(error("x.y [1,]"))
        XCTAssertNotNil(error("x.y {a}"))
    }

    func testCall_LabelWithoutValueOrTwiceIsAnError() {
        XCTAssertEqual(error("x.y name=")?.message, "'name=' has no value")
        XCTAssertEqual(error("x.y a=1 a=2")?.message, "'a' is given twice")
    }

    // MARK: Raw JSON-RPC

    func testRaw_ObjectOrBatchPassesThroughUnchanged() {
        let line = #"{"jsonrpc":"2.0", "id":1,"method":"signup.viewDidLoad"}"#
        XCTAssertEqual(parse("  " + line + " "), .raw(line))
        XCTAssertEqual(parse("[]"), .raw("[]"))
        XCTAssertEqual(parse("{not json"), .raw("{not json"))
    }

    func testEmpty() {
        XCTAssertEqual(parse(""), .empty)
        XCTAssertEqual(parse(" \t "), .empty)
    }

    // MARK: Dot commands

    func testMeta_EachCommand() {
        XCTAssertEqual(parse(".help"), .meta(.help(topic: nil)))
        XCTAssertEqual(parse(".help signup.nameChanged"), .meta(.help(topic: "signup.nameChanged")))
        XCTAssertEqual(parse(".types"), .meta(.types))
        XCTAssertEqual(parse(".new signup"), .meta(.new(type: "signup", id: nil, options: nil)))
        XCTAssertEqual(parse(".new signup as form"), .meta(.new(type: "signup", id: "form", options: nil)))
        XCTAssertEqual(parse(#".new register as r {"latencyMs": 10}"#), .meta(.new(type: "register", id: "r", options: ["latencyMs": 10])))
        XCTAssertEqual(parse(".destroy form"), .meta(.destroy(id: "form")))
        XCTAssertEqual(parse(".list"), .meta(.list))
        XCTAssertEqual(parse(".snapshot signup"), .meta(.snapshot(id: "signup")))
        XCTAssertEqual(parse(".advance 300"), .meta(.advance(ms: 300)))
        XCTAssertEqual(parse(".advance 2.5"), .meta(.advance(ms: 2.5)))
        XCTAssertEqual(parse(".raw on"), .meta(.raw(true)))
        XCTAssertEqual(parse(".raw off"), .meta(.raw(false)))
        XCTAssertEqual(parse(".raw"), .meta(.raw(nil)))
        XCTAssertEqual(parse(".record /tmp/session.txt"), .meta(.record(path: "/tmp/session.txt")))
        XCTAssertEqual(parse(".stop"), .meta(.stop))
        XCTAssertEqual(parse(".quit"), .meta(.quit))
        XCTAssertEqual(parse(".exit"), .meta(.quit))
    }

    func testMeta_UsageErrors() {
        XCTAssertEqual(error(".new")?.message, "usage: .new TYPE [as ID] [{options}]")
        XCTAssertEqual(error(".new signup as")?.message, "usage: .new TYPE [as ID] [{options}]")
        XCTAssertEqual(error(".new signup [1]")?.message, "the options of .new must be a JSON object, got [1]")
        XCTAssertEqual(error(".snapshot")?.message, "usage: .snapshot ID")
        XCTAssertEqual(error(".advance -5")?.message, "usage: .advance MS")
        XCTAssertEqual(error(".advance soon")?.message, "usage: .advance MS")
        XCTAssertEqual(error(".raw maybe")?.message, "usage: .raw on|off")
        XCTAssertEqual(error(".record")?.message, "usage: .record FILE")
        XCTAssertEqual(error(".list all")?.message, "usage: .list")
    }

    func testBareNumbersAndBooleansFitTheDeclaredType() {
        let phone = [ParameterDescription(label: "phonenumber", typeName: "string", schema: [:], acceptsNull: false)]
        let lookup: (String) -> [ParameterDescription]? = { $0 == "a.phonenumberChanged" ? phone : nil }
        XCTAssertEqual(try CommandParser.parse("a.phonenumberChanged 0612345678", parameters: lookup).get(),
                       .call(method: "a.phonenumberChanged", arguments: .positional(["0612345678"])))
        XCTAssertEqual(try CommandParser.parse("a.phonenumberChanged 5551234", parameters: lookup).get(),
                       .call(method: "a.phonenumberChanged", arguments: .positional(["5551234"])))
        XCTAssertEqual(try CommandParser.parse("a.phonenumberChanged phonenumber=true", parameters: lookup).get(),
                       .call(method: "a.phonenumberChanged", arguments: .labelled(["phonenumber": "true"])))
        // Quoted, or for a parameter that takes numbers, a number stays a number.
        XCTAssertEqual(try CommandParser.parse(#"a.phonenumberChanged "5551234""#, parameters: lookup).get(),
                       .call(method: "a.phonenumberChanged", arguments: .positional(["5551234"])))
        let count = [ParameterDescription(label: "by", typeName: "integer", schema: [:], acceptsNull: false)]
        XCTAssertEqual(try CommandParser.parse("c.increment 2", parameters: { _ in count }).get(),
                       .call(method: "c.increment", arguments: .positional([2])))
        // Where both would fit, the person is asked to say which.
        let either = [ParameterDescription(label: "value", typeName: "string or integer", schema: [:], acceptsNull: false)]
        let failure = CommandParser.parse("x.set 42", parameters: { _ in either }).failureValue
        XCTAssertEqual(failure?.message, "42 could be text or an integer for 'value' (string or integer)")
        XCTAssertEqual(failure?.hint, #"write "42" for the text, or value=42 with a JSON integer in a raw message"#)
    }

    func testMeta_ANearMissSuggestsTheCommand() {
        let failure = error(".tpyes")
        XCTAssertEqual(failure?.message, "unknown command .tpyes")
        XCTAssertEqual(failure?.hint, "did you mean .types? .help lists the commands")
    }

    func testBareWords_HelpQuitExitAndQuestionMark() {
        XCTAssertEqual(try CommandParser.parse("help").get(), .meta(.help(topic: nil)))
        XCTAssertEqual(try CommandParser.parse(" ? ").get(), .meta(.help(topic: nil)))
        XCTAssertEqual(try CommandParser.parse("quit").get(), .meta(.quit))
        XCTAssertEqual(try CommandParser.parse("exit").get(), .meta(.quit))
        // Only alone on the line: a method call that happens to start with them is a call.
        XCTAssertEqual(try CommandParser.parse("help.me 1").get(), .call(method: "help.me", arguments: .positional([1])))
    }

    func testBareWords_HelpWithATopicAndPsqlHabits() {
        XCTAssertEqual(try CommandParser.parse("help signup").get(), .meta(.help(topic: "signup")))
        XCTAssertEqual(try CommandParser.parse("? signup.nameChanged").get(), .meta(.help(topic: "signup.nameChanged")))
        XCTAssertEqual(try CommandParser.parse(#"\?"#).get(), .meta(.help(topic: nil)))
        XCTAssertEqual(try CommandParser.parse(#"\q"#).get(), .meta(.quit))
        XCTAssertEqual(error("help a b")?.hint, ".help [type|instance|x.input]")
        // Habits with no command of their own here get a pointer to what does it.
        XCTAssertEqual(error("clear")?.message, "clear is not a command here")
        XCTAssertEqual(error("clear")?.hint, "Ctrl-L clears the screen; .help lists the commands")
        XCTAssertEqual(error(#"\dt"#)?.message, #"\dt is not a command here: commands start with a dot"#)
        // `quit now` is not the bare word: it reads as a call, which the session refuses.
        XCTAssertEqual(try CommandParser.parse("quit now").get(), .call(method: "quit", arguments: .positional(["now"])))
    }

    func testMeta_UnknownCommand() {
        let failure = error(".bogus")
        XCTAssertEqual(failure?.message, "unknown command .bogus")
        XCTAssertEqual(failure?.hint, "commands are .help .types .new .destroy .list .snapshot .advance .raw .record .stop .timeline .quit; .help explains them")
    }

    // MARK: Requests

    func testRequestEncoder_WireText() {
        XCTAssertEqual(
            RequestEncoder.request(id: 3, method: "signup.nameChanged", params: ["Lisa"]),
            #"{"jsonrpc":"2.0","id":3,"method":"signup.nameChanged","params":["Lisa"]}"#
        )
        XCTAssertEqual(RequestEncoder.request(id: "repl", method: "list", params: nil), #"{"jsonrpc":"2.0","id":"repl","method":"list"}"#)
    }

    func testRequestEncoder_DotCommandsAreHostMethods() {
        func call(_ command: MetaCommand) -> String? {
            RequestEncoder.hostCall(for: command).map { "\($0.method) \($0.params?.serializedString() ?? "-")" }
        }
        XCTAssertEqual(call(.types), "describe -")
        XCTAssertEqual(call(.help(topic: nil)), "describe -")
        XCTAssertEqual(call(.new(type: "signup", id: nil, options: nil)), #"create {"type":"signup"}"#)
        XCTAssertEqual(call(.new(type: "signup", id: "f", options: ["a": 1])), #"create {"type":"signup","id":"f","options":{"a":1}}"#)
        XCTAssertEqual(call(.destroy(id: "f")), #"destroy {"id":"f"}"#)
        XCTAssertEqual(call(.list), "list -")
        XCTAssertEqual(call(.snapshot(id: "f")), #"snapshot {"id":"f"}"#)
        XCTAssertEqual(call(.advance(ms: 300)), #"advance {"ms":300}"#)
        XCTAssertEqual(call(.advance(ms: 0.5)), #"advance {"ms":0.5}"#)
        XCTAssertNil(call(.raw(true)))
        XCTAssertNil(call(.record(path: "x")))
        XCTAssertNil(call(.stop))
        XCTAssertNil(call(.quit))
    }

    // MARK: Words

    func testTokenizer_KeepsJSONValuesWhole() {
        let words = ArgumentTokenizer.words(#"x.y  "a b"  [1, [2, 3]] k={"v": "} ]"} tail"#).map(\.text)
        XCTAssertEqual(words, ["x.y", #""a b""#, "[1, [2, 3]]", #"k={"v": "} ]"}"#, "tail"])
    }

    func testTokenizer_EndsBetweenWords() {
        XCTAssertFalse(ArgumentTokenizer.endsBetweenWords(""))
        XCTAssertFalse(ArgumentTokenizer.endsBetweenWords("signup.na"))
        XCTAssertTrue(ArgumentTokenizer.endsBetweenWords("signup.nameChanged "))
        XCTAssertFalse(ArgumentTokenizer.endsBetweenWords(#"x.y "open "#))
        XCTAssertTrue(ArgumentTokenizer.endsBetweenWords("   "))
    }
}

extension Result {
    /// The failure, if this is one (tests read errors with it).
    var failureValue: Failure? {
        if case let .failure(error) = self { return error }
        return nil
    }
}
