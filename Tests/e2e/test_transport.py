#!/usr/bin/env python3
"""The daemon's transport against hostile clients, over real pipes and real signals: one
test per class of fault in issue 15 (lifecycle, signals, back-pressure, logs, descriptors,
exit statuses, protocol exactness end to end).

Run: python3 Tests/e2e/test_transport.py  (SWITCHBOARD=binary). Ends with 'N passed, M failed'."""

import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
import unittest

from harness import BIN, Collector, Daemon, main, proc_status_kib, request, start


class Signals(unittest.TestCase):
    def test_sigterm_sigint_sighup_answer_everything_read_then_exit_0(self):
        """500 requests in one write (one read), then the signal while they are being
        answered: all 500 answered, complete lines, in order, exit 0, nothing on stderr."""
        for number in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            with self.subTest(signal=signal.Signals(number).name):
                process = start()
                out = Collector(process.stdout)
                process.stdin.write(b"".join(request(i, "describe" if i % 50 == 0 else "list") for i in range(1, 501)))
                process.stdin.flush()
                self.assertTrue(out.wait_for(lambda lines: len(lines) >= 1))
                process.send_signal(number)
                self.assertEqual(process.wait(timeout=20), 0)
                out.thread.join(timeout=10)
                self.assertEqual(out.torn, [], "no torn line")
                self.assertEqual([m["id"] for m in out.responses()], list(range(1, 501)))
                self.assertEqual(process.stderr.read(), b"")
                process.stdin.close()

    def test_a_signal_lets_owed_outputs_arrive(self):
        """A simulated service in flight (300 ms) when SIGTERM arrives: its outputs are
        written before the exit."""
        process = start()
        out = Collector(process.stdout)
        process.stdin.write(request(1, "create", {"type": "register", "id": "r", "options": {"latencyMs": 300}})
                            + request(2, "r.usernameChanged", ["mariano@zerously.com"])
                            + request(3, "r.passwordChanged", ["pa55worD"])
                            + request(4, "r.registerButtonPressed"))
        process.stdin.flush()
        self.assertTrue(out.wait_for(lambda lines: any(m.get("id") == 4 for m in lines)))
        process.send_signal(signal.SIGTERM)
        self.assertEqual(process.wait(timeout=20), 0)
        out.thread.join(timeout=10)
        later = [o for o in out.outputs() if o["cause"] == {"kind": "timer"}]
        self.assertIn("registered", [o["output"] for o in later], later)
        process.stdin.close()

    def test_a_second_signal_while_stuck_exits_1_at_once_with_one_line(self):
        """A client that neither reads nor closes: the first SIGTERM cannot finish (stdout is
        full), the second ends the daemon at once."""
        process = start()
        process.stdin.write(b"".join(request(i, "describe") for i in range(2000)))
        process.stdin.flush()
        time.sleep(0.5)  # stdout fills; nobody reads
        process.send_signal(signal.SIGTERM)
        time.sleep(0.3)
        self.assertIsNone(process.poll(), "the first signal waits for the owed output")
        process.send_signal(signal.SIGINT)  # any of the three counts as the second
        self.assertEqual(process.wait(timeout=5), 1)
        self.assertIn(b"switchboard: a second SIGINT arrived while finishing", process.stderr.read())
        process.stdin.close()
        process.stdout.close()

    def test_sigstop_sigcont_mid_burst_lose_and_repeat_nothing(self):
        process = start()
        out = Collector(process.stdout)
        count = 20_000
        names = ["Lisa", "", "Bart", ""]

        def write():
            process.stdin.write(request("v", "signup.viewDidLoad"))
            for i in range(count):
                process.stdin.write(request(i, "signup.nameChanged", [names[i % 4]]))
            process.stdin.close()

        writer = threading.Thread(target=write)
        writer.start()
        for _ in range(5):
            time.sleep(0.05)
            process.send_signal(signal.SIGSTOP)
            time.sleep(0.05)
            process.send_signal(signal.SIGCONT)
        writer.join(timeout=60)
        self.assertEqual(process.wait(timeout=60), 0)
        out.thread.join(timeout=10)
        ids = [m["id"] for m in out.responses()]
        self.assertEqual(ids, ["v"] + list(range(count)), "every response once, in order")
        seqs = [o["seq"] for o in out.outputs()]
        self.assertEqual(seqs, list(range(1, len(seqs) + 1)), "seq gap-free")
        self.assertEqual(out.torn, [])


