#!/usr/bin/env bash
# The test command: sets up, builds, and runs every suite. Exits non-zero on any failure.
#   1. swift test: unit, view-model, host and framing tests (XCTest);
#   2. transcripts: protocol.md's examples and examples/transcripts, replayed against fresh
#      daemons of the built binary over real pipes (switchboard test).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build --build-tests
swift test
echo "== transcripts (protocol.md and examples/transcripts)"
.build/debug/switchboard test --color never protocol.md examples/transcripts
echo "== daemon end to end over pipes (framing, lifecycle, ordering)"
SWITCHBOARD=.build/debug/switchboard python3 Tests/e2e/test_daemon.py
echo "== hostile input and limits over pipes"
SWITCHBOARD=.build/debug/switchboard python3 Tests/e2e/test_hostile.py
