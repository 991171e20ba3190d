# Sourced by run-daemon.sh: the timed workloads (throughput, ping-pong, start-up, scale), rounds interleaving the servers.
# shellcheck shell=bash
# --- Timed workloads ---------------------------------------------------------------------
# Rounds interleave the servers, so drift of the machine spreads over all of them.
# One scale run of switchboard with COUNT instances, appended to the results.
scale_run() {
    BENCH_MALLINFO="$out/mallinfo" "$client" scale switchboard "$1" "$SCALE_REQUESTS" 7 -- \
        env LD_PRELOAD="$tools/mallinfo_preload.so" $switchboard serve >>"$results"
}
# One ping-pong run of a server, appended to the results.
pingpong() {
    # shellcheck disable=SC2046
    PROTOCOL="$(protocol_of "$1")" "$client" pingpong "$1" "$PING_N" "$PING_WARMUP" "$(notify_of "$1")" -- $(server "$1") >>"$results"
}
for ((round = 1; round <= REPEATS; round++)); do
    log "round $round of $REPEATS: throughput ($REQUESTS requests)"
    for label in switchboard jansson-echo foundation switchboard-mcp; do
        # shellcheck disable=SC2046
        PROTOCOL="$(protocol_of "$label")" "$client" throughput "$label" "$INSTANCES" "$REQUESTS" "$(notify_of "$label")" -- $(server "$label") >>"$results"
    done
    log "round $round of $REPEATS: ping-pong ($PING_N requests)"
    for label in switchboard jansson-echo foundation switchboard-mcp; do pingpong "$label"; done
    # More passes of the pair the p99 target compares, the order alternating: a single p99 of
    # a shared machine moves a lot from one pass to the next.
    for ((pass = 2; pass <= PING_PASSES; pass++)); do
        if ((pass % 2 == 0)); then pair="jansson-echo switchboard"; else pair="switchboard jansson-echo"; fi
        for label in $pair; do pingpong "$label"; done
    done
    log "round $round of $REPEATS: start-up ($STARTUP_RUNS runs)"
    for label in switchboard swift-floor jansson-echo foundation switchboard-mcp; do
        # shellcheck disable=SC2046
        PROTOCOL="$(protocol_of "$label")" "$client" startup "$label" "$STARTUP_RUNS" -- $(server "$label") >>"$results"
    done
    log "round $round of $REPEATS: scale (1${SCALE_STEPS:+, $SCALE_STEPS} and $SCALE_INSTANCES instances, $SCALE_REQUESTS requests)"
    # shellcheck disable=SC2086 # SCALE_STEPS is a list of counts
    for count in 1 $SCALE_STEPS "$SCALE_INSTANCES"; do scale_run "$count"; done
done
# More pairs of the scale target's two counts, the order alternating: one pair's ratio on a
# shared machine scatters widely, so the target takes the median over REPEATS + SCALE_PAIRS.
for ((pair = 1; pair <= SCALE_PAIRS; pair++)); do
    log "scale pair $pair of $SCALE_PAIRS (1 and $SCALE_INSTANCES instances, $SCALE_REQUESTS requests)"
    if ((pair % 2 == 1)); then counts="$SCALE_INSTANCES 1"; else counts="1 $SCALE_INSTANCES"; fi
    for count in $counts; do scale_run "$count"; done
done