class ExitStatuses(unittest.TestCase):
    def assert_one_line(self, stderr, *fragments):
        lines = [line for line in stderr.decode().splitlines() if line.startswith("switchboard: ")]
        self.assertEqual(len(lines), 1, stderr)
        for fragment in fragments:
            self.assertIn(fragment, lines[0])

    def test_epipe_exits_3_promptly_with_a_line(self):
        process = start()
        process.stdin.write(request(1, "list"))
        process.stdin.flush()
        process.stdout.readline()
        process.stdout.close()
        started = time.time()
        try:
            process.stdin.write(b"".join(request(i, "list") for i in range(1000)))
            process.stdin.close()
        except BrokenPipeError:
            pass
        self.assertEqual(process.wait(timeout=5), 3)
        self.assertLess(time.time() - started, 5)
        self.assert_one_line(process.stderr.read(), "stdout was closed by the client (EPIPE)", "status 3")

    def test_a_directory_as_stdin_exits_4_with_a_line(self):
        directory = os.open("/", os.O_RDONLY)
        try:
            result = subprocess.run([BIN, "serve"], stdin=directory, capture_output=True, timeout=10)
        finally:
            os.close(directory)
        self.assertEqual(result.returncode, 4)
        self.assert_one_line(result.stderr, "reading stdin failed", "Is a directory (EISDIR)")

    def test_a_full_disk_as_stdout_exits_5_with_a_line(self):
        with open("/dev/full", "wb") as full:
            result = subprocess.run([BIN, "serve"], input=request(1, "list"), stdout=full, stderr=subprocess.PIPE, timeout=10)
        self.assertEqual(result.returncode, 5)
        self.assert_one_line(result.stderr, "writing stdout failed", "No space left on device (ENOSPC)")

    def test_a_bad_option_exits_64(self):
        result = subprocess.run([BIN, "serve", "--max-batch", "0"], input=b"", capture_output=True, timeout=10)
        self.assertEqual(result.returncode, 64)
        self.assertNotEqual(result.stderr, b"")


