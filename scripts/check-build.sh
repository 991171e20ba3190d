#!/usr/bin/env bash
# Checks that the daemon is built the ordinary way and hardened as the toolchain makes it:
#   bash scripts/check-build.sh BINARY
# - Package.swift has no unsafeFlags, and the README's first command passes no compiler or
#   linker flags (-Xswiftc, -Xcc, -Xlinker, -Xcxx, -Xfrontend);
# - BINARY is a position-independent executable with a RELRO segment and a stack that is not
#   executable, and defines no malloc of its own (glibc's allocator serves the process).
# Prints one line per check; exits 1 at the first that fails.
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:?usage: bash scripts/check-build.sh BINARY}"
fail() { echo "check-build: $*" >&2; exit 1; }

grep -q 'unsafeFlags' Package.swift && fail "Package.swift uses unsafeFlags"
echo "Package.swift: no unsafeFlags"
first_command="$(awk '/^    bash scripts\/setup.sh/ { print; exit }' README.md)"
[ -n "$first_command" ] || fail "README.md: the first command was not found"
if grep -qE -- '-X(swiftc|cc|cxx|linker|frontend|clang-linker)' <<<"$first_command"; then
    fail "README.md's first command passes compiler or linker flags: $first_command"
fi
echo "README.md's first command: no compiler or linker flags"

readelf -h "$binary" | grep -qE 'Type: +DYN' || fail "$binary is not position-independent: $(readelf -h "$binary" | grep Type)"
echo "$binary: position-independent (ELF type DYN)"
readelf -lW "$binary" | grep -q 'GNU_RELRO' || fail "$binary has no RELRO segment"
echo "$binary: RELRO segment present"
stack="$(readelf -lW "$binary" | awk '$1 == "GNU_STACK" { print $(NF - 1) }')"
[ -n "$stack" ] || fail "$binary has no GNU_STACK header (the stack would be executable)"
case "$stack" in *E*) fail "$binary has an executable stack ($stack)" ;; esac
echo "$binary: stack not executable ($stack)"
defined_malloc="$(readelf -WsW "$binary" | awk '($8 == "malloc" || $8 ~ /^malloc@/) && $7 != "UND"')"
[ -z "$defined_malloc" ] || fail "$binary defines malloc: $defined_malloc"
echo "$binary: malloc is glibc's (not defined in the binary)"
