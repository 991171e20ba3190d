# Sourced by run-daemon.sh: the machine table of the report, and the run's settings as meta rows.
# shellcheck shell=bash
# --- Machine -----------------------------------------------------------------------------
busy="$(ps -eo pcpu=,comm= --sort=-pcpu | awk '$1 >= 20 { printf "%s%s (%s%% CPU)", sep, $2, $1; sep = ", " }')"
. "$here/lib/machine.sh"
{
    echo "| | |"
    echo "|---|---|"
    echo "| Date | $(date -u '+%Y-%m-%d %H:%M UTC') |"
    echo "| Command | \`bash Benchmarks/run-daemon.sh\` (REPEATS=$REPEATS REQUESTS=$REQUESTS INSTANCES=$INSTANCES PING_N=$PING_N PING_WARMUP=$PING_WARMUP PING_PASSES=$PING_PASSES STARTUP_RUNS=$STARTUP_RUNS SCALE_INSTANCES=$SCALE_INSTANCES SCALE_STEPS=\"$SCALE_STEPS\" SCALE_REQUESTS=$SCALE_REQUESTS SCALE_PAIRS=$SCALE_PAIRS COUNT_N=$COUNT_N PING_COUNT_N=$PING_COUNT_N LINES_INSTANCES=$LINES_INSTANCES LINES_N=$LINES_N PROFILE=$PROFILE SDK_REQUESTS=$SDK_REQUESTS SDK_PING_N=$SDK_PING_N) |"
    echo "| Daemon build | \`$daemon_build\` at the repository root |"
    echo "| Plain daemon build | \`$plain_build\` at the repository root (the throughput rows of a package's default release build) |"
    echo "| Peers | \`swift build ${swift_flags[*]}\` in \`Benchmarks/\`; C: \`cc -O2\` (\`-ljansson\`, \`-pthread\`) |"
    echo "| Commit | $(machine_commit) |"
    echo "| CPU | $(machine_cpu) |"
    echo "| Data caches | $(machine_caches) |"
    echo "| OS | $(machine_os) |"
    echo "| Swift | $(machine_swift) |"
    echo "| jansson | $(machine_jansson) |"
    echo "| Load at start | $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min)${busy:+; busy processes: $busy} |"
} >"$out/machine.md"
printf 'meta\tplain_build\t%s\n' "$plain_build" >>"$results"
printf 'meta\tdaemon_build\t%s\nmeta\trepeats\t%s\nmeta\tthroughput_instances\t%s\nmeta\tping_n\t%s\nmeta\tping_warmup\t%s\nmeta\tping_passes\t%s\nmeta\tstartup_runs\t%s\n' \
    "$daemon_build" "$REPEATS" "$INSTANCES" "$PING_N" "$PING_WARMUP" "$PING_PASSES" "$STARTUP_RUNS" >>"$results"
printf 'meta\tlines_instances\t%s\nmeta\tlines_n\t%s\n' "$LINES_INSTANCES" "$LINES_N" >>"$results"
