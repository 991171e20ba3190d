#!/usr/bin/env python3
"""Writes the seed corpus (Fuzz/corpus/) and nothing else; run it after editing the seeds below.

Each seed is one settings byte (see Sources/SessionFuzzer/FuzzPlan.swift) followed by the bytes
a client sends. Most settings bytes are printable, so the files read as text:
  '0' end of input, then a 120 s advance        '1' the same, advancing 0 ms after each frame
  '7' ... 100 ms after each frame               '?' ... 31 s after each frame (client timeouts)
  'p' '0' fed in small chunks                   ' ' no end of input, only the final advance
  '@' chunks, nothing else                      0xB0 / 0xF0  '0' / 'p' with a 256-byte line limit
Files stay under 4096 bytes (the fuzzer's -max_len).
"""
import json
import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "corpus")


def req(id, method, params=None):
    message = {"jsonrpc": "2.0", "id": id, "method": method}
    if params is not None:
        message["params"] = params
    return json.dumps(message, separators=(",", ":"))


def note(method, params=None):
    message = {"jsonrpc": "2.0", "method": method}
    if params is not None:
        message["params"] = params
    return json.dumps(message, separators=(",", ":"))


def reply(id, result=None, error=None):
    message = {"jsonrpc": "2.0", "id": id}
    if error is not None:
        message["error"] = error
    else:
        message["result"] = result
    return json.dumps(message, separators=(",", ":"))


def lines(*items):
    return "".join(item + "\n" for item in items).encode()


SEEDS = {}


def seed(name, settings, body):
    data = bytes([settings if isinstance(settings, int) else ord(settings)]) + body
    assert len(data) <= 4096, (name, len(data))
    assert name not in SEEDS, name
    SEEDS[name] = data


