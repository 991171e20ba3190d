# Sourced by run-daemon.sh: callgrind instruction counts (throughput, ping-pong, start-up) and DHAT's live blocks per instance.
# shellcheck shell=bash
# valgrind 3.19 cannot read the DWARF 5 that clang writes; callgrind only needs symbols.
vdir="$here/.build-valgrind"
mkdir -p "$vdir"
objcopy --strip-debug "$switchboard" "$vdir/switchboard"
objcopy --strip-debug "$switchboard_plain" "$vdir/switchboard-plain"
objcopy --strip-debug "$foundation" "$vdir/FoundationEcho"
objcopy --strip-debug "$floor" "$vdir/SwiftStartupFloor"
vserver() {
    case "$1" in
    switchboard) echo "$vdir/switchboard serve" ;;
    switchboard-plain) echo "$vdir/switchboard-plain serve" ;;
    switchboard-options) echo "$vdir/switchboard serve $switchboard_options" ;;
    jansson-echo) echo "$echo_server echo" ;;
    foundation) echo "$vdir/FoundationEcho" ;;
    swift-floor) echo "$vdir/SwiftStartupFloor" ;;
    esac
}
callgrind() { # output file, command...
    local file="$1"
    shift
    echo "valgrind --tool=callgrind --callgrind-out-file=$file $*"
}
total_ir() { awk '/^totals:/ { print $2 }' "$1"; }

log "callgrind: throughput (N = $COUNT_N) and ping-pong (N = $PING_COUNT_N), N requests minus none"
jobs_file="$out/callgrind/jobs"
: >"$jobs_file"
for label in switchboard switchboard-plain jansson-echo foundation; do
    for n in "$COUNT_N" 0; do
        echo "$client throughput $label $INSTANCES $n $(notify_of "$label") -- $(callgrind "$out/callgrind/throughput.$label.$n.out" "$(vserver "$label")")" >>"$jobs_file"
    done
done
for label in switchboard jansson-echo; do
    for n in "$PING_COUNT_N" 0; do
        echo "$client pingpong $label $n 200 $(notify_of "$label") -- $(callgrind "$out/callgrind/pingpong.$label.$n.out" "$(vserver "$label")")" >>"$jobs_file"
    done
done
for label in switchboard switchboard-options jansson-echo foundation swift-floor; do
    echo "$client startup $label 1 -- $(callgrind "$out/callgrind/startup.$label.out" "$(vserver "$label")")" >>"$jobs_file"
done
# Cache lines from memory per request: the scale workload under callgrind's cache model, whose
# last level is made 2 MB so that 20,000 instances (about 80 MB) stay out of it as 100,000 stay
# out of the real 32 MB L3 (the model has no prefetching: these are the lines a request needs,
# not what they cost). The client zeroes the counters before the timed requests and dumps
# them after (`BENCH_CALLGRIND_CONTROL`), so the dump holds the requests alone.
#
# The model has one cache for both of the server's threads, so how far the reader thread runs
# ahead of the executor (how many parsed requests lie between a frame's writing and its use)
# enters the count, and that depends on how much CPU the client and the server get: run with
# the other jobs on free cores, the same code read 29.9 and 32.9 lines a request at 20,000
# instances, and 28.55 and 28.58 with each run on a core of its own, the client and the server
# sharing it (DAEMON-ANALYSIS.md, issue 18's thirteenth session). So these runs come after the
# others, each pinned to one core (with `taskset`, when there is one).
lines_last_level=2097152
cache_model="--cache-sim=yes --LL=$lines_last_level,16,64 --D1=49152,12,64 --I1=32768,8,64"
printf 'meta\tlines_last_level\t%s\n' "$lines_last_level" >>"$results"
lines_jobs="$out/callgrind/lines.jobs"
: >"$lines_jobs"
cores=$(nproc)
lines_parallel=$((cores >= 2 ? 2 : 1))
pinned=no
command -v taskset >/dev/null && pinned=yes
printf 'meta\tlines_pinned\t%s\n' "$pinned" >>"$results"
core=0
for n in 1 "$LINES_INSTANCES"; do
    pin=""
    [ "$pinned" = yes ] && pin="taskset -c $((core % cores))"
    echo "$pin env BENCH_CALLGRIND_CONTROL=1 $client scale switchboard $n $LINES_N 7 -- valgrind --tool=callgrind $cache_model --callgrind-out-file=$out/callgrind/lines.$n.out $(vserver switchboard)" >>"$lines_jobs"
    core=$((core + 1))
done
xargs -P 2 -I{} sh -c '{} >/dev/null 2>&1' <"$jobs_file"
xargs -P "$lines_parallel" -I{} sh -c '{} >/dev/null 2>&1' <"$lines_jobs"
for n in 1 "$LINES_INSTANCES"; do
    # The dump the client asked for is part 1; events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw.
    awk -v n="$n" -v r="$LINES_N" '/^totals:/ { printf "lines\tswitchboard\t%s\t%.2f\t%.2f\t%.1f\n", n, ($9 + $10) / r, ($6 + $7) / r, $2 / r }' \
        "$out/callgrind/lines.$n.out.1" >>"$results"
done
for workload in throughput pingpong; do
    n="$COUNT_N"
    [ "$workload" = pingpong ] && n="$PING_COUNT_N"
    for file in "$out"/callgrind/"$workload".*."$n".out; do
        label="$(basename "$file" ".$n.out")"
        label="${label#"$workload".}"
        awk -v w="$workload" -v l="$label" -v a="$(total_ir "$file")" -v b="$(total_ir "$out/callgrind/$workload.$label.0.out")" -v n="$n" \
            'BEGIN { printf "instr\t%s\t%s\t%.1f\n", w, l, (a - b) / n }' >>"$results"
    done
done
for label in switchboard switchboard-options jansson-echo foundation swift-floor; do
    printf 'startinstr\t%s\t%s\n' "$label" "$(total_ir "$out/callgrind/startup.$label.out")" >>"$results"
done

log "DHAT: live heap blocks per instance (2,000 minus 1,000 instances)"
live_at_peak() { # instances -> "BYTES BLOCKS"
    "$client" scale switchboard "$1" 0 7 -- valgrind --tool=dhat --dhat-out-file=/dev/null --log-file="$out/dhat.$1.log" "$vdir/switchboard" serve >/dev/null
    awk '/At t-gmax:/ { gsub(",", ""); print $4, $7 }' "$out/dhat.$1.log"
}
read -r bytes1 blocks1 < <(live_at_peak 1000)
read -r bytes2 blocks2 < <(live_at_peak 2000)
awk -v b1="$bytes1" -v k1="$blocks1" -v b2="$bytes2" -v k2="$blocks2" \
    'BEGIN { printf "alloc\tswitchboard\t%.2f\t%.1f\n", (k2 - k1) / 1000, (b2 - b1) / 1000 }' >>"$results"
