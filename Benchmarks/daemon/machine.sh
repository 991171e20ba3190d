# Sourced by run-daemon.sh: the machine table of the report, and the run's settings as meta rows.
# shellcheck shell=bash
# --- Machine -----------------------------------------------------------------------------
busy="$(ps -eo pcpu=,comm= --sort=-pcpu | awk '$1 >= 20 { printf "%s%s (%s%% CPU)", sep, $2, $1; sep = ", " }')"
. "$here/lib/machine.sh"
{
    echo "| | |"
    echo "|---|---|"
    echo "| Date | $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(machine_commit) |"
    echo "| Command | \`bash Benchmarks/run-daemon.sh\` (REPEATS=$REPEATS REQUESTS=$REQUESTS INSTANCES=$INSTANCES PING_N=$PING_N PING_PASSES=$PING_PASSES STARTUP_RUNS=$STARTUP_RUNS SCALE_INSTANCES=$SCALE_INSTANCES SCALE_REQUESTS=$SCALE_REQUESTS SCALE_PAIRS=$SCALE_PAIRS) |"
    echo "| Builds | daemon: \`$daemon_build\` at the repository root; peers: \`${peer_build[*]}\` in \`Benchmarks/\`; C: \`cc -O2\` |"
    echo "| Machine | $(machine_cpu); $(machine_os); $(machine_swift); jansson $(machine_jansson) |"
    echo "| Load at start | $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min)${busy:+; busy processes: $busy} |"
} >"$out/machine.md"
printf 'meta\tdaemon_build\t%s\nmeta\trepeats\t%s\nmeta\tthroughput_instances\t%s\nmeta\tping_n\t%s\nmeta\tping_warmup\t%s\nmeta\tping_passes\t%s\nmeta\tstartup_runs\t%s\n' \
    "$daemon_build" "$REPEATS" "$INSTANCES" "$PING_N" "$PING_WARMUP" "$PING_PASSES" "$STARTUP_RUNS" >>"$results"
