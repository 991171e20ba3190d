# Sourced by the benchmark scripts: the daemon's release build is the README's, declared once
# there (its first command: `bash scripts/setup.sh && swift build ... && bash examples/...`).
# shellcheck shell=bash

# Prints the `swift build ...` part of the README's first command, or fails with a line on stderr.
readme_daemon_build() {
    local readme="$1" command
    command="$(awk '/^    bash scripts\/setup.sh/ { print; exit }' "$readme" | grep -o 'swift build [^&]*' | sed 's/ *$//')"
    if [ -z "$command" ]; then
        echo "$readme: no 'swift build' in the first command" >&2
        return 1
    fi
    echo "$command"
}
