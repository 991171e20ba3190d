# Sourced by run-daemon.sh: perf stat (context switches per ping-pong request) and perf record (where throughput's wall time goes), when perf works here.
# shellcheck shell=bash
# perf stat around the server of a ping-pong run: its context switches and CPU per request.
if [ "$PROFILE" = on ] && command -v perf >/dev/null && perf stat -e task-clock true >/dev/null 2>&1; then
    log "perf stat: context switches per ping-pong request"
    for label in switchboard jansson-echo foundation; do
        notify=none
        [ "$label" = switchboard ] && notify=model
        # shellcheck disable=SC2046
        "$client" pingpong "$label" "$PING_N" "$PING_WARMUP" "$notify" -- \
            perf stat -x, -o "$out/perfstat.$label" -e task-clock,context-switches,cpu-migrations -- $(server "$label") >/dev/null
        awk -F, -v label="$label" -v n="$((PING_N + PING_WARMUP))" '
            $3 == "task-clock" || $3 ~ /^task-clock/ { ms = $1 }
            $3 ~ /^context-switches/ { cs = $1 }
            $3 ~ /^cpu-migrations/ { mig = $1 }
            END { printf "perfstat\t%s\t%d\t%s\t%s\t%s\n", label, n, ms, cs, mig }
        ' "$out/perfstat.$label" >>"$results"
    done
fi

# perf record (cpu-clock sampling) of switchboard's throughput workload: where the wall time
# goes, which instruction counts alone do not show (atomics, cache misses, the kernel).
perf_ok=no
if [ "$PROFILE" = on ] && command -v perf >/dev/null && perf stat -e task-clock true >/dev/null 2>&1; then
    log "perf record: switchboard throughput"
    # shellcheck disable=SC2046
    "$client" throughput switchboard "$INSTANCES" "$REQUESTS" model -- \
        perf record -F 2999 -o "$out/perf.throughput.data" -- $(server switchboard) >/dev/null 2>"$out/perf-record.log" && perf_ok=yes
fi