# --- Every built-in type, every input --------------------------------------------------------
seed("signup-flow", "1", lines(
    req(1, "signup.viewDidLoad"),
    req(2, "signup.nameChanged", ["Lisa"]),
    req(3, "signup.emailChanged", {"email": "lisa@rocket.com"}),
    req(4, "signup.passwordChanged", ["password"]),
    req(5, "signup.submitButtonPressed"),
    req(6, "snapshot", {"id": "signup"}),
))
seed("signup-lockout", "0", lines(
    req(1, "signup.viewDidLoad", []),
    req(2, "signup.nameChanged", [None]),
    req(3, "signup.nameChanged", {"name": "x"}),
    req(4, "signup.emailChanged", ["not-an-email"]),
    req(5, "signup.passwordChanged", ["p"]),
    req(6, "signup.submitButtonPressed", {}),
    req(7, "signup.submitButtonPressed", []),
    req(8, "signup.submitButtonPressed"),
    req(9, "signup.emailChanged", ["ok@ok.com"]),
    req(10, "signup.submitButtonPressed"),
))
seed("register-builtin", "7", lines(
    req(1, "create", {"type": "register", "id": "r", "options": {"latencyMs": 50, "outcome": "token", "token": "t"}}),
    req(2, "r.usernameChanged", ["mariano@zerously.com"]),
    req(3, "r.passwordChanged", {"password": "pa55worD"}),
    req(4, "r.registerButtonPressed"),
    req(5, "advance", {"ms": 300}),
    req(6, "r.registerButtonPressed"),
    req(7, "destroy", {"id": "r"}),
))
seed("register-outcomes", "0", lines(
    req(1, "create", {"type": "register", "id": "a", "options": {"outcome": "noToken", "latencyMs": 0}}),
    req(2, "create", {"type": "register", "id": "b", "options": {"outcome": "failure", "reason": "Nope"}}),
    req(3, "a.usernameChanged", ["username1"]), req(4, "a.passwordChanged", ["password1"]),
    req(5, "a.registerButtonPressed"),
    req(6, "b.usernameChanged", ["username1"]), req(7, "b.passwordChanged", ["password1"]),
    req(8, "b.registerButtonPressed"),
    req(9, "advance", [1000]),
    req(10, "b.usernameChanged", [None]),
))
seed("register-client-reply", "0", lines(
    req(1, "create", {"type": "register", "id": "r", "options": {"service": "client"}}),
    req(2, "r.usernameChanged", ["mariano@zerously.com"]),
    req(3, "r.passwordChanged", ["pa55worD"]),
    req(4, "r.registerButtonPressed"),
    reply("sb-1", {"token": "from-the-client"}),
    reply("sb-1", {"token": "twice"}),
    req(5, "r.registerButtonPressed"),
    reply("sb-2", error={"code": 1, "message": "Dunno.", "data": {"kind": "unauthorized"}}),
))
seed("register-client-timeout", "?", lines(
    req(1, "create", ["register", "r", {"service": "client"}]),
    req(2, "r.usernameChanged", ["username1"]),
    req(3, "r.passwordChanged", ["password1"]),
    req(4, "r.registerButtonPressed"),
    reply("sb-1", {"token": "too late"}),
    req(5, "r.registerButtonPressed"),
    req(6, "destroy", ["r"]),
    reply("sb-2", None),
))
seed("register-client-pending-at-end", "0", lines(
    req(1, "create", {"type": "register", "options": {"service": "client"}}),
    req(2, "create", {"type": "register", "options": {"service": "client"}}),
    req(3, "register.usernameChanged", ["username1"]), req(4, "register.passwordChanged", ["password1"]),
    req(5, "register.registerButtonPressed"),
    req(6, "register-2.usernameChanged", ["username2"]), req(7, "register-2.passwordChanged", ["password2"]),
    req(8, "register-2.registerButtonPressed"),
    reply("sb-2", error={"code": -32000, "message": "down", "data": {"kind": "unreachable"}}),
))
seed("signin-flow", "1", lines(
    req(1, "signin.emailChanged", ["bad"]),
    req(2, "signin.passwordChanged", ["12345"]),
    req(3, "signin.emailChanged", {"email": "a@b.co"}),
    req(4, "signin.passwordChanged", {"password": "123456789012345678901"}),
    req(5, "signin.passwordChanged", ["secret1"]),
    req(6, "snapshot", ["signin"]),
))
seed("checkout-cancel", "0", lines(
    req(1, "checkout.viewDidLoad"),
    req(2, "checkout.buyButtonPressed"),
    req(3, "checkout.tokenCreated", [None, None]),
    req(4, "checkout.paymentSheetFinished"),
))
seed("checkout-pay", "7", lines(
    req(1, "create", {"type": "checkout", "id": "c", "options": {"product": {"name": "Mug", "amount": 900, "currency": "EUR"}, "latencyMs": 10}}),
    req(2, "c.viewDidLoad"),
    req(3, "c.buyButtonPressed"),
    req(4, "c.paymentAuthorized"),
    req(5, "c.tokenCreated", {"token": "tok_123", "error": None}),
    req(6, "advance", {"ms": 500}),
    req(7, "c.paymentSheetFinished"),
))
seed("checkout-failure", "0", lines(
    req(1, "create", {"type": "checkout", "id": "c", "options": {"outcome": "failure", "reason": "Declined"}}),
    req(2, "c.viewDidLoad"), req(3, "c.buyButtonPressed"), req(4, "c.paymentAuthorized"),
    req(5, "c.tokenCreated", ["tok", "tokenizer failed"]),
    req(6, "c.tokenCreated", ["tok", None]),
    req(7, "c.paymentSheetFinished"),
))
seed("checkout-client-service", "0", lines(
    req(1, "create", {"type": "checkout", "id": "c", "options": {"service": "client"}}),
    req(2, "c.viewDidLoad"), req(3, "c.buyButtonPressed"), req(4, "c.paymentAuthorized"),
    req(5, "c.tokenCreated", ["tok", None]),
    reply("sb-1", {}),
    req(6, "c.buyButtonPressed"), req(7, "c.paymentAuthorized"), req(8, "c.tokenCreated", ["tok2", None]),
    reply("sb-2", error={"code": 402, "message": "no money"}),
))
seed("checkout-bad-options", "0", lines(
    req(1, "create", {"type": "checkout", "options": {"product": {"name": "x", "amount": -1, "currency": "USD"}}}),
    req(2, "create", {"type": "checkout", "options": {"outcome": "maybe"}}),
    req(3, "create", {"type": "checkout", "options": {"latencyMs": -5}}),
    req(4, "create", {"type": "checkout", "options": {"service": "nobody"}}),
    req(5, "create", {"type": "register", "options": {"bogus": 1}}),
    req(6, "create", {"type": "signup", "options": {"a": 1}}),
    req(7, "create", {"type": "register", "options": {"latencyMs": "fast"}}),
    req(8, "create", {"type": "register", "options": []}),
))

