#!/usr/bin/env python3
"""A table of hostile lines sent to one daemon over real pipes. For each: the exact error
answer, then proof that the daemon still serves and that earlier state is intact.
Run: python3 Tests/e2e/test_hostile.py  (SWITCHBOARD=binary). Ends with 'N passed, M failed'."""

import sys
import unittest

from harness import Daemon, main

SETUP = [
    b'{"jsonrpc":"2.0","id":"s1","method":"signup.viewDidLoad"}',
    b'{"jsonrpc":"2.0","id":"s2","method":"signup.nameChanged","params":["Lisa"]}',
    b'{"jsonrpc":"2.0","id":"s3","method":"signup.emailChanged","params":["lisa@rules.com"]}',
    b'{"jsonrpc":"2.0","id":"s4","method":"signup.passwordChanged","params":["password123"]}',
]
STATE = {"submitButtonEnabled": True}

def parse_error(category, message):
    return {"code": -32700, "category": category, "message": message}

def invalid(message):
    return {"code": -32600, "message": "Invalid request: " + message}

# (name, line, expected): expected is a dict of the error, a list of responses (batches),
# or None for "no answer at all".
CASES = [
    ("syntax", b'{"jsonrpc":', parse_error("prematureEnd", None)),
    ("garbage", b'{"jsonrpc":"2.0"} x', parse_error("syntax", None)),
    ("bare word", b'hello', parse_error("syntax", "Parse error: JSON syntax error at line 1, column 5 (byte 5): invalid token near 'hello'")),
    ("invalid utf-8", b'{"jsonrpc":"2.0","id":1,"method":"\xc0\xaf"}', parse_error("invalidUTF8", None)),
    ("nul byte raw", b'{"jsonrpc":"2.0","id":1,"method":"list"}\x00', parse_error("nulByte", None)),
    ("nul escaped is valid JSON", b'{"jsonrpc":"2.0","id":1,"method":"li\\u0000st"}', {"code": -32601}),
    ("lone surrogate", b'{"jsonrpc":"2.0","id":1,"method":"\\ud800"}', parse_error("syntax", None)),
    ("too deep", b'[' * 2049 + b']' * 2049, parse_error("tooDeep", None)),
    ("number out of range id", b'{"jsonrpc":"2.0","id":9223372036854775808,"method":"list"}', parse_error("numberOutOfRange", None)),
    ("real overflow", b'{"jsonrpc":"2.0","id":1e999,"method":"list"}', parse_error("numberOutOfRange", None)),
    ("scalar", b'42', invalid("expected a JSON object, got integer")),
    ("string", b'"list"', invalid("expected a JSON object, got string")),
    ("null", b'null', invalid("expected a JSON object, got null")),
    ("missing jsonrpc", b'{"id":1,"method":"list"}', invalid('missing "jsonrpc": "2.0"')),
    ("jsonrpc number", b'{"jsonrpc":2,"id":1,"method":"list"}', invalid("'jsonrpc' must be the string \"2.0\", got 2")),
    ("jsonrpc 1.0", b'{"jsonrpc":"1.0","id":1,"method":"list"}', invalid("'jsonrpc' must be the string \"2.0\", got \"1.0\"")),
    ("method number", b'{"jsonrpc":"2.0","id":1,"method":1}', invalid("'method' must be a string, got integer")),
    ("method null", b'{"jsonrpc":"2.0","id":1,"method":null}', invalid("'method' must be a string, got null")),
    ("method missing", b'{"jsonrpc":"2.0","id":1}', invalid("missing 'method'")),
    ("method empty", b'{"jsonrpc":"2.0","id":1,"method":""}', {"code": -32601}),
    ("method only dot", b'{"jsonrpc":"2.0","id":1,"method":"."}', {"code": -32601, "message": "Method not found: no instance or view-model type named '' (in '.')"}),
    ("params string", b'{"jsonrpc":"2.0","id":1,"method":"list","params":"x"}', invalid("'params' must be an array or an object, got string")),
    ("params bool", b'{"jsonrpc":"2.0","id":1,"method":"list","params":true}', invalid("'params' must be an array or an object, got boolean")),
    ("id object", b'{"jsonrpc":"2.0","id":{},"method":"list"}', invalid("'id' must be a string, a number or null, got object")),
    ("id array", b'{"jsonrpc":"2.0","id":[1],"method":"list"}', invalid("'id' must be a string, a number or null, got array")),
    ("id bool", b'{"jsonrpc":"2.0","id":true,"method":"list"}', invalid("'id' must be a string, a number or null, got boolean")),
    ("unknown instance", b'{"jsonrpc":"2.0","id":1,"method":"ghost.go"}', {"code": -32601, "message": "Method not found: no instance or view-model type named 'ghost' (in 'ghost.go')"}),
    ("unknown input", b'{"jsonrpc":"2.0","id":1,"method":"signup.go"}', {"code": -32601}),
    ("too many params", b'{"jsonrpc":"2.0","id":1,"method":"signup.viewDidLoad","params":[1]}', {"code": -32602, "message": "Invalid params: signup.viewDidLoad takes no parameters (viewDidLoad()), got 1"}),
    ("wrong type", b'{"jsonrpc":"2.0","id":1,"method":"signin.emailChanged","params":[null]}', {"code": -32602, "message": "Invalid params: parameter 'email' of signin.emailChanged expects string, got null"}),
    ("missing required", b'{"jsonrpc":"2.0","id":1,"method":"signin.emailChanged","params":{}}', {"code": -32602, "message": "Invalid params: signin.emailChanged is missing parameter 'email' (string)"}),
    ("deep params", b'{"jsonrpc":"2.0","id":1,"method":"signup.nameChanged","params":[' + b'[' * 2000 + b']' * 2000 + b']}', {"code": -32602, "message": "Invalid params: parameter 'name' of signup.nameChanged expects string or null, got array"}),
    ("rpc reserved", b'{"jsonrpc":"2.0","id":1,"method":"create","params":{"type":"signup","id":"rpc"}}', {"code": -32602, "message": "Invalid params: instance id 'rpc' is reserved by JSON-RPC"}),
    ("empty batch", b'[]', invalid("empty batch")),
    ("notification to nowhere", b'{"jsonrpc":"2.0","method":"ghost.go"}', None),
    ("response to nothing", b'{"jsonrpc":"2.0","id":"sb-77","result":1}', None),
    ("blank", b'   ', None),
]

