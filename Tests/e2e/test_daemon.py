#!/usr/bin/env python3
"""End-to-end tests of the daemon over real pipes: the contract points of
../shared/PROTOCOL-CONTRACT.md that transcripts cannot express (bytes, framing, exit statuses,
timing). Run: python3 Tests/e2e/test_daemon.py  (SWITCHBOARD=path to the binary, default
.build/debug/switchboard). Ends with a line 'N passed, M failed'."""

import json
import os
import subprocess
import sys
import tempfile
import time
import unittest

from harness import BIN, main, proc_status_kib, request, run, start


def assert_protocol_lines(test, lines):
    """Every stdout line is a JSON-RPC 2.0 message (or a batch of them)."""
    for line in lines:
        for message in line if isinstance(line, list) else [line]:
            test.assertEqual(message.get("jsonrpc"), "2.0", message)
            test.assertTrue("method" in message or "result" in message or "error" in message, message)


class Framing(unittest.TestCase):
    def test_input_written_one_byte_at_a_time(self):
        process = start()
        data = request(1, "signup.viewDidLoad") + request(2, "list")
        for byte in data:
            process.stdin.write(bytes([byte]))
            process.stdin.flush()
        out, _ = process.communicate(timeout=20)
        lines = [json.loads(l) for l in out.decode().splitlines()]
        self.assertEqual([l.get("id") for l in lines], [None, 1, 2])
        self.assertEqual(process.returncode, 0)

    def test_many_messages_in_one_write(self):
        data = b"".join(request(i, "list") for i in range(1, 2001))
        lines, _, code = run(data)
        self.assertEqual([l["id"] for l in lines], list(range(1, 2001)))
        self.assertEqual(code, 0)

    def test_pipelined_requests_on_many_instances_go_to_their_own(self):
        # Thousands of live instances and a long pipelined stream: destroys and re-creations
        # in the stream must not misroute any request.
        count = 8300
        data = b"".join(request(i + 1, "create", {"type": "signup", "id": f"s{i}"}) for i in range(count))
        next_id = count + 1
        expected = {}  # request id -> instance its outputs must name
        errors = set()  # request ids that must fail: their instance was destroyed
        stream = []
        for k in range(0, count, 37):
            target = f"s{k}"
            if k % 5 == 0:  # destroyed, addressed, then made again
                stream.append(request(next_id, "destroy", [target])); next_id += 1
                stream.append(request(next_id, f"{target}.nameChanged", ["Lisa"])); errors.add(next_id); next_id += 1
                stream.append(request(next_id, "create", {"type": "signup", "id": target})); next_id += 1
            for method, value in (("nameChanged", "Lisa"), ("emailChanged", "lisa@rules.com"), ("passwordChanged", "pw")):
                stream.append(request(next_id, f"{target}.{method}", [value]))
                expected[next_id] = target
                next_id += 1
        lines, _, code = run(data + b"".join(stream), timeout=120)
        self.assertEqual(code, 0)
        outputs_by_cause = {}
        answered = {}
        for line in lines:
            if line.get("method") == "output":
                cause = line["params"]["cause"].get("id")
                outputs_by_cause.setdefault(cause, set()).add(line["params"]["vm"])
            elif "id" in line:
                answered[line["id"]] = line
        for rid, target in expected.items():
            self.assertIn("result", answered[rid], answered[rid])
            self.assertTrue(outputs_by_cause.get(rid, {target}) <= {target}, (rid, target, outputs_by_cause.get(rid)))
        # Each instance's third field enables its button: one output per instance, its own.
        enabling = [rid for rid in expected if outputs_by_cause.get(rid)]
        self.assertEqual(len(enabling), len(range(0, count, 37)))
        for rid in errors:
            self.assertEqual(answered[rid]["error"]["code"], -32601, answered[rid])

    def test_crlf_blank_lines_and_eof_mid_line(self):
        data = b"\n  \r\n" + request(1, "list").replace(b"\n", b"\r\n") + b"\t\n" + request(2, "list").rstrip(b"\n")
        lines, _, code = run(data)
        self.assertEqual([l["id"] for l in lines], [1, 2], "a partial last line is still served")
        self.assertEqual(code, 0)

    def test_over_long_line_then_good_line(self):
        data = b'{"jsonrpc":"2.0","id":1,"method":"list","params":{"pad":"' + b"x" * 5000 + b'"}}\n' + request(2, "list")
        lines, _, code = run(data, "--max-line-bytes", "1024")
        self.assertEqual(lines[0]["error"]["code"], -32600)
        self.assertIn("exceeds the limit of 1024 bytes", lines[0]["error"]["message"])
        self.assertIn("--max-line-bytes raises it", lines[0]["error"]["message"], "the message names the option")
        self.assertIsNone(lines[0]["id"])
        self.assertEqual(lines[1], {"jsonrpc": "2.0", "id": 2, "result": []})
        self.assertEqual(code, 0)

    def test_invalid_utf8_is_a_parse_error_and_the_next_line_works(self):
        data = b'{"jsonrpc":"2.0","id":1,"method":"\xff"}\n' + request(2, "list")
        lines, _, _ = run(data)
        self.assertEqual(lines[0]["error"]["code"], -32700)
        self.assertEqual(lines[0]["error"]["data"]["category"], "invalidUTF8")
        self.assertEqual(lines[1]["id"], 2)

    def test_nul_byte_is_a_parse_error(self):
        lines, _, _ = run(b'123\x00\n' + request(2, "list"))
        self.assertEqual(lines[0]["error"]["data"]["category"], "nulByte")
        self.assertEqual(lines[1]["id"], 2)

    def lsp(self, payload):
        body = json.dumps(payload).encode()
        return b"Content-Length: %d\r\n\r\n" % len(body) + body

    def read_lsp(self, data):
        messages = []
        while data:
            header, _, rest = data.partition(b"\r\n\r\n")
            length = int(header.split(b":")[1])
            messages.append(json.loads(rest[:length]))
            data = rest[length:]
        return messages

    def test_lsp_framing(self):
        process = start("--framing", "lsp")
        out, _ = process.communicate(self.lsp({"jsonrpc": "2.0", "id": 1, "method": "signup.viewDidLoad"}), timeout=20)
        messages = self.read_lsp(out)
        self.assertEqual(messages[0]["params"]["output"], "submitButtonEnabled")
        self.assertEqual(messages[1], {"jsonrpc": "2.0", "id": 1, "result": None})

    def test_auto_framing_picks_content_length_or_lines(self):
        process = start("--framing", "auto")
        out, _ = process.communicate(b"\r\n" + self.lsp({"jsonrpc": "2.0", "id": 7, "method": "list"}), timeout=20)
        self.assertEqual(self.read_lsp(out), [{"jsonrpc": "2.0", "id": 7, "result": []}])
        lines, _, _ = run(request(8, "list"), "--framing", "auto")
        self.assertEqual(lines, [{"jsonrpc": "2.0", "id": 8, "result": []}])


