# Sourced by run-daemon.sh: the timed workloads (throughput, ping-pong, start-up, scale), rounds interleaving the servers.
# shellcheck shell=bash
# --- Timed workloads ---------------------------------------------------------------------
# Rounds interleave the servers, so drift of the machine spreads over all of them.
# The MCP Swift SDK peer answers about a hundredth as fast: it gets fewer requests
# (SDK_REQUESTS, SDK_PING_N) so a round stays within minutes; its figures are rates and
# percentiles, comparable whatever the count.
requests_of() { if [ "$1" = mcp-swift-sdk ]; then echo "$SDK_REQUESTS"; else echo "$REQUESTS"; fi; }
ping_n_of() { if [ "$1" = mcp-swift-sdk ]; then echo "$SDK_PING_N"; else echo "$PING_N"; fi; }
warmup_of() { if [ "$1" = mcp-swift-sdk ]; then echo 50; else echo "$PING_WARMUP"; fi; }
# One scale run of switchboard with COUNT instances, appended to the results.
scale_run() {
    BENCH_MALLINFO="$out/mallinfo" "$client" scale switchboard "$1" "$SCALE_REQUESTS" 7 -- \
        env LD_PRELOAD="$tools/mallinfo_preload.so" $switchboard serve >>"$results"
}
# One ping-pong run of a server, appended to the results.
pingpong() {
    # shellcheck disable=SC2046
    PROTOCOL="$(protocol_of "$1")" "$client" pingpong "$1" "$(ping_n_of "$1")" "$(warmup_of "$1")" "$(notify_of "$1")" -- $(server "$1") >>"$results"
}
for ((round = 1; round <= REPEATS; round++)); do
    log "round $round of $REPEATS: throughput ($REQUESTS requests; $SDK_REQUESTS for the MCP SDK)"
    for label in switchboard switchboard-plain jansson-echo foundation switchboard-mcp mcp-swift-sdk; do
        # shellcheck disable=SC2046
        PROTOCOL="$(protocol_of "$label")" "$client" throughput "$label" "$INSTANCES" "$(requests_of "$label")" "$(notify_of "$label")" -- $(server "$label") >>"$results"
    done
    log "round $round of $REPEATS: ping-pong ($PING_N requests; $SDK_PING_N for the MCP SDK)"
    for label in switchboard jansson-echo foundation switchboard-mcp mcp-swift-sdk; do pingpong "$label"; done
    # More passes of the pair the p99 target compares, the order alternating: one p99 of
    # 20,000 round trips on this VM moves from 0.5x to 2.4x the other's from one pass to
    # the next, so the target's median is taken over more pairs than rounds.
    for ((pass = 2; pass <= PING_PASSES; pass++)); do
        if ((pass % 2 == 0)); then pair="jansson-echo switchboard"; else pair="switchboard jansson-echo"; fi
        for label in $pair; do pingpong "$label"; done
    done
    log "round $round of $REPEATS: start-up ($STARTUP_RUNS runs)"
    for label in switchboard switchboard-options jansson-echo foundation swift-floor switchboard-mcp mcp-swift-sdk; do
        # shellcheck disable=SC2046
        PROTOCOL="$(protocol_of "$label")" "$client" startup "$label" "$STARTUP_RUNS" -- $(server "$label") >>"$results"
    done
    log "round $round of $REPEATS: scale (1, $SCALE_STEPS and $SCALE_INSTANCES instances, $SCALE_REQUESTS requests)"
    # shellcheck disable=SC2086 # SCALE_STEPS is a list of counts
    for count in 1 $SCALE_STEPS "$SCALE_INSTANCES"; do scale_run "$count"; done
done
# More pairs of the scale targets' two counts (one instance and SCALE_INSTANCES), the order
# alternating: one round's ratio on this VM ranges from about 0.75x to 2x (issue 18,
# twenty-first session), so a median of REPEATS rounds passed or failed by the machine's mood.
# The targets take the median over REPEATS + SCALE_PAIRS pairs; the steps between keep
# REPEATS rounds.
for ((pair = 1; pair <= SCALE_PAIRS; pair++)); do
    log "scale pair $pair of $SCALE_PAIRS (1 and $SCALE_INSTANCES instances, $SCALE_REQUESTS requests)"
    if ((pair % 2 == 1)); then counts="$SCALE_INSTANCES 1"; else counts="1 $SCALE_INSTANCES"; fi
    for count in $counts; do scale_run "$count"; done
done

printf '| Load after the timed rounds | %s (1, 5, 15 min) |\n' "$(cut -d' ' -f1-3 /proc/loadavg)" >>"$out/machine.md"