IDS = [
    (b'-5', -5), (b'0', 0), (b'1.5', 1.5), (b'-0.25', -0.25), (b'1e300', 1e300),
    (b'9223372036854775807', 9223372036854775807), (b'-9223372036854775808', -9223372036854775808),
    (b'"\xc3\xa9\xe2\x82\xac"', "é€"), (b'""', ""), (b'null', None),
]


class HostileLines(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.daemon = Daemon()
        for line in SETUP:
            cls.daemon.send(line)
        _, state = cls.daemon.probe()
        assert state == STATE, state

    @classmethod
    def tearDownClass(cls):
        assert cls.daemon.close()[0] == 0

    def check(self, name, line, expected):
        self.daemon.send(line)
        answers, state = self.daemon.probe()
        self.assertEqual(state, STATE, f"{name}: earlier state lost")
        if expected is None:
            self.assertEqual(answers, [], f"{name}: expected no answer")
            return
        self.assertEqual(len(answers), 1, f"{name}: {answers}")
        answer = answers[0]
        self.assertEqual(answer["jsonrpc"], "2.0")
        error = answer["error"]
        self.assertEqual(error["code"], expected["code"], f"{name}: {error}")
        if expected.get("message"):
            self.assertEqual(error["message"], expected["message"], name)
        if expected.get("category"):
            self.assertEqual(error["data"]["category"], expected["category"], f"{name}: {error}")
            self.assertIsNone(answer["id"], name)

    def test_table(self):
        for name, line, expected in CASES:
            with self.subTest(name):
                self.check(name, line, expected)

    def test_ids_of_every_legal_type_are_echoed_exactly(self):
        for raw, value in IDS:
            with self.subTest(raw):
                self.daemon.send(b'{"jsonrpc":"2.0","id":' + raw + b',"method":"list"}')
                answers, _ = self.daemon.probe()
                self.assertEqual(answers, [{"jsonrpc": "2.0", "id": value, "result": [{"id": "signup", "type": "signup"}]}])

    def test_100_mib_line_is_skipped_with_one_error(self):
        chunk = b"x" * (1 << 20)
        self.daemon.process.stdin.write(b'{"jsonrpc":"2.0","id":1,"method":"list","params":["')
        for _ in range(100):
            self.daemon.process.stdin.write(chunk)
        self.daemon.send(b'"]}')
        answers, state = self.daemon.probe()
        self.assertEqual(state, STATE)
        self.assertEqual(len(answers), 1)
        self.assertEqual(answers[0]["error"]["code"], -32600)
        self.assertIn("exceeds the limit of 16777216 bytes", answers[0]["error"]["message"])

    def test_100000_element_batch_is_answered_in_one_array(self):
        batch = b"[" + b",".join(b'{"jsonrpc":"2.0","id":%d,"method":"list"}' % i for i in range(100_000)) + b"]"
        self.daemon.send(batch)
        answers, state = self.daemon.probe()
        self.assertEqual(state, STATE)
        self.assertEqual(len(answers), 1)
        self.assertEqual([r["id"] for r in answers[0]], list(range(100_000)))


class Limits(unittest.TestCase):
    def test_batch_limit(self):
        daemon = Daemon("--max-batch", "3")
        daemon.send(b"[" + b",".join(b'{"jsonrpc":"2.0","id":%d,"method":"list"}' % i for i in range(4)) + b"]")
        answers, _ = daemon.probe("list", [])
        self.assertEqual(answers[0]["error"], {"code": -32001, "message": "Batch of 4 messages exceeds the limit of 3 (--max-batch raises it)", "data": {"limit": 3}})
        self.assertEqual(daemon.close()[0], 0)

    def test_instance_limit(self):
        daemon = Daemon("--max-instances", "2")
        for i in range(3):
            daemon.send(b'{"jsonrpc":"2.0","id":%d,"method":"create","params":["signin"]}' % i)
        answers, _ = daemon.probe("list", [])
        self.assertEqual(answers[2]["error"]["code"], -32001)
        self.assertEqual(answers[2]["error"]["message"], "Instance limit reached: 2 instances are alive; destroy some first (--max-instances raises the limit)")
        daemon.send(b'{"jsonrpc":"2.0","id":9,"method":"destroy","params":["signin"]}')
        daemon.send(b'{"jsonrpc":"2.0","id":10,"method":"create","params":["signin"]}')
        answers, _ = daemon.probe("list", [])
        self.assertEqual(answers[1]["result"], {"id": "signin", "type": "signin"}, "room again after destroy")
        self.assertEqual(daemon.close()[0], 0)

    def test_pending_client_call_limit(self):
        """With one call in flight and a limit of one, every further input is refused with
        -32001 before it runs (host methods still answer); the second call never reaches the
        client."""
        daemon = Daemon("--max-pending-calls", "1", "--clock", "virtual")
        for vm in ("a", "b"):
            for line in (b'{"jsonrpc":"2.0","id":"c-%s","method":"create","params":{"type":"register","id":"%s","options":{"service":"client"}}}',
                         b'{"jsonrpc":"2.0","id":"u-%s","method":"%s.usernameChanged","params":["mariano@zerously.com"]}',
                         b'{"jsonrpc":"2.0","id":"p-%s","method":"%s.passwordChanged","params":["pa55worD"]}',
                         b'{"jsonrpc":"2.0","id":"r-%s","method":"%s.registerButtonPressed"}'):
                daemon.send(line % (vm.encode(), vm.encode()))
        answers, _ = daemon.probe("list", [])
        requests = [a for a in answers if a.get("method", "").startswith("registerService/")]
        self.assertEqual(len(requests), 1, "the second call never reaches the client")
        by_id = {a["id"]: a for a in answers if "id" in a and "method" not in a}
        self.assertIn("result", by_id["c-b"], "a host method is not an input: it still runs")
        for refused in ("u-b", "p-b", "r-b"):
            self.assertEqual(by_id[refused]["error"]["code"], -32001, by_id[refused])
            self.assertIn("--max-pending-calls", by_id[refused]["error"]["message"])
        self.assertEqual([a for a in answers if a.get("method") == "output" and a["params"]["vm"] == "b" and a["params"]["output"] == "errorMessage"], [],
                         "a refused input ran nothing")
        self.assertEqual(daemon.close()[0], 0)

if __name__ == "__main__":
    main(sys.modules[__name__])