class EndOfInput(unittest.TestCase):
    def test_delegated_calls_fail_with_cause_disconnect_then_exit_0_promptly(self):
        process = start()
        out = Collector(process.stdout)
        process.stdin.write(request(1, "create", {"type": "register", "id": "r", "options": {"service": "client"}})
                            + request(2, "r.usernameChanged", ["mariano@zerously.com"])
                            + request(3, "r.passwordChanged", ["pa55worD"])
                            + request(4, "r.registerButtonPressed"))
        process.stdin.flush()
        self.assertTrue(out.wait_for(lambda lines: any(m.get("id") == "sb-1" for m in lines)))
        started = time.time()
        process.stdin.close()  # never answered
        self.assertEqual(process.wait(timeout=10), 0)
        self.assertLess(time.time() - started, 3, "promptly, not after --client-timeout")
        out.thread.join(timeout=10)
        disconnect = [o for o in out.outputs() if o["cause"] == {"kind": "disconnect"}]
        self.assertEqual({o["output"] for o in disconnect} >= {"errorMessage", "isRegistering"}, True, disconnect)

    def test_stdin_handed_over_non_blocking_is_read_normally(self):
        read_end, write_end = os.pipe()
        os.set_blocking(read_end, False)
        process = subprocess.Popen([BIN, "serve"], stdin=read_end, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        os.close(read_end)
        out = Collector(process.stdout)
        for i in range(10):
            os.write(write_end, request(i, "list"))
            time.sleep(0.05)
        os.close(write_end)
        self.assertEqual(process.wait(timeout=10), 0)
        out.thread.join(timeout=10)
        self.assertEqual([m["id"] for m in out.responses()], list(range(10)))
        self.assertEqual(process.stderr.read(), b"")


class Logs(unittest.TestCase):
    def test_an_unread_stderr_never_stalls_the_protocol(self):
        """50,000 failing notifications each log a warning (megabytes, far past a pipe's
        64 KiB) to a stderr nobody reads; the request after them is answered."""
        process = start()
        out = Collector(process.stdout)
        payload = b'{"jsonrpc":"2.0","method":"ghost.go"}\n' * 50_000 + request("last", "list")
        threading.Thread(target=lambda: (process.stdin.write(payload), process.stdin.flush()), daemon=True).start()
        self.assertTrue(out.wait_for(lambda lines: any(m.get("id") == "last" for m in lines), timeout=30), "answered")
        process.stdin.close()
        errors = process.stderr.read()
        self.assertEqual(process.wait(timeout=10), 0)
        self.assertIn(b"log lines were dropped: stderr was not being read", errors)

    def test_no_descriptor_for_the_interruptible_input_serves_anyway_and_shutdown_still_exits(self):
        """Started with room for one descriptor beyond stdin, stdout and stderr (RLIMIT_NOFILE
        4), the daemon cannot make the input that signals stop (a duplicate of stdin and a
        pipe, three descriptors): it says so in one line,
        answers, and `shutdown` with stdin still open ends it with status 0. (The reader then
        waits on a thread of its own, since nothing could wake it on this one.)"""
        import resource
        process = start(preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (4, 4)))
        out = Collector(process.stdout)
        process.stdin.write(request(1, "signup.viewDidLoad"))
        process.stdin.flush()
        self.assertTrue(out.wait_for(lambda lines: any(m.get("id") == 1 for m in lines)), "answered")
        process.stdin.write(request(2, "shutdown"))
        process.stdin.flush()
        self.assertEqual(process.wait(timeout=10), 0, "exits with stdin still open")
        out.thread.join(timeout=10)
        self.assertEqual([m["id"] for m in out.responses()], [1, 2])
        self.assertIn(b"signals will not stop the daemon gracefully", process.stderr.read())
        process.stdin.close()

    def test_closed_stdout_or_stderr_at_start_never_reach_the_transcript_or_the_data_file(self):
        directory = tempfile.mkdtemp(prefix="fds-")
        lines = (request(1, "signup.viewDidLoad") + request(2, "signup.nameChanged", ["Lisa"])
                 + b'{"jsonrpc":"2.0","method":"ghost.go"}\n' * 20)
        for closed in (1, 2):
            with self.subTest(closed=closed):
                record = os.path.join(directory, f"closed-{closed}.transcript")
                data = os.path.join(directory, f"closed-{closed}.db")
                process = subprocess.Popen([BIN, "serve", "--record", record, "--data-file", data, "--log-level", "debug"],
                                           stdin=subprocess.PIPE, stdout=subprocess.DEVNULL if closed == 2 else None,
                                           stderr=subprocess.DEVNULL if closed == 1 else None,
                                           preexec_fn=lambda fd=closed: os.close(fd))
                process.communicate(lines + request(3, "create", {"type": "addFriend", "id": "a", "options": {"latencyMs": 0}}), timeout=20)
                self.assertEqual(process.returncode, 0)
                self.assertEqual(os.stat(record).st_mode & 0o777, 0o600, "a transcript holds passwords: 0600")
                with open(record, "rb") as file:
                    for line in file.read().splitlines():
                        self.assertTrue(line == b"" or line[:1] in (b"#", b">", b"<", b"$"), line)
                replay = subprocess.run([BIN, "test", "--color", "never", record], capture_output=True, timeout=60)
                self.assertEqual(replay.returncode, 0, replay.stdout + replay.stderr)
                with open(data, "rb") as file:
                    self.assertTrue(file.read(16) == b"SQLite format 3\x00", "the data file holds only the database")


