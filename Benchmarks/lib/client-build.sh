# Sourced by the benchmark scripts: how the C client of the daemon benchmarks is built,
# declared once (run-daemon.sh's daemon/build.sh and scale-ab.sh use it).
# shellcheck shell=bash

# Builds Benchmarks/c/daemon_client into OUTPUT; BENCHMARKS is the Benchmarks folder.
build_daemon_client() { # OUTPUT BENCHMARKS
    cc -O2 -Wall -Wextra -pthread -o "$1" "$2"/c/daemon_client/*.c
}
