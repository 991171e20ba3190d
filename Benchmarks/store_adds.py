#!/usr/bin/env python3
"""One run of the store benchmark: COUNT single-friend adds through DAEMONS daemons sharing one
fresh data file, each add through an addFriend screen of its own (no simulated latency),
pipelined; the time is from the first byte written to the last `navigateBack` (each sent only
after its save committed). Prints
`label<TAB>count<TAB>daemons<TAB>seconds<TAB>adds per second`.

    python3 Benchmarks/store_adds.py LABEL COUNT DAEMONS DATA_FILE [--database] -- DAEMON [ARGS...]

Each daemon gets `--data-file DATA_FILE` appended (DATA_FILE must not exist), or with
`--database`, `--database DATA_FILE` (a PostgreSQL URL of an empty database)."""

import json
import subprocess
import sys
import threading
import time


def requests(first, count):
    lines = []
    for n in range(first, first + count):
        vm = f"a{n}"
        for message in (
            {"jsonrpc": "2.0", "id": f"{vm}c", "method": "create", "params": {"type": "addFriend", "id": vm, "options": {"latencyMs": 0}}},
            {"jsonrpc": "2.0", "id": f"{vm}f", "method": f"{vm}.firstnameChanged", "params": [f"First{n}"]},
            {"jsonrpc": "2.0", "id": f"{vm}l", "method": f"{vm}.lastnameChanged", "params": ["Last"]},
            {"jsonrpc": "2.0", "id": f"{vm}p", "method": f"{vm}.phonenumberChanged", "params": ["+1 555 0100"]},
            {"jsonrpc": "2.0", "id": f"{vm}s", "method": f"{vm}.submitButtonTapped"},
        ):
            lines.append(json.dumps(message, separators=(",", ":")))
    return ("\n".join(lines) + "\n").encode()


def main():
    label, count, daemons, data_file = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    option = "--database" if "--database" in sys.argv[:sys.argv.index("--")] else "--data-file"
    command = sys.argv[sys.argv.index("--") + 1:] + [option, data_file]
    share = count // daemons
    # The first daemon creates the file and its schema before the others open it.
    subprocess.run(command, input=b"", stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60, check=True)
    processes = [subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
                 for _ in range(daemons)]
    payloads = [requests(index * share, share) for index in range(daemons)]
    acknowledged = [0] * daemons

    def read(index):
        for line in processes[index].stdout:
            if b'"navigateBack"' in line:
                acknowledged[index] += 1
                if acknowledged[index] == share:
                    return

    readers = [threading.Thread(target=read, args=(index,), daemon=True) for index in range(daemons)]
    writers = [threading.Thread(target=lambda index=index: (processes[index].stdin.write(payloads[index]), processes[index].stdin.flush()), daemon=True)
               for index in range(daemons)]
    for reader in readers:
        reader.start()
    started = time.perf_counter()
    for writer in writers:
        writer.start()
    for reader in readers:
        reader.join(timeout=3600)
    elapsed = time.perf_counter() - started
    for process in processes:
        process.stdin.close()
        process.wait(timeout=60)
    if sum(acknowledged) != share * daemons:
        sys.exit(f"{label}: only {sum(acknowledged)} of {share * daemons} adds were acknowledged")
    print(f"{label}\t{share * daemons}\t{daemons}\t{elapsed:.3f}\t{share * daemons / elapsed:.0f}")


if __name__ == "__main__":
    main()
