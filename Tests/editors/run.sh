#!/usr/bin/env bash
# Runs the editor clients' tests headless against a real daemon:
#   emacs   examples/emacs/switchboard.el in `emacs --batch -Q` (ERT, switchboard-test.el)
#   neovim  examples/neovim/switchboard.lua in `nvim --headless -u NONE` (test_neovim.lua)
#
#   SWITCHBOARD=.build/debug/switchboard bash Tests/editors/run.sh [emacs] [neovim]
#
# With no argument, runs both. The daemon is $SWITCHBOARD (default .build/debug/switchboard).
# Each suite runs under `timeout` (EDITOR_TEST_TIMEOUT seconds, default 120) with stdin from
# /dev/null, and prints "<editor>: N passed, M failed" last. Exits 1 if any suite failed or
# timed out. Needs emacs-nox and neovim (scripts/setup.sh installs them).
set -euo pipefail
cd "$(dirname "$0")/../.."
export SWITCHBOARD="${SWITCHBOARD:-.build/debug/switchboard}"
limit="${EDITOR_TEST_TIMEOUT:-120}"
[ -x "$SWITCHBOARD" ] || { echo "Tests/editors: no daemon at $SWITCHBOARD" >&2; exit 1; }

suites=("$@")
[ ${#suites[@]} -gt 0 ] || suites=(emacs neovim)
status=0
for suite in "${suites[@]}"; do
  case "$suite" in
    emacs)
      cmd=(emacs --batch -Q -L examples/emacs -l Tests/editors/switchboard-test.el
               -f switchboard-test-run) ;;
    neovim)
      # The last -c runs only if the script could not run (it quits Neovim itself).
      cmd=(nvim --headless -u NONE -i NONE -n -c 'luafile Tests/editors/test_neovim.lua'
               -c 'cquit 2') ;;
    *) echo "Tests/editors: unknown suite '$suite' (emacs, neovim)" >&2; exit 64 ;;
  esac
  command -v "${cmd[0]}" >/dev/null || { echo "$suite: ${cmd[0]} is not installed" >&2; status=1; continue; }
  rc=0
  timeout "$limit" "${cmd[@]}" </dev/null || rc=$?
  if [ "$rc" -eq 124 ]; then
    echo "$suite: timed out after $limit s" >&2
  elif [ "$rc" -ne 0 ]; then
    echo "$suite: exit status $rc" >&2
  fi
  [ "$rc" -eq 0 ] || status=1
done
exit "$status"
