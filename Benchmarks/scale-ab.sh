#!/usr/bin/env bash
# Two daemon builds (or one build under two environments) compared on the scale workload in
# interleaved rounds, for changes to the 100,000-instance ratio, whose run-to-run spread on a
# shared machine is larger than most changes. Each
# round runs `daemon_client scale` at 1 and at INSTANCES instances for A and for B, in the
# order A B in odd rounds and B A in even ones, and takes each side's ratios (wall and CPU,
# INSTANCES ÷ 1) in that round; a side's verdict is the median of its per-round ratios. The
# comparison is paired: B's ratio minus A's in the same round, with the median difference, how
# many rounds B was lower, the two-sided sign test's p-value and a bootstrap 90% interval of
# the median difference (Benchmarks/daemon/paired.py, tested by test_paired.py). Also printed:
# each side's CPU time a request at 1 and at INSTANCES (µs, medians), which a ratio hides (a
# change that also speeds up one instance raises its ratio).
#
#   bash Benchmarks/scale-ab.sh [-n ROUNDS] [-i INSTANCES] [-r REQUESTS] -- \
#       LABEL_A 'COMMAND A' LABEL_B 'COMMAND B'
#
# A COMMAND is what `daemon_client` spawns (words split by the shell), for example
# '/tmp/a/switchboard serve' or 'env SB_SWITCH=1 /tmp/b/switchboard serve'. Defaults: 8 rounds,
# 100,000 instances, 400,000 requests (some 7 to 10 s a round here). Nothing else should run meanwhile.
# SCALE_LAST_TYPE in the environment reaches the client (see daemon_client's main.c): one
# instance of that type made last, for which the commands need `--max-instances 100001` or more.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
rounds=8 instances=100000 requests=400000
while [ $# -gt 0 ]; do
    case "$1" in
        -n) rounds="$2"; shift 2 ;;
        -i) instances="$2"; shift 2 ;;
        -r) requests="$2"; shift 2 ;;
        --) shift; break ;;
        *) echo "usage: scale-ab.sh [-n ROUNDS] [-i INSTANCES] [-r REQUESTS] -- LABEL_A 'COMMAND A' LABEL_B 'COMMAND B'" >&2; exit 64 ;;
    esac
done
if [ $# -ne 4 ]; then
    echo "scale-ab.sh: expected LABEL_A 'COMMAND A' LABEL_B 'COMMAND B' after --" >&2
    exit 64
fi
labels=("$1" "$3") commands=("$2" "$4")

tools="$here/.build-daemon"
mkdir -p "$tools"
client="$tools/daemon_client"
. "$here/lib/client-build.sh"
build_daemon_client "$client" "$here"

results="$(mktemp)"
trap 'rm -f "$results"' EXIT
# One line per run: round side instances wall_seconds cpu_seconds
run() { # round side count
    local line
    # shellcheck disable=SC2086 # the command's words are meant to be split
    line="$("$client" scale "${labels[$2]}" "$3" "$requests" 7 -- ${commands[$2]} | tail -1)" || {
        echo "scale-ab.sh: the scale run of ${labels[$2]} failed (instances: $3)" >&2
        exit 1
    }
    awk -F'\t' -v r="$1" -v s="$2" -v n="$3" '{ print r, s, n, $5, $6 }' <<<"$line" >>"$results"
}
for round in $(seq "$rounds"); do
    order=(0 1)
    if [ $((round % 2)) -eq 0 ]; then order=(1 0); fi
    for side in "${order[@]}"; do
        run "$round" "$side" 1
        run "$round" "$side" "$instances"
    done
    echo "round $round of $rounds done" >&2
done

python3 "$here/daemon/paired.py" "$results" "${labels[0]}" "${labels[1]}" "$instances" "$requests"
