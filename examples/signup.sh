#!/usr/bin/env bash
# Plays the signup screen of the Kickstarter episode through a pipe: fill the form, submit.
# Usage: examples/signup.sh [path/to/switchboard]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bin="${1:-$here/../.build/release/switchboard}"
[ -x "$bin" ] || bin="$here/../.build/debug/switchboard"
printf '%s\n' \
  '{"jsonrpc":"2.0","id":1,"method":"signup.viewDidLoad"}' \
  '{"jsonrpc":"2.0","id":2,"method":"signup.nameChanged","params":["Lisa"]}' \
  '{"jsonrpc":"2.0","id":3,"method":"signup.emailChanged","params":["lisa@rules.com"]}' \
  '{"jsonrpc":"2.0","id":4,"method":"signup.passwordChanged","params":["password123"]}' \
  '{"jsonrpc":"2.0","id":5,"method":"signup.submitButtonPressed"}' \
  | "$bin"