class Lifecycle(unittest.TestCase):
    def test_shutdown_answers_then_exits_without_reading_further(self):
        process = start()
        process.stdin.write(request(1, "shutdown"))
        process.stdin.flush()
        line = process.stdout.readline()
        self.assertEqual(json.loads(line), {"jsonrpc": "2.0", "id": 1, "result": None})
        self.assertEqual(process.wait(timeout=10), 0, "exits with stdin still open")
        process.communicate()

    def test_shutdown_run_by_the_executor_wakes_the_waiting_reader(self):
        # Two requests in one write go to the executor's thread as one batch, so `shutdown`
        # finishes the server there while the reader is blocked in read(2) on an open stdin:
        # the reader must be stopped, or the daemon never exits.
        process = start()
        process.stdin.write(request(1, "signup.viewDidLoad") + request(2, "shutdown"))
        process.stdin.flush()
        answered = []
        while not answered or answered[-1].get("id") != 2:
            line = process.stdout.readline()
            self.assertTrue(line, "stdout ended before the answer to shutdown")
            message = json.loads(line)
            if "id" in message:
                answered.append(message)
        self.assertEqual([m["id"] for m in answered], [1, 2])
        self.assertEqual(process.wait(timeout=10), 0, "exits with stdin still open")
        process.communicate()

    def test_closed_stdout_exits_3(self):
        process = start()
        process.stdout.close()
        process.stdin.write(request(1, "signup.viewDidLoad"))
        process.stdin.flush()
        self.assertEqual(process.wait(timeout=10), 3)
        process.stdin.close()
        process.stderr.close()

    def test_end_of_input_lets_simulated_latency_finish(self):
        data = request(1, "register.usernameChanged", ["mariano@zerously.com"]) + request(2, "register.passwordChanged", ["pa55worD"]) + request(3, "register.registerButtonPressed")
        started = time.monotonic()
        lines, _, code = run(data)
        outputs = [l["params"] for l in lines if l.get("method") == "output"]
        self.assertIn({"vm": "register", "output": "registered", "value": "token-mariano@zerously.com", "seq": 7, "cause": {"kind": "timer"}}, outputs)
        self.assertGreaterEqual(time.monotonic() - started, 0.29)
        self.assertEqual(code, 0)

    def test_logs_go_to_stderr_and_stdout_stays_protocol(self):
        lines, err, code = run(request(1, "list") + b'{"jsonrpc":"2.0","method":"nope"}\n' + request(2, "list"), "--log-level", "debug")
        assert_protocol_lines(self, lines)
        self.assertEqual([l["id"] for l in lines], [1, 2], "a failing notification gets no response")
        self.assertIn("notification nope failed", err)

    def test_bad_option_exits_64(self):
        process = subprocess.run([BIN, "serve", "--max-batch", "0"], capture_output=True, timeout=10)
        self.assertEqual(process.returncode, 64)
        self.assertIn(b"--max-batch", process.stderr)

    def test_every_help_fits_80_columns(self):
        # The parser wraps help text at 80 columns when not writing to a terminal, but writes a
        # usage line that lists every option unabbreviated (262 columns for repl) as it is.
        for words in ([], ["serve"], ["mcp"], ["repl"], ["test"], ["friends"], ["friends", "import"]):
            help_text = subprocess.run([BIN, "help", *words], capture_output=True, timeout=10, check=True).stdout.decode()
            self.assertIn("USAGE: switchboard", help_text, words)
            self.assertEqual([l for l in help_text.splitlines() if len(l) > 80], [], words)

    def test_the_help_example_fits_80_columns_and_runs_as_printed(self):
        # Help not written to a terminal is wrapped at 80 columns; an example wrapped in the
        # middle would run as two broken commands when pasted.
        help_text = subprocess.run([BIN, "--help"], capture_output=True, timeout=10, check=True).stdout.decode()
        self.assertEqual([l for l in help_text.splitlines() if len(l) > 80], [])
        examples = [l.strip() for l in help_text.splitlines() if l.strip().startswith("echo ")]
        self.assertEqual(len(examples), 1, help_text)
        with tempfile.TemporaryDirectory() as bin_dir:
            os.symlink(os.path.abspath(BIN), os.path.join(bin_dir, "switchboard"))
            env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ.get("PATH", ""))
            shell = subprocess.run(["sh", "-c", examples[0]], capture_output=True, timeout=10, env=env, stdin=subprocess.DEVNULL)
        self.assertEqual(shell.returncode, 0, shell.stderr)
        lines = [json.loads(l) for l in shell.stdout.decode().splitlines()]
        self.assertEqual(lines[-1], {"jsonrpc": "2.0", "id": 1, "result": None})
        self.assertEqual([(l["params"]["output"], l["params"]["value"]) for l in lines[:-1]], [("submitButtonEnabled", False)])


