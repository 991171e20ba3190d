#!/usr/bin/env bash
# The long reliability runs, on a release build (CI runs the short versions through
# scripts/test.sh). Results go in RELIABILITY.md with the command that produced them.
#   bash scripts/reliability.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build -c release -Xswiftc -cross-module-optimization --product switchboard
export SWITCHBOARD=.build/release/switchboard
echo "== 1 GiB line: peak RSS stays bounded"
python3 Tests/e2e/huge_line.py 1024
echo "== 1,000,000 pipelined requests with interleaved client replies"
python3 Tests/e2e/load.py 1000000
echo "== model-based: 10,000 random sequences per view model"
python3 Tests/e2e/test_model.py 10000 7
echo "== hostile input and limits"
python3 Tests/e2e/test_hostile.py
