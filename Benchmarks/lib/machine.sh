# Sourced by run.sh and daemon/machine.sh: the facts about the machine and the tree that both
# reports' machine tables print, each computed in one place. Needs `root` (the repository).
# shellcheck shell=bash

# The short commit, marked when the sources or the benchmarks differ from it.
machine_commit() {
    local commit
    commit="$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
    if [ -n "$(git -C "$root" status --porcelain -- Sources Package.swift Benchmarks 2>/dev/null | grep -v -E 'BENCHMARKS.md' || true)" ]; then
        commit="$commit (with uncommitted changes)"
    fi
    echo "$commit"
}

machine_cpu() { echo "$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo), $(nproc) cores online"; }
# Data cache sizes as lscpu reports them (per level: the total over the cores, and how many).
machine_caches() { lscpu 2>/dev/null | awk -F': +' '/^L1d cache|^L2 cache|^L3 cache/ { printf "%s%s %s", sep, substr($1, 1, 2), $2; sep = ", " }'; }
machine_os() { echo "$(. /etc/os-release 2>/dev/null && echo "$PRETTY_NAME" || uname -s), Linux $(uname -r)"; }
machine_swift() { swift --version 2>&1 | head -1; }
machine_jansson() { pkg-config --modversion jansson 2>/dev/null || echo unknown; }
