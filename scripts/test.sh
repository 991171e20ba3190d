#!/usr/bin/env bash
# The test command: sets up, builds, and runs every suite. Exits non-zero on any failure.
#   0. scripts/check-inlinable.py: Signals' declarations are all inlinable (see that script);
#   1. swift test: unit, view-model, host and framing tests (XCTest), the benchmark
#      report's tests (Benchmarks/Tests: the verdicts of BENCHMARKS.md), and the paired
#      statistics of Benchmarks/scale-ab.sh (Python);
#   2. transcripts: protocol.md's examples and examples/transcripts, replayed against fresh
#      daemons of the built binary over real pipes (switchboard test);
#   3. the daemon end to end over pipes, hostile input and limits, the transport against
#      hostile clients (signals, back-pressure, logs), the SQLite store, the model-based test,
#      exactly-once delivery under load, the MCP face under the official MCP SDK, and the REPL
#      on a real pseudo-terminal (Python);
#   4. examples: the jq pipe, the Python client's tests and demo, and the SearchBox package
#      as a user's package (Tests/e2e/test_own_package.py: outside the repository, on a git
#      tag of a clone of HEAD, a plain release build, serve, repl, mcp and test); the README's
#      first command as written (a release build, then examples/signup.sh against it);
#   5. the sanitizer suites and the fuzzer's regression inputs (own build folders);
#   6. the editor clients, headless: examples/emacs in `emacs --batch`, examples/neovim in
#      `nvim --headless` (Tests/editors/run.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --tests
echo "== the reactive core's generic code is specializable by a plain release build"
python3 scripts/check-inlinable.py
swift build --build-tests
swift test
echo "== the benchmark report's verdicts (Benchmarks/Tests: how BENCHMARKS.md's PASS and FAIL are computed)"
# Only the report's library and its tests are built (not the benchmark harness or the peers);
# the run must execute tests, not merely find none. (Its output is kept in a file to be
# checked: `tee /dev/stderr` would reopen, and truncate, a log that stderr is redirected to.)
report_tests_log=$(mktemp)
(cd Benchmarks && export SWITCHBOARD_INTERNAL_PRODUCTS=1 && swift build --product SwitchboardBenchmarksPackageTests && swift test --skip-build) 2>&1 | tee "$report_tests_log"
ran=$(grep -cE "Executed [1-9][0-9]* tests?, with 0 failures" "$report_tests_log" || true)
rm -f "$report_tests_log"
[ "$ran" -gt 0 ] || { echo "the benchmark report's tests: none ran" >&2; exit 1; }
echo "== the paired statistics of Benchmarks/scale-ab.sh (Benchmarks/daemon/test_paired.py)"
paired_log=$(mktemp)
python3 Benchmarks/daemon/test_paired.py >"$paired_log" 2>&1 || { cat "$paired_log" >&2; exit 1; }
tail -3 "$paired_log"
grep -qE "^Ran [1-9][0-9]* tests?" "$paired_log" || { echo "the paired statistics' tests: none ran" >&2; exit 1; }
rm -f "$paired_log"
echo "== transcripts (protocol.md and examples/transcripts)"
.build/debug/switchboard test --color never protocol.md examples/transcripts
echo "== the transcript report in headless Chromium, and the non-exhaustive mode"
SWITCHBOARD=.build/debug/switchboard python3 Tests/report/test_report.py
echo "== daemon end to end over pipes (framing, lifecycle, ordering)"
SWITCHBOARD=.build/debug/switchboard python3 Tests/e2e/test_daemon.py
echo "== hostile input and limits over pipes"
SWITCHBOARD=.build/debug/switchboard python3 Tests/e2e/test_hostile.py
echo "== the transport against hostile clients: signals, exit statuses, back-pressure, logs, descriptors"
SWITCHBOARD=.build/debug/switchboard python3 Tests/e2e/test_transport.py
echo "== the friends store on SQLite: kill -9 mid-burst, two daemons on one file, hostile data files"
SWITCHBOARD=.build/debug/switchboard python3 Tests/e2e/test_store.py 12
echo "== the friends store on PostgreSQL: a throwaway server, the same guarantees, eight daemons at once, its faults"
SWITCHBOARD=.build/debug/switchboard python3 Tests/e2e/test_store_postgres.py 4
echo "== switchboard mcp driven by the official MCP Python SDK (tools, resources, subscriptions)"
SWITCHBOARD=.build/debug/switchboard timeout 300 python3 Tests/mcp/test_mcp.py
echo "== switchboard mcp in both eras: the SDK's legacy, auto and 2026-07-28 modes, and the current revision's bad input"
SWITCHBOARD=.build/debug/switchboard timeout 300 python3 Tests/mcp/test_mcp_revisions.py
echo "== examples (shell, Python, SearchBox)"
signup_outputs="$(bash examples/signup-jq.sh .build/debug/switchboard)"
echo "$signup_outputs"
grep -q '"Successful"' <<<"$signup_outputs" || { echo 'examples/signup-jq.sh: no "Successful" alert' >&2; exit 1; }
SWITCHBOARD=.build/debug/switchboard bash examples/signup.sh | grep -q '"Successful"' || { echo 'examples/signup.sh ignored SWITCHBOARD' >&2; exit 1; }
if SWITCHBOARD=/nonexistent/switchboard bash examples/signup.sh 2>/dev/null; then echo 'examples/signup.sh ran without a binary' >&2; exit 1; fi
SWITCHBOARD=.build/debug/switchboard python3 examples/python/test_client.py
SWITCHBOARD=.build/debug/switchboard python3 examples/python/demo.py
echo "== a package of one's own: examples/SearchBox outside the repository, on a git tag of a clone of HEAD"
python3 Tests/e2e/test_own_package.py
echo "== the README's first command, as written there (a release build, then examples/signup.sh)"
first_command="$(awk '/^    bash scripts\/setup.sh/ { sub(/^    /, ""); print; exit }' README.md)"
[ -n "$first_command" ] || { echo "README.md: the first command was not found" >&2; exit 1; }
echo "$first_command"
readme_outputs="$(rm -f .build/release/switchboard && bash -c "$first_command")"
grep -q '"alertMessage","value":"Successful"' <<<"$readme_outputs" || { echo "$readme_outputs"; echo "README.md's first command did not sign up" >&2; exit 1; }
echo "the release build signed up"
echo "== the release build is the ordinary one, hardened as the toolchain makes it"
bash scripts/check-build.sh .build/release/switchboard
echo "== the README's first ten minutes, line by line, against that build"
walkthrough="$(awk '/^## The first ten minutes/ { on = 1; next } /^## / { on = 0 } on && /^    / { sub(/^    /, ""); print }' README.md)"
[ "$(wc -l <<<"$walkthrough")" -ge 5 ] || { echo "README.md: the first-ten-minutes block was not found" >&2; exit 1; }
while IFS= read -r line; do
    case "$line" in B=*) continue ;; '$B    #'*) continue ;; esac  # the binary's path; the interactive REPL
    echo "\$ $line"
    out="$(B=.build/release/switchboard bash -c "$line" 2>&1)" || { echo "$out"; echo "README.md walk-through line failed: $line" >&2; exit 1; }
    [ -n "$out" ] || { echo "README.md walk-through line printed nothing: $line" >&2; exit 1; }
