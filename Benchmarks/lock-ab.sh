#!/usr/bin/env bash
# The reactive core's inline lock (Sources/Signals/Lock.swift) against a pthread mutex, the
# lock every other module uses (SystemIO.Monitor): the same benchmark harness built twice with
# cross-module optimization (as run.sh and the shipped daemon build), once with
# -DSIGNALS_PTHREAD_LOCK, then callgrind instructions per unit (N iterations minus a run
# with none) and bytes per small graph for every `signals` workload. Prints a table; the figures
# are quoted in Lock.swift's comment.
#
#   bash Benchmarks/lock-ab.sh          (about 10 minutes on 2 cores, most of it two builds)
# Settings (environment): COUNT_N (iterations under callgrind, default 20000), WARMUP (1000).
set -euo pipefail
cd "$(dirname "$0")"
COUNT_N="${COUNT_N:-20000}"
WARMUP="${WARMUP:-1000}"
out=.build-results-lock
mkdir -p "$out"

build() { # scratch-path [extra swift build arguments]
    local scratch="$1"; shift
    swift build -c release --scratch-path "$scratch" "$@" --product SwitchboardBench >&2
    # valgrind 3.19 cannot read the DWARF 5 that clang writes for the C targets.
    objcopy --strip-debug "$(swift build -c release --scratch-path "$scratch" "$@" --show-bin-path)/SwitchboardBench" "$out/bench-$(basename "$scratch")"
}
build .build-lock-inline -Xswiftc -cross-module-optimization
build .build-lock-pthread -Xswiftc -cross-module-optimization -Xswiftc -DSIGNALS_PTHREAD_LOCK

total_ir() { awk '/^totals:/ { print $2 }' "$1"; }
count() { # binary id n
    valgrind --tool=callgrind --callgrind-out-file="$out/$(basename "$1").$2.$3.out" "$1" count "$2" signals "$3" "$WARMUP" >/dev/null 2>&1
    total_ir "$out/$(basename "$1").$2.$3.out"
}

printf '| workload | unit | inline lock (instr/unit) | pthread mutex (instr/unit) | pthread ÷ inline |\n|---|---|---:|---:|---:|\n'
"$out/bench-.build-lock-inline" list | awk -F'\t' '$1 != "memory" && $2 == "signals" { print $1 "\t" $3 }' | while IFS=$'\t' read -r id unit; do
    per=()
    for variant in inline pthread; do
        bin="$out/bench-.build-lock-$variant"
        full="$(count "$bin" "$id" "$COUNT_N")"; base="$(count "$bin" "$id" 0)"
        per+=("$(awk -v f="$full" -v b="$base" -v n="$COUNT_N" 'BEGIN { printf "%.1f", (f - b) / n }')")
    done
    printf '| %s | %s | %s | %s | %s× |\n' "$id" "$unit" "${per[0]}" "${per[1]}" "$(awk -v a="${per[0]}" -v b="${per[1]}" 'BEGIN { printf "%.2f", b / a }')"
done
for variant in inline pthread; do
    printf 'bytes per small graph (%s lock): ' "$variant"
    "$out/bench-.build-lock-$variant" memory signals | cut -f3- | head -1
done