class Faults(unittest.TestCase):
    def test_sigterm_finishes_what_was_read_flushes_and_exits_0(self):
        import signal
        process = start()
        process.stdin.write(b"".join(request(i, "list") for i in range(1, 501)))
        process.stdin.flush()
        first = json.loads(process.stdout.readline())
        process.send_signal(signal.SIGTERM)
        # Read through the same buffered stream: communicate() would skip what readline buffered.
        rest = process.stdout.read()
        process.wait(timeout=10)
        process.stdin.close()
        process.stderr.close()
        ids = [first["id"]] + [json.loads(l)["id"] for l in rest.decode().splitlines()]
        # How much was read before the signal depends on timing; what was answered must be
        # complete lines, in order, without gaps, and the exit clean.
        self.assertEqual(ids, list(range(1, len(ids) + 1)))
        self.assertEqual(process.returncode, 0)

    def test_client_that_stops_reading_blocks_the_daemon_without_loss_and_with_bounded_memory(self):
        import threading
        process = start()
        count = 200_000
        payload = b"".join(request(i, "signup.nameChanged", ["x" * 40]) for i in range(count))
        writer = threading.Thread(target=lambda: (process.stdin.write(payload), process.stdin.close()))
        writer.start()
        time.sleep(2.0)  # nobody reads stdout: the pipe fills, the daemon blocks, then stops reading
        stalled_rss = proc_status_kib(process.pid, "VmRSS")
        self.assertTrue(writer.is_alive(), "the daemon must stop reading when its output is not read")
        out = process.stdout.read()
        writer.join(timeout=30)
        process.wait(timeout=30)
        process.stderr.close()
        ids = [json.loads(l)["id"] for l in out.decode().splitlines() if b'"result"' in l.encode()]
        self.assertEqual(ids, list(range(count)), "nothing lost or reordered")
        self.assertLess(stalled_rss, 150_000, f"RSS while stalled: {stalled_rss} KiB")