# --- Host methods ----------------------------------------------------------------------------
seed("host-methods", "0", lines(
    req(1, "describe"), req(2, "list"), req(3, "rpc.discover"),
    req(4, "create", {"type": "signup", "id": "s"}), req(5, "create", {"type": "signup", "id": "s"}),
    req(6, "snapshot", {"id": "s"}), req(7, "destroy", {"id": "s"}), req(8, "destroy", {"id": "s"}),
    req(9, "list", []), req(10, "advance", {"ms": 0}),
))
seed("host-method-errors", "0", lines(
    req(1, "create"), req(2, "create", {"type": "sigup"}), req(3, "create", {"type": 3}),
    req(4, "create", {"type": "signup", "id": "a.b"}), req(5, "create", {"type": "signup", "id": ""}),
    req(6, "create", {"type": "signup", "id": "rpc"}), req(7, "create", {"type": "signup", "extra": 1}),
    req(8, "create", ["signup", "x", {}, 4]), req(9, "destroy"), req(10, "snapshot", {"id": 7}),
    req(11, "advance", {"ms": -1}), req(12, "advance", {"ms": "10"}), req(13, "lst"), req(14, "rpc.other"),
    req(15, "nope"), req(16, "nobody.nameChanged"), req(17, "signup.nameChange", ["x"]),
    req(18, "signup.nameChanged", [1]), req(19, "signup.nameChanged", ["a", "b"]),
    req(20, "signup.nameChanged", {"nom": "a"}), req(21, "signup."), req(22, ".x"), req(23, ""),
))
seed("shutdown-then-more", "0", lines(
    req(1, "signup.viewDidLoad"), req(2, "shutdown"), req(3, "list"),
))
seed("advance-extremes", "0", lines(
    req(1, "create", {"type": "register", "id": "r", "options": {"latencyMs": 1e300}}),
    req(2, "r.usernameChanged", ["username1"]), req(3, "r.passwordChanged", ["password1"]),
    req(4, "r.registerButtonPressed"),
    req(5, "advance", {"ms": 1.5}), req(6, "advance", {"ms": 1e308}), req(7, "advance", {"ms": 1e308}),
    req(8, "advance", {"ms": 5e-324}),
))
seed("instance-limit", "0", lines(*[req(i, "create", {"type": "signin"}) for i in range(1, 11)],
                                   req(11, "list")))
seed("pending-call-limit", "0", lines(*[
    line for i in range(1, 7) for line in (
        req(f"c{i}", "create", {"type": "register", "id": f"r{i}", "options": {"service": "client"}}),
        req(f"u{i}", f"r{i}.usernameChanged", ["username1"]),
        req(f"p{i}", f"r{i}.passwordChanged", ["password1"]),
        req(f"b{i}", f"r{i}.registerButtonPressed"),
    )
]))

# --- Batches, notifications, client responses ------------------------------------------------
seed("batch-mixed", "0", lines("[" + ",".join([
    req(1, "signup.nameChanged", ["a"]), note("signup.emailChanged", ["b@c.de"]),
    req(2, "list"), "1", '{"jsonrpc":"2.0"}', "[]", req(3, "nobody.x"),
    reply("sb-9", 1), '{"jsonrpc":"2.0","id":[1],"method":"list"}',
]) + "]"))
seed("batch-notifications-only", "0", lines("[" + ",".join([
    note("signup.viewDidLoad"), note("signup.nameChanged", ["n"]), note("nothing.here"),
]) + "]"))
seed("batch-empty-and-nested", "0", lines("[]", "[[]]", "[[],[]]", " [ ] ", "[1,2,3]", '[{"id":1}]'))
seed("batch-over-limit", "0", lines("[" + ",".join(req(i, "list") for i in range(17)) + "]",
                                    "[" + ",".join(note("list") for i in range(16)) + "]"))
seed("batch-shutdown", "0", lines("[" + ",".join([req(1, "list"), req(2, "shutdown"), req(3, "list")]) + "]",
                                  req(4, "list")))
