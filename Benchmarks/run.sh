#!/usr/bin/env bash
# Builds and runs Switchboard's benchmark suite, then writes BENCHMARKS.md at the repository
# root. Run from anywhere:
#
#     bash Benchmarks/run.sh
#
# `bash Benchmarks/run.sh --report-only` renders BENCHMARKS.md again from the last run's
# figures (Benchmarks/.build-results), e.g. after editing Benchmarks/ANALYSIS.md.
#
# Settings (environment): PROCESSES (timing processes, default 3), ROUNDS (rounds per
# process, 7), TARGET_MS (ms per round and workload, 20), COUNT_N (iterations under
# callgrind, 20000), WARMUP (iterations before counting, 1000), GRAPHS (memory workload,
# 100000), CMO (auto | on | off; auto tries -cross-module-optimization and falls back to a
# plain release build if the compiler fails, saying so in the report).
#
# Needs: swift, cc, libjansson-dev, valgrind, objcopy. About 5 minutes on 2 cores after the
# first build.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
cd "$here"

PROCESSES="${PROCESSES:-3}"
ROUNDS="${ROUNDS:-7}"
TARGET_MS="${TARGET_MS:-20}"
COUNT_N="${COUNT_N:-20000}"
WARMUP="${WARMUP:-1000}"
GRAPHS="${GRAPHS:-100000}"
CMO="${CMO:-auto}"

out="$here/.build-results"
if [ "${1:-}" = --report-only ]; then
    bench="$(swift build -c release --scratch-path .build-cmo --show-bin-path 2>/dev/null)/SwitchboardBench"
    [ -x "$bench" ] || bench="$(swift build -c release --scratch-path .build-release --show-bin-path)/SwitchboardBench"
    "$bench" report "$out/results.tsv" "$out/machine.md" "$out/profile.md" "$here/ANALYSIS.md" "$root/BENCHMARKS.md"
    exit 0
fi
rm -rf "$out"
mkdir -p "$out/callgrind"
results="$out/results.tsv"
: >"$results"