class Ordering(unittest.TestCase):
    def test_async_outputs_race_pipelined_requests_without_breaking_order(self):
        process = start()
        process.stdin.write(request(1, "create", {"type": "register", "options": {"latencyMs": 20}})
                            + request(2, "register.usernameChanged", ["mariano@zerously.com"])
                            + request(3, "register.passwordChanged", ["pa55worD"])
                            + request(4, "register.registerButtonPressed"))
        process.stdin.flush()
        # Keep requests flowing while the simulated service answers in the background.
        for i in range(100, 400):
            process.stdin.write(request(i, "snapshot", {"id": "register"}))
            process.stdin.flush()
            time.sleep(0.0005)
        out, _ = process.communicate(timeout=20)
        lines = [json.loads(l) for l in out.decode().splitlines()]
        assert_protocol_lines(self, lines)
        seqs = [l["params"]["seq"] for l in lines if l.get("method") == "output"]
        self.assertEqual(seqs, list(range(1, len(seqs) + 1)), "seq has no gaps and never goes back")
        responses = [l["id"] for l in lines if "id" in l and "method" not in l]
        self.assertEqual(responses, [1, 2, 3, 4] + list(range(100, 400)), "every request answered once, in order")
        self.assertIn("token-mariano@zerously.com", [l["params"]["value"] for l in lines if l.get("method") == "output"])


