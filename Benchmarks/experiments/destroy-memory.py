#!/usr/bin/env python3
"""What destroying instances gives back (issue 18, eighteenth session; a probe, not part of the
suite): a daemon makes COUNT instances of each TYPE in turn and destroys them in random order,
printing its resident set after each phase and how long the destroys took.

    python3 Benchmarks/experiments/destroy-memory.py BIN [COUNT] [TYPE...]

BIN is the daemon (the README's build); `SWITCHBOARD_INSTANCE_RUNS=off` in the environment
compares with glibc alone. Defaults: 100,000 signups."""
import json
import random
import subprocess
import sys
import threading
import time


def main():
    binary = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    types = sys.argv[3:] or ["signup"]
    process = subprocess.Popen([binary, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def exchange(lines, last_id):
        """Writes the lines while reading the answers (they would fill the pipe first);
        returns the seconds until the answer to `last_id`."""
        data = b"".join(lines)
        writer = threading.Thread(target=lambda: (process.stdin.write(data), process.stdin.flush()))
        started = time.monotonic()
        writer.start()
        while True:
            message = json.loads(process.stdout.readline())
            if "error" in message:
                sys.exit(f"destroy-memory: {message}")
            if message.get("id") == last_id:
                break
        writer.join()
        return time.monotonic() - started

    def rss_mb():
        with open(f"/proc/{process.pid}/status") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:")) / 1024

    def request(number, method, params):
        return json.dumps({"jsonrpc": "2.0", "id": number, "method": method, "params": params}).encode() + b"\n"

    exchange([request(0, "list", [])], 0)
    print(f"start: {rss_mb():.0f} MB")
    order = list(range(count))
    random.Random(1).shuffle(order)
    for kind in types:
        made = exchange([request(i, "create", {"type": kind, "id": f"{kind}{i}"}) for i in range(count)], count - 1)
        created = rss_mb()
        gone = exchange([request(n, "destroy", {"id": f"{kind}{i}"}) for n, i in enumerate(order)], count - 1)
        print(f"{count} {kind}: made in {made:.2f} s, {created:.0f} MB; destroyed in {gone:.2f} s, {rss_mb():.0f} MB")
    process.stdin.close()
    process.stdout.read()
    process.wait()


if __name__ == "__main__":
    main()
