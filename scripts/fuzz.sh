#!/usr/bin/env bash
# Fuzzes the daemon's whole input path (bytes → framing → session → serialized responses) with
# libFuzzer and AddressSanitizer, leak detection on. See Fuzz/README.md for the target and its
# invariants.
#
#   scripts/fuzz.sh [SECONDS] [JOBS]   build, then fuzz for SECONDS (default 60) with JOBS
#                                      processes (default 1; more uses libFuzzer's -fork mode,
#                                      whose summary figures come from the parent's last status
#                                      line and count only what the jobs reported back)
#   scripts/fuzz.sh --regressions      build, then replay every Tests/fuzz-regressions/*.bin and
#                                      every seed once; fails if any of them fails (see
#                                      Tests/fuzz-regressions/README.md)
#
# The seed corpus (Fuzz/corpus/, tracked) is read; what the fuzzer adds goes to
# Fuzz/corpus-grown/ (ignored by git), which later runs start from. A crash, leak or timeout is
# written to Fuzz/artifacts/ (ignored): turn it into a regression file. The full libFuzzer log
# of the last run is Fuzz/artifacts/last-run.log. Exits non-zero on any finding.
set -euo pipefail
cd "$(dirname "$0")/.."

FUZZ_DIR=Fuzz
BINARY="$FUZZ_DIR/.build/debug/SessionFuzzer"
REGRESSIONS=Tests/fuzz-regressions
ARTIFACTS="$FUZZ_DIR/artifacts"
GROWN="$FUZZ_DIR/corpus-grown"

build() {
    bash scripts/setup.sh
    echo "== building the fuzzer (swiftc -sanitize=fuzzer,address)" >&2
    # -sanitize=fuzzer instruments every module of the build (the main package's too) for
    # coverage and links libFuzzer; the Swift entry point hands control to LLVMFuzzerRunDriver.
    # The fuzzer reaches Switchboard's implementation modules through products the main
    # package declares only with SWITCHBOARD_INTERNAL_PRODUCTS set (see its Package.swift).
    SWITCHBOARD_INTERNAL_PRODUCTS=1 swift build -c debug --package-path "$FUZZ_DIR" -Xswiftc -sanitize=fuzzer,address >&2
}

# AddressSanitizer: report leaks (libFuzzer checks each input that allocates more than it
# frees), and keep the ASan report readable.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:symbolize=1:detect_stack_use_after_return=0}"

if [ "${1:-}" = "--regressions" ]; then
    build
    shopt -s nullglob
    files=("$REGRESSIONS"/*.bin)
    seeds=("$FUZZ_DIR"/corpus/*)
    mkdir -p "$ARTIFACTS"
    failed=0
    # Given files instead of directories, libFuzzer runs each once and exits non-zero on the
    # first that crashes, leaks or times out. Two passes: the fuzzing run's own teardown
    # (instances destroyed through the protocol) over regressions and seeds, then the
    # regressions again with the session dropped as it is (SESSION_FUZZER_TEARDOWN=drop).
    replay() {
        local name=$1; shift
        local log="$ARTIFACTS/replay-$name.log"
        if "$BINARY" -timeout=5 -rss_limit_mb=2048 -detect_leaks=1 "$@" > "$log" 2>&1; then
            echo "fuzz regressions ($name): $# input(s) replayed, all clean"
        else
            local status=$?
            grep -E 'Running:|ERROR|SUMMARY|Fatal error|invariant violated' "$log" | tail -20
            echo "fuzz regressions ($name): FAILED (exit $status); full log in $log"
            failed=1
        fi
    }
    replay destroy "${files[@]}" "${seeds[@]}"
    if [ ${#files[@]} -gt 0 ]; then
        SESSION_FUZZER_TEARDOWN=drop replay drop "${files[@]}"
    fi
    exit "$failed"
fi

SECONDS_TO_RUN="${1:-60}"
JOBS="${2:-1}"
case "$SECONDS_TO_RUN$JOBS" in *[!0-9]*) echo "usage: scripts/fuzz.sh [SECONDS] [JOBS] | --regressions" >&2; exit 2 ;; esac

build
mkdir -p "$GROWN" "$ARTIFACTS"
LOG="$ARTIFACTS/last-run.log"
args=(
    -max_len=4096 -timeout=5 -rss_limit_mb=2048 -detect_leaks=1
    -max_total_time="$SECONDS_TO_RUN" -print_final_stats=1
    -dict="$FUZZ_DIR/switchboard.dict" -artifact_prefix="$ARTIFACTS/"
)
if [ "$JOBS" -gt 1 ]; then args+=(-fork="$JOBS"); fi
# New inputs are written to the first directory only, so the tracked seeds stay as they are.
command=("$BINARY" "${args[@]}" "$GROWN" "$FUZZ_DIR/corpus")
echo "== ${command[*]}"
start=$(date +%s)
status=0
"${command[@]}" > "$LOG" 2>&1 || status=$?
elapsed=$(( $(date +%s) - start ))

# The summary: libFuzzer's final stats, else its last status line (fork mode).
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$LOG" | tail -1)
last=$(grep -E '^#[0-9]+' "$LOG" | tail -1 || true)
[ -n "$execs" ] || execs=$(printf '%s\n' "$last" | sed -n 's/^#\([0-9]*\).*/\1/p')
cov=$(printf '%s\n' "$last" | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
ft=$(printf '%s\n' "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
corpus_files=$(find "$GROWN" -type f | wc -l)
corpus_bytes=$(du -sb "$GROWN" | cut -f1)
result=clean
if [ "$status" -ne 0 ] || grep -qE '^==[0-9]+==ERROR|deadly signal|ERROR: libFuzzer' "$LOG"; then
    result="FINDING (exit $status; see $LOG and $ARTIFACTS/)"
    grep -E 'ERROR|SUMMARY|Fatal error|invariant violated|Test unit written' "$LOG" | head -20 || true
fi
echo "fuzz: ${execs:-?} executions in ${elapsed} s ($(( ${execs:-0} / (elapsed > 0 ? elapsed : 1) )) exec/s), cov: ${cov:-?} ft: ${ft:-?}, grown corpus: $corpus_files files / $corpus_bytes bytes, result: $result"
[ "$result" = clean ]