class Recording(unittest.TestCase):
    def test_a_real_clock_recording_replays_on_the_virtual_clock(self):
        import tempfile
        path = os.path.join(tempfile.mkdtemp(), "session.transcript")
        process = subprocess.Popen([BIN, "serve", "--record", path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        def until_registered():
            """Reads the daemon's messages until the simulated service's answer (300 ms after
            a press): the next press then starts a call of its own rather than replacing one
            in flight, however slowly the machine runs."""
            while True:
                line = process.stdout.readline()
                self.assertTrue(line, "the daemon closed its output")
                message = json.loads(line)
                if message.get("method") == "output" and message["params"]["output"] == "registered":
                    return
        process.stdin.write(request(1, "register.usernameChanged", ["mariano@zerously.com"])
                            + request(2, "register.passwordChanged", ["pa55worD"])
                            + request(3, "register.registerButtonPressed"))
        process.stdin.flush()
        until_registered()
        time.sleep(0.05)
        process.stdin.write(request(4, "register.registerButtonPressed"))
        process.stdin.flush()
        until_registered()
        process.stdin.write(request(5, "signup.viewDidLoad"))
        process.stdin.close()
        process.stdout.read()
        self.assertEqual(process.wait(timeout=20), 0)
        process.stdout.close()
        process.stderr.close()
        with open(path) as recorded:
            text = recorded.read()
        self.assertIn('"method":"advance"', text, "real time became advance steps")
        self.assertEqual(text.count('"output":"registered"'), 2)
        replay = subprocess.run([BIN, "test", "--color", "never", path], capture_output=True, timeout=60)
        self.assertEqual(replay.returncode, 0, replay.stdout.decode())
        self.assertTrue(replay.stdout.decode().strip().endswith("1 passed, 0 failed"))

    def test_a_changed_behaviour_fails_the_replay_with_a_diff(self):
        import tempfile
        path = os.path.join(tempfile.mkdtemp(), "edited.transcript")
        lines, _, _ = run(request(1, "signup.viewDidLoad"))
        with open(path, "w") as f:
            f.write('> {"jsonrpc":"2.0","id":1,"method":"signup.viewDidLoad"}\n')
            f.write("< " + json.dumps(lines[0]).replace("false", "true") + "\n")
            f.write("< " + json.dumps(lines[1]) + "\n")
        replay = subprocess.run([BIN, "test", "--color", "never", path], capture_output=True, timeout=60)
        out = replay.stdout.decode()
        self.assertEqual(replay.returncode, 1)
        self.assertIn("~ expected", out)
        self.assertIn('"value": true', out)
        self.assertTrue(out.strip().endswith("0 passed, 1 failed"))


class MemoryAfterDestroys(unittest.TestCase):
    """Memory the instances held goes back to the system once most of them are destroyed
    (the session asks glibc to trim its heap then), and the daemon goes on serving."""

    @staticmethod
    def exchange(process, lines, last_id):
        """Writes `lines` to the daemon while reading its messages (thousands of answers would
        fill the pipe before the writing ended); returns them up to the answer to `last_id`."""
        import threading
        writer = threading.Thread(target=lambda: (process.stdin.write(b"".join(lines)), process.stdin.flush()))
        writer.start()
        messages = []
        while not messages or messages[-1].get("id") != last_id:
            line = process.stdout.readline()
            if not line:
                raise AssertionError("the daemon closed its output")
            messages.append(json.loads(line))
        writer.join()
        return messages

    def test_destroyed_instances_give_their_memory_back(self):
        process = subprocess.Popen([BIN, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        count = 20000
        ask = lambda lines, last_id: self.exchange(process, lines, last_id)
        ask([request("start", "list")], "start")
        start = proc_status_kib(process.pid, "VmRSS")
        made = ask([request(i, "create", {"type": "signup", "id": f"s{i}"}) for i in range(count)], count - 1)
        self.assertEqual(sum(1 for m in made if "result" in m), count)
        created = proc_status_kib(process.pid, "VmRSS")
        gone = ask([request(i, "destroy", {"id": f"s{i}"}) for i in range(count)], count - 1)
        self.assertEqual([m.get("result") for m in gone], [True] * count)
        destroyed = proc_status_kib(process.pid, "VmRSS")
        grown = created - start
        self.assertGreater(grown, 50_000, f"20,000 signups should take some 74 MB (start {start} KiB, created {created} KiB)")
        self.assertLess(destroyed - start, grown * 0.4, f"start {start} KiB, created {created} KiB, destroyed {destroyed} KiB")
        def notification(method, params):
            return json.dumps({"jsonrpc": "2.0", "method": method, "params": params}).encode() + b"\n"
        again = ask([request("a", "create", {"type": "signup", "id": "t"}), notification("t.nameChanged", ["Lisa"]),
                     notification("t.emailChanged", ["lisa@rules.com"]), notification("t.passwordChanged", ["pw"]),
                     request("b", "snapshot", {"id": "t"})], "b")
        self.assertEqual(again[-1]["result"]["submitButtonEnabled"], True, again)
        process.stdin.close()
        process.stdout.read()
        self.assertEqual(process.wait(timeout=20), 0)


if __name__ == "__main__":
    main(sys.modules[__name__])
