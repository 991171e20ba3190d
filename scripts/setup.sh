#!/usr/bin/env bash
# Installs the system libraries Switchboard builds against (Debian/Ubuntu; run as root).
# jansson parses JSON, libedit gives the REPL line editing, libsqlite3 stores the friends;
# pkg-config finds them.
# jq and python3 are used by the examples and the end-to-end tests; from PyPI, pexpect drives
# the REPL on a pseudo-terminal and mcp (the official MCP SDK) drives `switchboard mcp`.
set -euo pipefail
need=()
for pkg in libjansson-dev libedit-dev libsqlite3-dev pkg-config jq python3; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
fi
python_need=()
python3 -c 'import pexpect' 2>/dev/null || python_need+=(pexpect)
python3 -c 'import mcp.client.stdio' 2>/dev/null || python_need+=('mcp==2.3.0')
if [ ${#python_need[@]} -gt 0 ]; then
  python3 -m pip install -q --root-user-action=ignore "${python_need[@]}"
fi

# --- Editor clients (examples/emacs, examples/neovim; tested headless by Tests/editors/run.sh)
# emacs-nox brings Emacs with its built-in jsonrpc.el (28.2 on Debian bookworm), neovim the
# headless Neovim (0.7.2 on bookworm).
editors=()
for pkg in emacs-nox neovim; do
  dpkg -s "$pkg" >/dev/null 2>&1 || editors+=("$pkg")
done
if [ ${#editors[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${editors[@]}" >/dev/null
fi
