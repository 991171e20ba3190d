#!/usr/bin/env bash
# Runs the core test suites of the main package under ThreadSanitizer and AddressSanitizer.
#
#   scripts/sanitizers.sh [thread|address|all]     (default: all)
#
# Suites: SignalsTests (the reactive core), JSONTests, SystemIOTests, FramingTests, RPCTests,
# SQLiteTests, HostTests (sessions, dispatch, delegated calls), MCPServerTests (the MCP face)
# and DaemonTests (log sink, read-ahead budget). Each sanitizer builds into its own scratch directory (.build-tsan, .build-asan), so
# the ordinary .build is never touched or rebuilt.
#
# Leaks: XCTest itself leaks: every test case's XCTestCase and XCTestCaseRun objects stay
# allocated (JSONTests alone, which creates no session or signal, reports 46.6 KB in 567
# allocations, all from XCTest). So AddressSanitizer runs these suites with
# ASAN_OPTIONS=detect_leaks=0, and leak checking of the JSON and host path is left to the fuzzer
# (scripts/fuzz.sh, -detect_leaks=1 on every input), which releases a whole session after each
# input and fails on anything left behind. (With detect_leaks=1 these four suites report
# 0.67-0.71 MB, varying run to run: XCTest's share, plus mostly HostTests' SessionHarness
# releasing sessions with live instances and Signals tests leaving observations undisposed;
# Tests/fuzz-regressions/README.md has the session case, which the fuzzer pins down.)
#
# Exits non-zero if a test fails or any sanitizer report appears in the output. Logs are kept
# in .build-tsan/sanitizers.log and .build-asan/sanitizers.log; timings are printed.
set -euo pipefail
cd "$(dirname "$0")/.."

FILTER='SignalsTests|JSONTests|SystemIOTests|FramingTests|RPCTests|SQLiteTests|HostTests|MCPServerTests|DaemonTests'
which="${1:-all}"
case "$which" in thread|address|all) ;; *) echo "usage: scripts/sanitizers.sh [thread|address|all]" >&2; exit 2 ;; esac

bash scripts/setup.sh

failed=0
summaries=()

# run NAME SANITIZER SCRATCH REPORT_PATTERN [ENV=VALUE...]
run() {
    local name=$1 sanitizer=$2 scratch=$3 pattern=$4
    shift 4
    mkdir -p "$scratch"
    local log="$scratch/sanitizers.log"
    echo "== $name: building the tests with --sanitize=$sanitizer into $scratch"
    local start=$(date +%s) status=0
    swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch" > "$log" 2>&1 || status=$?
    local built=$(date +%s)
    if [ "$status" -ne 0 ]; then
        tail -30 "$log"
        summaries+=("$name: BUILD FAILED (exit $status) after $((built - start)) s; log $log")
        failed=1
        return
    fi
    echo "== $name: swift test --sanitize=$sanitizer --filter '$FILTER'"
    env "$@" swift test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" --filter "$FILTER" >> "$log" 2>&1 || status=$?
    local tested=$(date +%s)
    local counts reports
    counts=$(grep -E '^\s*Executed [0-9]+ tests?, with [0-9]+ failures?' "$log" | tail -1 | sed 's/^[[:space:]]*//')
    local suppressed
    suppressed=$(sed -n 's/^ThreadSanitizer: Matched \([0-9]*\) suppressions.*/\1/p' "$log" | tail -1)
    reports=$(grep -cE "$pattern" "$log" || true)
    if [ "$status" -ne 0 ] || [ "$reports" -ne 0 ]; then
        grep -E "$pattern|SUMMARY:|error:|failed" "$log" | head -40 || true
        failed=1
    fi
    summaries+=("$name: ${counts:-no XCTest summary}; $reports sanitizer report(s)${suppressed:+, $suppressed suppressed}; exit $status; build $((built - start)) s, tests $((tested - built)) s; log $log")
}

if [ "$which" = thread ] || [ "$which" = all ]; then
    # halt_on_error=0: report every race, not just the first; the run then fails if any.
    # Suppressions, if any, are false positives justified one by one in the file (none today).
    run ThreadSanitizer thread .build-tsan 'WARNING: ThreadSanitizer' \
        TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1 print_suppressions=1 suppressions=$PWD/scripts/tsan-suppressions.txt ${TSAN_OPTIONS:-}"
fi
if [ "$which" = address ] || [ "$which" = all ]; then
    run AddressSanitizer address .build-asan 'ERROR: AddressSanitizer|ERROR: LeakSanitizer' \
        ASAN_OPTIONS="detect_leaks=0 ${ASAN_OPTIONS:-}"
fi

printf '%s\n' "${summaries[@]}"
exit "$failed"
