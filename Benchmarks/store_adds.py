#!/usr/bin/env python3
"""One run of the store benchmark: COUNT single-friend adds through a daemon on a fresh data
file, each through an addFriend screen of its own (no simulated latency), pipelined; the time
is from the first byte written to the last `navigateBack` (each sent only after its save
committed). Prints `label<TAB>count<TAB>seconds<TAB>microseconds per add`.

    python3 Benchmarks/store_adds.py LABEL COUNT DATA_FILE -- DAEMON [ARGS...]

The daemon gets `--data-file DATA_FILE` appended; DATA_FILE must not exist."""

import json
import subprocess
import sys
import threading
import time


def main():
    label, count, data_file = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    command = sys.argv[sys.argv.index("--") + 1:] + ["--data-file", data_file]
    lines = []
    for n in range(count):
        vm = f"a{n}"
        for message in (
            {"jsonrpc": "2.0", "id": f"{vm}c", "method": "create", "params": {"type": "addFriend", "id": vm, "options": {"latencyMs": 0}}},
            {"jsonrpc": "2.0", "id": f"{vm}f", "method": f"{vm}.firstnameChanged", "params": [f"First{n}"]},
            {"jsonrpc": "2.0", "id": f"{vm}l", "method": f"{vm}.lastnameChanged", "params": ["Last"]},
            {"jsonrpc": "2.0", "id": f"{vm}p", "method": f"{vm}.phonenumberChanged", "params": ["+1 555 0100"]},
            {"jsonrpc": "2.0", "id": f"{vm}s", "method": f"{vm}.submitButtonTapped"},
        ):
            lines.append(json.dumps(message, separators=(",", ":")))
    payload = ("\n".join(lines) + "\n").encode()
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    acknowledged = 0
    done = threading.Event()

    def read():
        nonlocal acknowledged
        for line in process.stdout:
            if b'"navigateBack"' in line:
                acknowledged += 1
                if acknowledged == count:
                    done.set()
        done.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    started = time.perf_counter()
    process.stdin.write(payload)
    process.stdin.flush()
    done.wait(timeout=3600)
    elapsed = time.perf_counter() - started
    process.stdin.close()
    process.wait(timeout=60)
    if acknowledged != count:
        sys.exit(f"{label}: only {acknowledged} of {count} adds were acknowledged")
    print(f"{label}\t{count}\t{elapsed:.3f}\t{elapsed / count * 1e6:.1f}")


if __name__ == "__main__":
    main()