log() { printf '[run.sh %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

# --- Build -------------------------------------------------------------------------------
build_note=""
build_command=""
build() { # scratch path, extra flags...
    local scratch="$1"
    shift
    swift build -c release --scratch-path "$scratch" "$@" --product SwitchboardBench
}
if [ "$CMO" != off ]; then
    log "building with -cross-module-optimization"
    if build .build-cmo -Xswiftc -cross-module-optimization >"$out/build-cmo.log" 2>&1; then
        bin_dir="$(build .build-cmo -Xswiftc -cross-module-optimization --show-bin-path)"
        build_command="swift build -c release -Xswiftc -cross-module-optimization"
    elif [ "$CMO" = on ]; then
        tail -40 "$out/build-cmo.log" >&2
        exit 1
    else
        reason="$(grep -m1 -E '^Abort' "$out/build-cmo.log" || grep -m1 -E '^error' "$out/build-cmo.log" || echo 'see the build log')"
        crashed_in="$(grep -m1 -oE -- '-module-name [A-Za-z]+' "$out/build-cmo.log" | cut -d' ' -f2 || true)"
        build_note="**The build with \`-Xswiftc -cross-module-optimization\` failed** (module ${crashed_in:-?}: \`$reason\`), so every figure below, OpenCombine's included, comes from a plain release build (\`-O\`, the compiler's default conservative CMO). The issue's peer figures were taken with full CMO."
        log "CMO build failed ($reason); falling back to a plain release build"
    fi
fi
if [ -z "$build_command" ]; then
    build .build-release >"$out/build-release.log" 2>&1 || { tail -40 "$out/build-release.log" >&2; exit 1; }
    bin_dir="$(build .build-release --show-bin-path)"
    build_command="swift build -c release"
fi
bench="$bin_dir/SwitchboardBench"

# valgrind 3.19 cannot read the DWARF 5 that clang writes for the C targets; callgrind
# only needs the symbol table, so it runs a copy without debug sections.
mkdir -p .build-valgrind
objcopy --strip-debug "$bench" .build-valgrind/SwitchboardBench
vbench="$here/.build-valgrind/SwitchboardBench"

log "building c/jansson_line.c"
cc -O2 -Wall -Wextra -o .build-valgrind/jansson_line c/jansson_line.c -ljansson
cjansson="$here/.build-valgrind/jansson_line"

# --- Checks ------------------------------------------------------------------------------
log "checking that variants agree"
"$bench" check >"$out/check.tsv" || { cat "$out/check.tsv" >&2; exit 1; }
for line in request notification; do
    expected="$("$cjansson" output "$line")"
    while IFS=$'\t' read -r variant text; do
        if [ "$text" != "$expected" ]; then
            printf 'wire output differs for %s (%s):\n  swift: %s\n  C:     %s\n' "$line" "$variant" "$text" "$expected" >&2
            exit 1
        fi
    done < <("$bench" wire-output "$line")
done

# --- Wall clock --------------------------------------------------------------------------
log "timing: $PROCESSES processes x $ROUNDS rounds x ${TARGET_MS} ms per workload"
for ((p = 1; p <= PROCESSES; p++)); do
    "$bench" time "$ROUNDS" "$TARGET_MS" >>"$results"
    for line in request notification; do
        for op in roundtrip parse; do
            variant=jansson
            [ "$op" = parse ] && variant=jansson-parse
            printf 'time\twire-%s\t%s\tline\t%s\n' "$line" "$variant" \
                "$("$cjansson" time "$op" "$line" "$ROUNDS" "$TARGET_MS")" >>"$results"
        done
    done
done

# --- Instruction counts ------------------------------------------------------------------
# Ir(warm-up + N) - Ir(warm-up + 0), divided by N; two valgrind processes at a time.
log "counting instructions under callgrind (N = $COUNT_N)"
jobs_file="$out/callgrind/jobs"
: >"$jobs_file"
while IFS=$'\t' read -r id variant _; do
    [ "$id" = memory ] && continue
    for n in "$COUNT_N" 0; do
        echo "valgrind --tool=callgrind --callgrind-out-file=$out/callgrind/$id.$variant.$n.out $vbench count $id $variant $n $WARMUP" >>"$jobs_file"
    done
done < <("$bench" list)
for line in request notification; do
    for op in roundtrip parse; do
        variant=jansson
        [ "$op" = parse ] && variant=jansson-parse
        for n in "$COUNT_N" 0; do
            echo "valgrind --tool=callgrind --callgrind-out-file=$out/callgrind/wire-$line.$variant.$n.out $cjansson count $op $line $n $WARMUP" >>"$jobs_file"
        done
    done
done
xargs -P 2 -I{} sh -c '{} >/dev/null 2>&1' <"$jobs_file"
total_ir() { awk '/^totals:/ { print $2 }' "$1"; }
for file in "$out"/callgrind/*."$COUNT_N".out; do
    name="$(basename "$file" ".$COUNT_N.out")"
    id="${name%%.*}"
    variant="${name#*.}"
    measured="$(total_ir "$file")"
    baseline="$(total_ir "$out/callgrind/$name.0.out")"
    awk -v id="$id" -v variant="$variant" -v a="$measured" -v b="$baseline" -v n="$COUNT_N" \
        'BEGIN { printf "instr\t%s\t%s\t%.1f\n", id, variant, (a - b) / n }' >>"$results"
done

# --- Memory ------------------------------------------------------------------------------
log "memory per small graph ($GRAPHS graphs)"
# Live heap blocks per graph, from valgrind's DHAT at the heap's peak (all graphs alive):
# the difference between 2,000 and 1,000 graphs, so set-up allocations cancel out.
live_at_peak() { # variant, graphs -> "BYTES BLOCKS"
    valgrind --tool=dhat --dhat-out-file=/dev/null "$vbench" memory "$1" "$2" 2>&1 |
        awk '/At t-gmax:/ { gsub(",", ""); print $4, $7 }'
}
for variant in signals signals-property-map opencombine closures; do
    "$bench" memory "$variant" "$GRAPHS" >>"$results"
    read -r bytes1 blocks1 < <(live_at_peak "$variant" 1000)
    read -r bytes2 blocks2 < <(live_at_peak "$variant" 2000)
    awk -v v="$variant" -v b1="$bytes1" -v k1="$blocks1" -v b2="$bytes2" -v k2="$blocks2" \
        'BEGIN { printf "alloc\t%s\t%.2f\t%.1f\n", v, (k2 - k1) / 1000, (b2 - b1) / 1000 }' >>"$results"
done

printf 'meta\tbuild\t%s\n' "$build_command" >>"$results"
printf 'meta\trounds\t%s\nmeta\tprocesses\t%s\nmeta\ttarget_ms\t%s\nmeta\tcount_n\t%s\nmeta\twarmup\t%s\n' \
    "$((ROUNDS * PROCESSES))" "$PROCESSES" "$TARGET_MS" "$COUNT_N" "$WARMUP" >>"$results"

# --- Profiles ----------------------------------------------------------------------------
# Per-function instructions of the N-iteration run minus the baseline run, per iteration:
# "INSTRUCTIONS<TAB>FILE:FUNCTION [OBJECT]", demangled, most expensive first.
per_function() { # inclusive (no|yes), workload, variant
    local mode="$1" id="$2" variant="$3"
    dump() {
        callgrind_annotate --inclusive="$mode" --threshold=100 "$1" 2>/dev/null |
            awk '/^ *[0-9,]+ +\([ 0-9.]+%\) +/ { n = $1; gsub(",", "", n); sub(/^ *[0-9,]+ +\([ 0-9.]+%\) +/, ""); print n "\t" $0 }'
    }
    awk -F'\t' -v n="$COUNT_N" '
        FNR == NR { base[$2] = $1; next }
        $2 != "PROGRAM TOTALS" { d = ($1 - base[$2]) / n; if (d > 0.05) printf "%.2f\t%s\n", d, $2 }
    ' <(dump "$out/callgrind/$id.$variant.0.out") <(dump "$out/callgrind/$id.$variant.$COUNT_N.out") |
        sort -t$'\t' -k1,1 -g -r | swift demangle --simplified
}
# The kinds of code, in table order, and how a function is classified into one.
kinds="generic metadata|exclusivity checks|retain/release|allocation|other Swift runtime|libc other|jansson|Signals and harness"
classify() { # exclusive.tsv -> one line of instr/iteration per kind, tab-separated, in $kinds order
    awk -F'\t' -v kinds="$kinds" '
        {
            f = $2
            if (f ~ /swift_beginAccess|swift_endAccess|AccessSet|SwiftTLSContext|__tls_get_addr/) k = "exclusivity checks"
            else if (f ~ /__swift_instantiateGenericMetadata|type metadata accessor|swift_getWitnessTable/ ||
                     (f ~ /libswiftCore/ && f ~ /Metadata|[Cc]ache|[Hh]ash|AtomicWaitQueue|getTupleType/)) k = "generic metadata"
            else if (f ~ /swift_(retain|release|bridgeObject|unknownObject|weak|isUniquelyReferenced|nonatomic)|RefCounts/) k = "retain/release"
            else if (f ~ /swift_(allocObject|deallocObject|slowAlloc|slowDealloc|deallocClassInstance|allocBox|deallocUninitialized)/ ||
                     (f ~ /libc\.so/ && f ~ /malloc|free|_int_/)) k = "allocation"
            else if (f ~ /libswiftCore|libswift_/) k = "other Swift runtime"
            else if (f ~ /libjansson/) k = "jansson"
            else if (f ~ /libc\.so|ld-linux/) k = "libc other"
            else k = "Signals and harness"
            sum[k] += $1
        }
        END { n = split(kinds, order, "|"); for (i = 1; i <= n; i++) printf "%s%.0f", (i > 1 ? "\t" : ""), sum[order[i]]; print "" }
    ' "$1"
}
# A function name for a table: no "???:" prefix, object reduced to its file name, no pipes.
tidy() {
    awk -F'\t' -v total="$1" -v limit="$2" '
        NR <= limit {
            name = $2; sub(/^\?\?\?:/, "", name)
            if (match(name, / \[[^]]*\]$/)) { object = substr(name, RSTART + 2, RLENGTH - 3); sub(/.*\//, "", object); name = substr(name, 1, RSTART - 1) " (" object ")" }
            gsub(/\|/, "\\|", name); if (length(name) > 160) name = substr(name, 1, 157) "..."
            printf "| %.0f | %.1f%% | `%s` |\n", $1, 100 * $1 / total, name
        }'
}
instr_of() { awk -F'\t' -v id="$1" -v variant="$2" '$1 == "instr" && $2 == id && $3 == variant { print $4 }' "$results"; }

worst="$("$bench" worst "$results")"
log "profiling (detail for $worst, furthest from its target)"
profile="$out/profile.md"
{
    echo "Callgrind's per-function instruction counts of the N-iteration run minus those of the"
    echo "baseline run, divided by N: process start and set-up are excluded. Names demangled with"
    echo "\`swift demangle --simplified\`."
    echo
    echo "**Every Signals workload, by kind of code** (exclusive instructions per iteration, classified"
    echo "by function name: *generic metadata* is the runtime looking up generic type metadata"
    echo "(\`swift_getGenericMetadata\`, \`swift_getTupleTypeMetadata\`, metadata accessors) for code that"
    echo "runs unspecialized; *exclusivity checks* are \`swift_beginAccess\`/\`swift_endAccess\`, the dynamic"
    echo "enforcement of exclusive access to class properties):"
    echo
    header="| Workload | instr/iteration |"
    rule="|---|---:|"
    IFS='|' read -r -a kind_list <<<"$kinds"
    for kind in "${kind_list[@]}"; do header="$header $kind |"; rule="$rule---:|"; done
    echo "$header"
    echo "$rule"
    for id in chain fanout10 subscribe-dispose combine-latest3 merge8; do
        per_function no "$id" signals >"$out/exclusive.$id.tsv"
        total="$(instr_of "$id" signals)"
        classify "$out/exclusive.$id.tsv" | awk -F'\t' -v id="$id" -v total="$total" '
            { row = "| " id " | " sprintf("%.0f", total) " |"; for (i = 1; i <= NF; i++) row = row sprintf(" %.0f (%.0f%%) |", $i, 100 * $i / total); print row }'
    done
    total="$(instr_of "$worst" signals)"
    per_function yes "$worst" signals >"$out/inclusive.$worst.tsv"
    echo
    echo "### \`$worst\` in detail (furthest from its target): $total instructions per iteration"
    echo
    echo "**Top functions, exclusive** (instructions spent in the function itself):"
    echo
    echo "| instr/iteration | share | function |"
    echo "|---:|---:|---|"
    tidy "$total" 20 <"$out/exclusive.$worst.tsv"
    echo
    echo "**Top Signals functions, inclusive** (the function and everything it calls; callgrind's"
    echo 'recursion-level entries such as `send(_:)'"'"'2` double count and are left out):'
    echo
    echo "| instr/iteration | share | function |"
    echo "|---:|---:|---|"
    grep -v -E "libswiftCore|libc\.so|ld-linux|libjansson|Prepared|Workload|_main |below main|\?\?\?:0x|'[0-9]+ \[" "$out/inclusive.$worst.tsv" |
        tidy "$total" 15
} >"$profile"

# --- Report ------------------------------------------------------------------------------
machine="$out/machine.md"
cpu="$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)"
memory="$(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)"
os="$(. /etc/os-release 2>/dev/null && echo "$PRETTY_NAME" || uname -s)"
commit="$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
if [ -n "$(git -C "$root" status --porcelain -- Sources Package.swift Benchmarks 2>/dev/null | grep -v -E 'BENCHMARKS.md' || true)" ]; then
    commit="$commit (with uncommitted changes)"
fi
{
    echo "| | |"
    echo "|---|---|"
    echo "| Date | $(date -u '+%Y-%m-%d %H:%M UTC') |"
    echo "| Command | \`bash Benchmarks/run.sh\` (PROCESSES=$PROCESSES ROUNDS=$ROUNDS TARGET_MS=$TARGET_MS COUNT_N=$COUNT_N WARMUP=$WARMUP GRAPHS=$GRAPHS CMO=$CMO) |"
    echo "| Build | \`$build_command\` in \`Benchmarks/\`; C: \`cc -O2 c/jansson_line.c -ljansson\` |"
    echo "| Commit | $commit |"
    echo "| CPU | $cpu, $(nproc) cores online |"
    echo "| Memory | $memory |"
    echo "| OS | $os, Linux $(uname -r) |"
    echo "| Swift | $(swift --version 2>&1 | head -1) |"
    echo "| C compiler | $(cc --version | head -1) |"
    echo "| jansson | $(pkg-config --modversion jansson 2>/dev/null || echo unknown) |"
    echo "| valgrind | $(valgrind --version) |"
    if [ -n "$build_note" ]; then
        echo
        echo "$build_note"
    fi
} >"$machine"

"$bench" report "$results" "$machine" "$profile" "$here/ANALYSIS.md" "$root/BENCHMARKS.md"
log "wrote $root/BENCHMARKS.md (raw figures in $out)"
