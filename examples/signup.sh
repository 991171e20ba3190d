#!/usr/bin/env bash
# Plays the signup screen of the Kickstarter episode through a pipe: fill the form, submit.
# Usage: examples/signup.sh [path/to/switchboard]   (or SWITCHBOARD=path, like the other examples;
# default: the release build of the README's first command)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bin="${1:-${SWITCHBOARD:-$here/../.build/release/switchboard}}"
if [ ! -x "$bin" ]; then
    echo "examples/signup.sh: no switchboard binary at $bin; build it with the README's first command, or pass its path (or set SWITCHBOARD)" >&2
    exit 1
fi
printf '%s\n' \
  '{"jsonrpc":"2.0","id":1,"method":"signup.viewDidLoad"}' \
  '{"jsonrpc":"2.0","id":2,"method":"signup.nameChanged","params":["Lisa"]}' \
  '{"jsonrpc":"2.0","id":3,"method":"signup.emailChanged","params":["lisa@rules.com"]}' \
  '{"jsonrpc":"2.0","id":4,"method":"signup.passwordChanged","params":["password123"]}' \
  '{"jsonrpc":"2.0","id":5,"method":"signup.submitButtonPressed"}' \
  | "$bin"