seed("notifications", "1", lines(
    note("signup.viewDidLoad"), note("signup.nameChanged", ["x"]), note("nope"),
    note("create", {"type": "signin"}), '{"jsonrpc":"2.0","method":"list","params":1}',
))
seed("client-responses-stray", "0", lines(
    reply("sb-1", 1), reply("sb-0", error={"code": "x"}), reply(1, None), reply(None, {}),
    '{"jsonrpc":"2.0","id":"sb-1","result":1,"error":{}}', '{"jsonrpc":"2.0","id":"sb-1","error":7}',
    '{"jsonrpc":"2.0","id":"sb-1"}', '{"jsonrpc":"2.0","result":1}',
))

# --- Envelope errors and hostile ids ----------------------------------------------------------
seed("envelope-wrong-types", "0", lines(
    '{"id":1,"method":"list"}', '{"jsonrpc":"1.0","id":1,"method":"list"}', '{"jsonrpc":2.0,"id":1,"method":"list"}',
    '{"jsonrpc":null,"id":1,"method":"list"}', '{"jsonrpc":"2.0","id":1,"method":1}',
    '{"jsonrpc":"2.0","id":1,"method":null}', '{"jsonrpc":"2.0","id":1,"method":["list"]}',
    '{"jsonrpc":"2.0","id":1,"method":"list","params":"x"}', '{"jsonrpc":"2.0","id":1,"method":"list","params":null}',
    '{"jsonrpc":"2.0","id":1,"method":"list","params":3}', '{"jsonrpc":"2.0","id":1}', '{}', '1', '"s"', 'null',
    'true', '{"jsonrpc":"2.0","id":1,"id":2,"method":"list"}', '{"jsonrpc":"2.0","method":"list","method":7,"id":3}',
))
seed("ids-hostile", "0", lines(
    '{"jsonrpc":"2.0","id":9223372036854775807,"method":"list"}',
    '{"jsonrpc":"2.0","id":-9223372036854775808,"method":"list"}',
    '{"jsonrpc":"2.0","id":9223372036854775808,"method":"list"}',
    '{"jsonrpc":"2.0","id":-1.5,"method":"list"}', '{"jsonrpc":"2.0","id":-0,"method":"list"}',
    '{"jsonrpc":"2.0","id":-0.0,"method":"list"}', '{"jsonrpc":"2.0","id":1e308,"method":"list"}',
    '{"jsonrpc":"2.0","id":1E-400,"method":"list"}', '{"jsonrpc":"2.0","id":1e400,"method":"list"}',
    '{"jsonrpc":"2.0","id":null,"method":"list"}', '{"jsonrpc":"2.0","id":true,"method":"list"}',
    '{"jsonrpc":"2.0","id":{"a":1},"method":"list"}', '{"jsonrpc":"2.0","id":[],"method":"nope"}',
    '{"jsonrpc":"2.0","id":"","method":"list"}', '{"jsonrpc":"2.0","id":"sb-1","method":"list"}',
    '{"jsonrpc":"2.0","id":"\\u2028\\n\\"\\\\\\ud83d\\ude00\\u0001","method":"list"}',
    '{"jsonrpc":"2.0","id":"' + "x" * 300 + '","method":"list"}',
    '{"jsonrpc":"2.0","id":"\\ud800","method":"list"}',
))
seed("strings-hostile", "0", lines(
    req(1, "signup.nameChanged", ["\u2028\u2029\x7f\"\\/\t\u00e9\U0001F600"]),
    '{"jsonrpc":"2.0","id":2,"method":"signup.nameChanged","params":["\\u0000"]}',
    '{"jsonrpc":"2.0","id":3,"method":"signup.na\\u006deChanged","params":["x"]}',
    '{"jsonrpc":"2.0","id":4,"method":"signup\\u002enameChanged","params":["y"]}',
    '{"jsonrpc":"2.0","id":5,"method":"\\ud83d\\ude00.x"}', '{"jsonrpc":"2.0","id":6,"method":"sig\\u0000nup.x"}',
    req(7, "create", {"type": "signup", "id": "\U0001F600"}), req(8, "\U0001F600.viewDidLoad"),
))
seed("params-deep", "0", lines(
    '{"jsonrpc":"2.0","id":1,"method":"signup.nameChanged","params":[' + "[" * 1000 + "]" * 1000 + "]}",
    '{"jsonrpc":"2.0","id":2,"method":"create","params":{"type":"signup","options":' + '{"a":' * 300 + "1" + "}" * 300 + "}}",
))

