#!/usr/bin/env python3
"""Exactly-once, in-order delivery under pipelined load: N requests (a mix on signup instances
and register instances whose service the client plays), with the client's answers to delegated
calls interleaved asynchronously. Checks: every request gets exactly one response; `seq` has no
gaps; every notification caused by a request precedes that request's response; every delegated
call is answered once and its effects follow. Run: python3 Tests/e2e/load.py [N] (default
100000; SWITCHBOARD=binary). Ends with 'N passed, M failed' (one check per property)."""

import json
import queue
import subprocess
import sys
import threading
import time

from harness import start


def main():
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    process = start(stderr=subprocess.DEVNULL, bufsize=1 << 20)
    replies = queue.Queue()
    lines = []
    progress = {"responses": 0, "calls": 0, "replied": set()}

    def reader():
        for raw in process.stdout:
            lines.append(raw)
            if raw.startswith(b'{"jsonrpc":"2.0","id":"sb-'):
                call = json.loads(raw)
                progress["calls"] += 1
                replies.put(json.dumps({"jsonrpc": "2.0", "id": call["id"], "result": {"token": "t-" + call["id"]}}).encode() + b"\n")
            elif raw.startswith(b'{"jsonrpc":"2.0","id":') and b'"result"' in raw:
                progress["responses"] += 1
            elif b'"cause":{"kind":"reply"' in raw:
                progress["replied"].add(json.loads(raw)["params"]["cause"]["call"])

    thread = threading.Thread(target=reader)
    thread.start()
    started = time.monotonic()
    setup = [{"jsonrpc": "2.0", "method": "create", "params": {"type": "signup", "id": f"s{n}"}} for n in range(100)]
    for r in range(20):
        setup.append({"jsonrpc": "2.0", "method": "create", "params": {"type": "register", "id": f"r{r}", "options": {"service": "client"}}})
        setup.append({"jsonrpc": "2.0", "method": f"r{r}.usernameChanged", "params": ["mariano@zerously.com"]})
        setup.append({"jsonrpc": "2.0", "method": f"r{r}.passwordChanged", "params": ["pa55worD"]})
    process.stdin.write(b"".join(json.dumps(m).encode() + b"\n" for m in setup))
    names = ["Lisa", "", "Ann"]
    emails = ["lisa@rules.com", "x", "a@b.co"]
    buffer = []
    for i in range(total):
        kind = i % 10
        if kind < 7:
            vm = f"s{i % 100}"
            method, params = [(f"{vm}.nameChanged", [names[i % 3]]), (f"{vm}.emailChanged", [emails[i % 3]]),
                              (f"{vm}.passwordChanged", ["pw"]), (f"{vm}.submitButtonPressed", []),
                              (f"{vm}.viewDidLoad", []), ("list", None), (f"{vm}.nameChanged", [None])][kind]
        else:
            method, params = f"r{i % 20}.registerButtonPressed", []
        message = {"jsonrpc": "2.0", "id": i, "method": method}
        if params is not None:
            message["params"] = params
        buffer.append(json.dumps(message, separators=(",", ":")).encode() + b"\n")
        if len(buffer) == 200:
            while not replies.empty():
                buffer.append(replies.get())
            process.stdin.write(b"".join(buffer))
            process.stdin.flush()
            buffer = []
            # Stay at most ~5,000 requests ahead of the daemon, so delegated calls are made and
            # answered all through the run instead of only at its end.
            while i - progress["responses"] > 5_000:
                try:
                    process.stdin.write(replies.get(timeout=0.001))
                    process.stdin.flush()
                except queue.Empty:
                    pass
    process.stdin.write(b"".join(buffer))
    process.stdin.flush()
    # Keep answering delegated calls until every request is answered and every call's reply
    # has had its effect (the setup notifications have no id and get no response).
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        try:
            process.stdin.write(replies.get(timeout=0.05))
            process.stdin.flush()
        except queue.Empty:
            if progress["responses"] >= total and len(progress["replied"]) >= progress["calls"]:
                break
    process.stdin.close()
    thread.join(timeout=120)
    code = process.wait(timeout=120)
    elapsed = time.monotonic() - started

    checks = {}
    response_position = {}
    responses = {}
    notifications = []
    calls = {}
    replies_caused = {}
    last_seq = 0
    gaps = 0
    for position, raw in enumerate(lines):
        message = json.loads(raw)
        if message.get("method") == "output":
            params = message["params"]
            if params["seq"] != last_seq + 1:
                gaps += 1
            last_seq = params["seq"]
            cause = params["cause"]
            if cause["kind"] == "request" and "id" in cause:
                notifications.append((cause["id"], position))
            if cause["kind"] == "reply":
                replies_caused[cause["call"]] = replies_caused.get(cause["call"], 0) + 1
        elif message.get("method", "").startswith("registerService/"):
            calls[message["id"]] = position
        elif "id" in message:
            responses[message["id"]] = responses.get(message["id"], 0) + 1
            response_position[message["id"]] = position
    checks["every request answered exactly once"] = all(responses.get(i) == 1 for i in range(total)) and len(responses) == total
    checks["seq has no gaps"] = gaps == 0 and last_seq > 0
    checks["notifications precede their request's response"] = all(position < response_position.get(id, -1) for id, position in notifications)
    checks["every delegated call's reply had effects"] = len(calls) > 0 and all(replies_caused.get(call, 0) > 0 for call in calls)
    checks["daemon exited 0"] = code == 0
    for name, ok in checks.items():
        print(("PASS " if ok else "FAIL ") + name)
    print(f"{total} requests, {len(calls)} delegated calls answered by the client, {last_seq} notifications, {len(lines)} lines in {elapsed:.1f} s")
    failed = sum(1 for ok in checks.values() if not ok)
    print(f"{len(checks) - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