done <<<"$walkthrough"
echo "every walk-through line ran"
echo "== model-based test: random signup and register sequences against an independent model"
SWITCHBOARD=.build/debug/switchboard python3 Tests/e2e/test_model.py 2000
echo "== exactly-once, in-order delivery under 100,000 pipelined requests with delegated calls"
SWITCHBOARD=.build/debug/switchboard python3 Tests/e2e/load.py 100000
echo "== REPL on a real pseudo-terminal (pexpect) and in plain mode"
SWITCHBOARD_BIN=.build/debug/switchboard python3 Tests/repl/test_repl.py
echo "== sanitizers: core, JSON, framing and host tests under TSan and ASan (own build folders)"
bash scripts/sanitizers.sh all
echo "== fuzz regressions: every input the fuzzer ever flagged, replayed through the libFuzzer target"
bash scripts/fuzz.sh --regressions

# --- Editor clients, headless, against the debug build: examples/emacs/switchboard.el in
# `emacs --batch` (ERT) and examples/neovim/switchboard.lua in `nvim --headless`. Each suite
# runs under `timeout 120`, prints "<editor>: N passed, M failed" last, and fails this script.
echo "== editor clients: Emacs (examples/emacs) and Neovim (examples/neovim), headless"
SWITCHBOARD=.build/debug/switchboard EDITOR_TEST_TIMEOUT=120 bash Tests/editors/run.sh