class BackPressure(unittest.TestCase):
    def stalled_bytes(self, payload):
        """Writes `payload` into a daemon whose stdout nobody reads; returns the bytes it took
        before the pipe stopped moving, and the process and writer to finish with."""
        process = start()
        fd = process.stdin.fileno()
        os.set_blocking(fd, False)
        written, last_progress = 0, time.time()
        while written < len(payload) and time.time() - last_progress < 3:
            try:
                count = os.write(fd, payload[written:written + 65536])
                written += count
                last_progress = time.time()
            except BlockingIOError:
                time.sleep(0.01)
        return process, written

    def finish(self, process, payload, written):
        out = Collector(process.stdout)
        os.set_blocking(process.stdin.fileno(), True)
        process.stdin.write(payload[written:])
        process.stdin.close()
        self.assertEqual(process.wait(timeout=120), 0)
        out.thread.join(timeout=30)
        return out

    def test_a_client_that_stops_reading_small_lines(self):
        count = 300_000
        payload = b"".join(request(i, "list") for i in range(count))
        process, written = self.stalled_bytes(payload)
        self.assertLess(written, len(payload), "the daemon stopped reading")
        self.assertLess(written, 16 << 20, f"{written} bytes taken while stalled")
        out = self.finish(process, payload, written)
        self.assertEqual([m["id"] for m in out.responses()], list(range(count)))
        print(f"  stalled client, small lines: the daemon took {written / 2**20:.1f} MiB, then stopped reading", file=sys.stderr)

    def test_a_client_that_stops_reading_large_lines(self):
        # Each id is 256 KiB and every response echoes it, so the output fills as fast as input.
        big = "x" * (256 * 1024)
        payload = b"".join(request(f"{i}:{big}", "list") for i in range(200))
        process, written = self.stalled_bytes(payload)
        self.assertLess(written, len(payload))
        self.assertLess(written, 24 << 20, f"{written} bytes taken while stalled")
        out = self.finish(process, payload, written)
        self.assertEqual([int(m["id"].split(":")[0]) for m in out.responses()], list(range(200)))
        print(f"  stalled client, 256 KiB lines: the daemon took {written / 2**20:.1f} MiB, then stopped reading", file=sys.stderr)

    def test_a_20000_element_batch_of_describe_is_bounded(self):
        process = start()
        out = Collector(process.stdout)
        batch = "[" + ",".join(json.dumps({"jsonrpc": "2.0", "id": i, "method": "describe"}) for i in range(20_000)) + "]\n"
        process.stdin.write(batch.encode() + request("after", "list"))
        process.stdin.flush()
        self.assertTrue(out.wait_for(lambda lines: any(isinstance(m, dict) and m.get("id") == "after" for m in lines), timeout=60))
        peak = proc_status_kib(process.pid, "VmHWM")
        process.stdin.close()
        self.assertEqual(process.wait(timeout=20), 0)
        with out.lock:
            answer = next(m for m in out.lines if isinstance(m, list))
        self.assertEqual([m["id"] for m in answer], list(range(20_000)))
        self.assertIn("result", answer[0])
        refused = [m for m in answer if "error" in m]
        self.assertTrue(refused and all(m["error"]["code"] == -32001 for m in refused))
        self.assertLess(peak, 300 * 1024, f"peak RSS {peak} KiB")
        print(f"  20,000 describes in one batch: {20_000 - len(refused)} answered, {len(refused)} refused unrun, "
              f"peak RSS {peak / 1024:.0f} MiB", file=sys.stderr)


class Exactness(unittest.TestCase):
    def test_names_nul_params_null_and_no_side_effects_over_pipes(self):
        lines = [
            b'{"jsonrpc":"2.0","id":1,"method":"signup.\\u0301viewDidLoad"}',
            b'{"jsonrpc":"2.0","id":2,"method":"create","params":{"type":"signup","id":"\\u00e9"}}',
            b'{"jsonrpc":"2.0","id":3,"method":"create","params":{"type":"signup","id":"e\\u0301"}}',
            b'{"jsonrpc":"2.0","id":"x\\u0000y","method":"list","params":null}',
            b'{"jsonrpc":"2.0","id":5,"method":"register.usernameChanged","params":[1]}',
            b'{"jsonrpc":"2.0","id":6,"method":"advance","params":{"ms":9223372036854775807}}',
        ]
        result = subprocess.run([BIN, "serve", "--clock", "virtual"], input=b"\n".join(lines) + b"\n", capture_output=True, timeout=10)
        answers = [json.loads(line) for line in result.stdout.splitlines()]
        self.assertEqual([a.get("id") for a in answers], [1, 2, 3, "x\u0000y", 5, 6], "no outputs: nothing had a side effect")
        self.assertEqual(answers[0]["error"]["code"], -32601)
        self.assertEqual(answers[3]["result"], [{"id": "\u00e9", "type": "signup"}, {"id": "e\u0301", "type": "signup"}])
        self.assertEqual(answers[4]["error"]["code"], -32602)
        self.assertEqual(answers[5]["error"]["code"], -32602)

    def test_destroy_cost_does_not_grow_with_the_instance_count(self):
        """Destroying 30,000 instances takes about 5x as long as 6,000 (linear), not 25x."""
        def destroy_seconds(count):
            process = start("--clock", "virtual")
            out = Collector(process.stdout)
            process.stdin.write(b"".join(request(f"c{i}", "create", {"type": "signin", "id": f"s{i}"}) for i in range(count)))
            process.stdin.flush()
            self.assertTrue(out.wait_for(lambda lines: len(lines) >= count, timeout=120))
            started = time.perf_counter()
            process.stdin.write(b"".join(request(f"d{i}", "destroy", [f"s{i}"]) for i in range(count)))
            process.stdin.flush()
            self.assertTrue(out.wait_for(lambda lines: len(lines) >= 2 * count, timeout=120))
            elapsed = time.perf_counter() - started
            process.stdin.close()
            process.wait(timeout=30)
            return elapsed
        small, large = destroy_seconds(6_000), destroy_seconds(30_000)
        print(f"  destroy: 6,000 in {small:.3f} s, 30,000 in {large:.3f} s ({large / small:.1f}x)", file=sys.stderr)
        self.assertLess(large / small, 12, "quadratic would be about 25x")