# --- Text that is not JSON: every parse-error category ----------------------------------------
seed("json-syntax-errors", "0", lines(
    "{", "}", "[1,]", '{"a":}', "{'a':1}", "nul", "tru", "01", "1.", ".5", "-", "+1", "0x10", '"unterminated',
    '{"a" 1}', '{"jsonrpc":"2.0","id":1,"method":"list"} trailing', '{"a":1}{"b":2}', "NaN", "Infinity",
    '"\\x41"', '"\\u12"', '"tab\there"', "// comment",
))
seed("json-too-deep", "0", lines("[" * 2049, "{\"a\":" * 300))
seed("json-numbers-out-of-range", "0", lines(
    "123456789012345678901234567890", "-99999999999999999999", "1e400", "-1e99999",
    '{"jsonrpc":"2.0","id":1,"method":"signup.nameChanged","params":[1e999]}',
    '{"jsonrpc":"2.0","id":2,"method":"advance","params":{"ms":18446744073709551616}}',
))
seed("nul-bytes", "0", b'{"jsonrpc":"2.0","id":1,"method":"list"}\x00\n\x00\n'
                       b'{"jsonrpc":"2.0","id":2,"method":"li\x00st"}\n["\x00"]\n')
seed("invalid-utf8", "0", b'{"jsonrpc":"2.0","id":1,"method":"signup.nameChanged","params":["\xff"]}\n'
                          b'{"jsonrpc":"2.0","id":2,"method":"list","x":"\xc0\xaf"}\n'
                          b'{"jsonrpc":"2.0","id":3,"method":"list","x":"\xed\xa0\x80"}\n'
                          b'{"jsonrpc":"2.0","id":4,"method":"list","x":"\xe2\x82"}\n'
                          b'{"jsonrpc":"2.0","id":5,"method":"list","x":"\xf4\x90\x80\x80"}\n'
                          b'\xef\xbb\xbf{"jsonrpc":"2.0","id":6,"method":"list"}\n\xfe\xff\n')
seed("premature-end", "0", lines('{"jsonrpc":"2.0","id":1,"method":', "[", '"', '{"a":[1,2'))
seed("line-endings", "p", b'{"jsonrpc":"2.0","id":1,"method":"list"}\r\n\r\n   \n\t\r\n'
                          b'{"jsonrpc":"2.0","id":2,"method":"list"}\r\r\n \x0c \n'
                          b'{"jsonrpc":"2.0","id":3,"method":"list"}')
seed("chunked-flow", "p", lines(
    req(1, "signup.viewDidLoad"), req(2, "signup.nameChanged", ["Lisa"]),
    req(3, "create", {"type": "register", "id": "r"}), req(4, "r.usernameChanged", ["abcdefgh"]),
))
seed("no-end-of-input", " ", lines(
    req(1, "create", {"type": "register", "id": "r", "options": {"service": "client"}}),
    req(2, "r.usernameChanged", ["username1"]), req(3, "r.passwordChanged", ["password1"]),
    req(4, "r.registerButtonPressed"),
))
seed("nothing-but-frames", 0x00, lines(req(1, "signup.viewDidLoad"), req(2, "list")))
seed("chunks-only", "@", lines(req(1, "describe"), req(2, "list")))

# --- Lines over the limit (256-byte mode) ----------------------------------------------------
seed("line-too-long", 0xB0, lines(
    req(1, "signup.nameChanged", ["x" * 300]), req(2, "list"), " " * 400, req(3, "list"),
    "{" + "\r" * 257,
) + b"y" * 600)
seed("line-too-long-chunked", 0xF0, lines(
    req(1, "list"), '{"jsonrpc":"2.0","id":2,"method":"' + "m" * 250 + '"}', req(3, "list"),
    "x" * 256 + "\r", "z" * 257 + "\r",
))


def main():
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    os.makedirs(OUT)
    for name, data in sorted(SEEDS.items()):
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)
    print(f"{len(SEEDS)} seeds, {sum(map(len, SEEDS.values()))} bytes in {os.path.relpath(OUT)}")


if __name__ == "__main__":
    main()
