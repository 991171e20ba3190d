#!/usr/bin/env bash
# Plays the signup screen through a pipe and shows only what the view model said: one line per
# output notification, {vm, output, value}, with responses and bookkeeping filtered out by jq.
#
# Usage: examples/signup-jq.sh [path/to/switchboard]
#   The binary is the argument, else $SWITCHBOARD, else .build/release, else .build/debug.
#
# Expected output:
#   {"vm":"signup","output":"submitButtonEnabled","value":false}
#   {"vm":"signup","output":"submitButtonEnabled","value":true}
#   {"vm":"signup","output":"alertMessage","value":"Successful"}
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bin="${1:-${SWITCHBOARD:-}}"
if [ -z "$bin" ]; then
  bin="$here/../.build/release/switchboard"
  [ -x "$bin" ] || bin="$here/../.build/debug/switchboard"
fi
if [ ! -x "$bin" ]; then
  echo "signup-jq.sh: no switchboard binary at '$bin'; run 'swift build' or pass the path" >&2
  exit 2
fi
command -v jq >/dev/null || { echo "signup-jq.sh: needs jq (apt-get install jq)" >&2; exit 2; }

printf '%s\n' \
  '{"jsonrpc":"2.0","id":1,"method":"signup.viewDidLoad"}' \
  '{"jsonrpc":"2.0","id":2,"method":"signup.nameChanged","params":["Lisa"]}' \
  '{"jsonrpc":"2.0","id":3,"method":"signup.emailChanged","params":["lisa@rules.com"]}' \
  '{"jsonrpc":"2.0","id":4,"method":"signup.passwordChanged","params":["password123"]}' \
  '{"jsonrpc":"2.0","id":5,"method":"signup.submitButtonPressed"}' \
  | "$bin" \
  | jq -c 'select(.method == "output") | .params | {vm, output, value}'