class LoneRequests(unittest.TestCase):
    """A client that waits for each answer (an editor, a script): the reader answers each
    request and then blocks in read(2); it never polls stdin in a loop."""

    @staticmethod
    def cpu_ticks(pid):
        """User plus system time of the process so far, in clock ticks (/proc/PID/stat fields
        14 and 15, counted after the command name, which may hold spaces)."""
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])

    @staticmethod
    def reader_is_running(pid):
        """Whether the daemon's reader (its main thread) is runnable rather than asleep: 'R'
        in /proc/PID/task/PID/stat, where a reader blocked in read(2) shows 'S'."""
        with open(f"/proc/{pid}/task/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "R"

    def test_lone_requests_are_answered_in_order(self):
        daemon = Daemon()
        daemon.send(request("c", "create", {"type": "signup", "id": "s"}))
        self.assertEqual(daemon.read().get("id"), "c")
        answered = []
        for i in range(300):
            daemon.send(request(i, "s.nameChanged", {"name": "n" * (i % 7)}))
            while True:
                message = daemon.read()
                if "id" in message:
                    answered.append(message["id"])
                    self.assertIn("result", message)
                    break
        self.assertEqual(answered, list(range(300)))
        self.assertEqual(daemon.close()[0], 0)

    def test_a_daemon_left_idle_after_lone_requests_uses_no_processor(self):
        daemon = Daemon()
        for i in range(50):
            daemon.send(request(i, "list"))
            self.assertEqual(daemon.read().get("id"), i)
        time.sleep(0.2)
        before = self.cpu_ticks(daemon.process.pid)
        time.sleep(1.0)
        used = self.cpu_ticks(daemon.process.pid) - before
        self.assertLessEqual(used, 5, f"{used} ticks in a quiet second")
        self.assertEqual(daemon.close()[0], 0)

    def test_the_reader_sleeps_between_answers(self):
        """Looked at 0.3 ms after each of 48 answers, the reader is asleep in read(2) after
        nearly all of them: a reader that polled stdin would be running after most."""
        daemon = Daemon()
        running = 0
        for i in range(48):
            daemon.send(request(i, "list"))
            self.assertEqual(daemon.read().get("id"), i)
            looked = time.monotonic() + 0.0003
            while time.monotonic() < looked:
                pass
            running += self.reader_is_running(daemon.process.pid)
        self.assertEqual(daemon.close()[0], 0)
        self.assertLessEqual(running, 12, f"running after {running} of 48 answers")

    def test_the_removed_spin_option_is_a_usage_error(self):
        result = subprocess.run([BIN, "serve", "--spin-microseconds=50"], input=b"", capture_output=True, timeout=10)
        self.assertEqual(result.returncode, 64)
        self.assertIn(b"--spin-microseconds", result.stderr)


if __name__ == "__main__":
    main(sys.modules[__name__])
