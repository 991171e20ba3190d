#!/usr/bin/env bash
# The test command: sets up, builds, and runs every test suite. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build --build-tests
swift test
