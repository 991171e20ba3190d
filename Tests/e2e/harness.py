"""What the end-to-end suites share, so each launcher starts daemons, writes requests and reads
answers the same way: the binary under test, request lines, processes on real pipes, a reader
thread that collects every line (and keeps torn ones apart), /proc figures, and the runner that
ends with the `N passed, M failed` line CI reads. Used by the suites in Tests/e2e and by
Tests/mcp."""

import json
import os
import subprocess
import sys
import threading
import time
import unittest

BIN = os.environ.get("SWITCHBOARD", os.path.join(os.path.dirname(__file__), "..", "..", ".build", "debug", "switchboard"))


def request(id, method, params=None):
    """One JSON-RPC request line (compact, with its newline)."""
    message = {"jsonrpc": "2.0", "id": id, "method": method}
    if params is not None:
        message["params"] = params
    return json.dumps(message, separators=(",", ":")).encode() + b"\n"


def start(*args, **kwargs):
    """`switchboard serve ARGS` on pipes (stdin, stdout and stderr unless given)."""
    kwargs.setdefault("stdin", subprocess.PIPE)
    kwargs.setdefault("stdout", subprocess.PIPE)
    kwargs.setdefault("stderr", subprocess.PIPE)
    return subprocess.Popen([BIN, "serve", *args], **kwargs)


def run(data, *args, timeout=20):
    """Sends all of `data` to a fresh daemon, closes stdin; returns (stdout lines as JSON,
    stderr text, exit status)."""
    process = start(*args)
    out, err = process.communicate(data, timeout=timeout)
    return [json.loads(line) for line in out.decode().splitlines()], err.decode(), process.returncode


class Collector:
    """Reads a daemon's stdout on a thread. Every line must be complete JSON: one that is not
    goes to `torn`, which a test can assert is empty."""

    def __init__(self, stream):
        self.lines, self.torn = [], []
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._run, args=(stream,), daemon=True)
        self.thread.start()

    def _run(self, stream):
        for raw in stream:
            try:
                message = json.loads(raw)
            except ValueError:
                self.torn.append(raw)
                continue
            with self.lock:
                self.lines.append(message)

    def wait_for(self, predicate, timeout=20):
        """Waits until `predicate(lines)` holds (called on a copy, outside the lock, so it may
        use `outputs` or `responses`); False after `timeout` seconds."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            with self.lock:
                lines = list(self.lines)
            if predicate(lines):
                return True
            time.sleep(0.005)
        return False

    def responses(self):
        with self.lock:
            return [m for m in self.lines if "id" in m and "method" not in m]

    def outputs(self, name=None):
        """The `output` notifications' params, all or those of output `name`."""
        with self.lock:
            return [m["params"] for m in self.lines
                    if m.get("method") == "output" and (name is None or m["params"]["output"] == name)]


class Daemon:
    """A daemon spoken to line by line: `send` and `read` on the caller's thread, or, with
    `collect=True`, every line gathered by a `Collector` (`collector`) while the test waits."""

    def __init__(self, *args, collect=False, stderr=subprocess.DEVNULL):
        self.process = start(*args, stderr=stderr)
        self.collector = Collector(self.process.stdout) if collect else None
        self.probe_number = 0

    def send(self, data):
        """Writes `data` (bytes: one or more lines; a missing final newline is added, so a
        line can never be left unterminated)."""
        if not data.endswith(b"\n"):
            data += b"\n"
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def read(self):
        """The next message (not with `collect=True`)."""
        line = self.process.stdout.readline()
        if not line:
            raise AssertionError("the daemon closed its output")
        return json.loads(line)

    def probe(self, method="snapshot", params={"id": "signup"}):
        """A request that must succeed; returns (messages before its answer, its result)."""
        self.probe_number += 1
        probe_id = f"probe-{self.probe_number}"
        self.send(json.dumps({"jsonrpc": "2.0", "id": probe_id, "method": method, "params": params}).encode() + b"\n")
        before = []
        while True:
            message = self.read()
            if isinstance(message, dict) and message.get("id") == probe_id:
                return before, message["result"]
            before.append(message)

    def outputs(self, name=None):
        """With `collect=True`: the `output` notifications so far (see `Collector.outputs`)."""
        return self.collector.outputs(name)

    def wait_for(self, predicate, timeout=30):
        """With `collect=True`: waits until `predicate()` holds; False after `timeout` seconds.
        The predicate may call `outputs` (the collector's lock is not held while it runs)."""
        return self.collector.wait_for(lambda _: predicate(), timeout=timeout)

    def close(self, timeout=30):
        """Ends input, lets the daemon write what it still owes, and returns (exit status,
        stderr text; empty unless stderr was piped)."""
        self.process.stdin.close()
        if self.collector:
            self.process.wait(timeout=timeout)
            self.collector.thread.join(timeout=timeout)
        else:
            self.process.stdout.read()
            self.process.stdout.close()
            self.process.wait(timeout=timeout)
        err = self.process.stderr.read().decode() if self.process.stderr else ""
        return self.process.returncode, err


def proc_status_kib(pid, field):
    """A field of /proc/PID/status in KiB (VmRSS, VmHWM…), or 0."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def main(module):
    """Runs the module's tests verbosely, prints `N passed, M failed` last (skipped tests are
    listed with their reasons before it, and not counted as passed), and exits 1 on any
    failure, error or unexpected success."""
    runner = unittest.TextTestRunner(verbosity=2)
    result = runner.run(unittest.defaultTestLoader.loadTestsFromModule(module))
    failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
    skipped = len(result.skipped)
    if skipped:
        print(f"({skipped} skipped: " + "; ".join(f"{test.id()}: {reason}" for test, reason in result.skipped) + ")")
    print(f"{result.testsRun - failed - skipped} passed, {failed} failed")
    sys.exit(1 if failed else 0)
