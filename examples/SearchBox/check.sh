#!/usr/bin/env bash
# Builds the SearchBox package and replays its transcripts against the search-box binary.
#
# Usage: examples/SearchBox/check.sh [TRANSCRIPT...]   (default: search.transcript)
#
# `switchboard test` replays transcripts against `switchboard serve`, which knows only the
# built-in view models; this runner does the same job for this package's own binary, more
# simply: it pipes every `>` line into one `search-box --clock virtual` and requires its
# output to be exactly the `<` lines, in order, compared as JSON values (key order and
# spacing do not matter, `seq` does), and the daemon to exit 0 at end of input.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
command -v jq >/dev/null || { echo "check.sh: needs jq (apt-get install jq)" >&2; exit 2; }

# The package's own .build, beside this script: the main package's build is left alone.
swift build --package-path "$here" --product search-box
bin="$(swift build --package-path "$here" --show-bin-path)/search-box"

[ $# -gt 0 ] || set -- "$here/search.transcript"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failed=0
for transcript in "$@"; do
  name="$(basename "$transcript")"
  sed -n 's/^> //p' "$transcript" > "$work/input"
  sed -n 's/^< //p' "$transcript" | jq -S -c . > "$work/expected"
  status=0
  "$bin" --clock virtual < "$work/input" > "$work/raw" || status=$?
  jq -S -c . < "$work/raw" > "$work/actual"
  if [ "$status" -ne 0 ]; then
    echo "FAIL $name: search-box exited with status $status"
    failed=$((failed + 1))
  elif ! diff -u --label expected --label actual "$work/expected" "$work/actual"; then
    echo "FAIL $name"
    failed=$((failed + 1))
  else
    echo "PASS $name ($(wc -l < "$work/input") requests, $(wc -l < "$work/actual") lines)"
  fi
done
[ "$failed" -eq 0 ]
