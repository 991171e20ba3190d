#!/usr/bin/env bash
# Installs what Switchboard needs (Debian/Ubuntu; run as root).
#   bash scripts/setup.sh          to build and run it: jansson parses JSON, libedit gives the
#                                  REPL line editing, libsqlite3 stores the friends (libpq when
#                                  they are on PostgreSQL), pkg-config finds them; jq and
#                                  python3 run the examples.
#   bash scripts/setup.sh --tests  also what the test suites drive it with (scripts/test.sh):
#                                  emacs-nox (Emacs, with its built-in jsonrpc.el) and neovim
#                                  for the editor clients headless, chromium to open the
#                                  transcript report headless, postgresql for a throwaway
#                                  server the store's tests start; from PyPI, pexpect for the
#                                  REPL on a pseudo-terminal and mcp (the official MCP SDK) for
#                                  `switchboard mcp`.
set -euo pipefail
packages=(libjansson-dev libedit-dev libsqlite3-dev libpq-dev pkg-config jq python3)
tests=no
case "${1:-}" in
  --tests) tests=yes; packages+=(emacs-nox neovim chromium postgresql) ;;
  "") ;;
  *) echo "usage: bash scripts/setup.sh [--tests]" >&2; exit 64 ;;
esac
need=()
for pkg in "${packages[@]}"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
fi
if [ "$tests" = yes ]; then
  python_need=()
  python3 -c 'import pexpect' 2>/dev/null || python_need+=(pexpect)
  python3 -c 'import mcp.client.stdio' 2>/dev/null || python_need+=('mcp==2.3.0')
  if [ ${#python_need[@]} -gt 0 ]; then
    python3 -m pip install -q --root-user-action=ignore "${python_need[@]}"
  fi
fi
