#!/usr/bin/env python3
"""Peak memory of the daemon while a client sends one huge line: the line is skipped without
being buffered, answered with one error, and the next request is served.
Run: python3 Tests/e2e/huge_line.py [MiB] (default 1024; SWITCHBOARD=binary)."""

import json
import subprocess
import sys
import time

from harness import proc_status_kib, start


def main():
    mib = int(sys.argv[1]) if len(sys.argv) > 1 else 1024
    process = start(stderr=subprocess.DEVNULL)
    baseline = 0
    process.stdin.write(b'{"jsonrpc":"2.0","id":0,"method":"list"}\n')
    process.stdin.flush()
    process.stdout.readline()
    baseline = proc_status_kib(process.pid, "VmHWM")
    started = time.monotonic()
    chunk = b"x" * (1 << 20)
    process.stdin.write(b'{"jsonrpc":"2.0","id":1,"method":"list","params":["')
    for _ in range(mib):
        process.stdin.write(chunk)
    process.stdin.write(b'"]}\n{"jsonrpc":"2.0","id":2,"method":"list"}\n')
    process.stdin.flush()
    first = json.loads(process.stdout.readline())
    second = json.loads(process.stdout.readline())
    elapsed = time.monotonic() - started
    peak = proc_status_kib(process.pid, "VmHWM")
    process.stdin.close()
    code = process.wait(timeout=60)
    ok = first["error"]["code"] == -32600 and second == {"jsonrpc": "2.0", "id": 2, "result": []} and code == 0
    print(f"{mib} MiB line: answered {first['error']['code']} ({first['error']['message']}); next request served: {second.get('result') == []}")
    print(f"peak RSS (VmHWM) {peak} KiB, {baseline} KiB before the line; {mib * 1024 / elapsed / 1024:.0f} MiB/s; exit {code}")
    bounded = peak < baseline + 64 * 1024
    print(f"{int(ok) + int(bounded)} passed, {int(not ok) + int(not bounded)} failed")
    sys.exit(0 if ok and bounded else 1)


if __name__ == "__main__":
    main()
