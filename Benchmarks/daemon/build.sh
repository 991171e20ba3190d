# Sourced by run-daemon.sh: builds the daemon, the Swift and C peers and the client; defines `server`.
# shellcheck shell=bash
# --- Build -------------------------------------------------------------------------------
. "$here/lib/readme-build.sh"
daemon_build="$(readme_daemon_build "$root/README.md") --scratch-path .build-cmo"
log "building the daemon: $daemon_build (at the repository root)"
(cd "$root" && $daemon_build) >"$out/build-daemon.log" 2>&1 || { tail -40 "$out/build-daemon.log" >&2; exit 1; }
switchboard="$(cd "$root" && $daemon_build --show-bin-path)/switchboard"

# What a package that depends on Host gets: the same daemon from a plain release build (issue 18).
plain_build="swift build -c release --static-swift-stdlib --product switchboard --scratch-path .build-plain"
log "building the daemon without cross-module optimization: $plain_build (at the repository root)"
(cd "$root" && $plain_build) >"$out/build-plain.log" 2>&1 || { tail -40 "$out/build-plain.log" >&2; exit 1; }
switchboard_plain="$(cd "$root" && $plain_build --show-bin-path)/switchboard"

log "building the Swift peers and the report"
# SwiftPM keeps the root package's list of source files in its cached build plan: plan afresh.
rm -f .build-cmo/release.yaml .build-cmo/build.db
for product in FoundationEcho SwiftStartupFloor MCPSwiftSDKEcho DaemonReport; do
    swift build "${swift_flags[@]}" --product "$product" >>"$out/build-peers.log" 2>&1 || { tail -40 "$out/build-peers.log" >&2; exit 1; }
done
bin="$(swift build "${swift_flags[@]}" --show-bin-path)"
foundation="$bin/FoundationEcho"
# The start-up floor is linked like the daemon (`--static-swift-stdlib`): issue 18 compares the
# daemon's start-up with an empty statically linked Swift binary's. Built dynamically it spent
# twice the instructions in the dynamic loader, relocating against libswiftCore.so.
floor_build="swift build -c release --static-swift-stdlib --scratch-path .build-static --product SwiftStartupFloor"
$floor_build >>"$out/build-peers.log" 2>&1 || { tail -40 "$out/build-peers.log" >&2; exit 1; }
floor="$($floor_build --show-bin-path)/SwiftStartupFloor"
sdk_echo="$bin/MCPSwiftSDKEcho"

log "building the C client, the jansson echo and the mallinfo probe"
tools="$here/.build-daemon"
mkdir -p "$tools"
. "$here/lib/client-build.sh"
build_daemon_client "$tools/daemon_client" "$here"
cc -O2 -Wall -Wextra -o "$tools/jansson_line" c/jansson_line.c -ljansson
cc -O2 -Wall -Wextra -shared -fPIC -pthread -o "$tools/mallinfo_preload.so" c/mallinfo_preload.c
client="$tools/daemon_client"
echo_server="$tools/jansson_line"

# The options of `switchboard-options` (start-up only): the daemon started with options, as
# editors start it. Their values are the defaults, so it answers as `switchboard` does; what
# differs is reading them.
switchboard_options="--framing newline --log-level warning --max-batch 100000"

# The command line of each server, by label.
server() {
    case "$1" in
    switchboard) echo "$switchboard serve" ;;
    switchboard-plain) echo "$switchboard_plain serve" ;;
    switchboard-options) echo "$switchboard serve $switchboard_options" ;;
    jansson-echo) echo "$echo_server echo" ;;
    foundation) echo "$foundation" ;;
    swift-floor) echo "$floor" ;;
    switchboard-mcp) echo "$switchboard mcp" ;;
    mcp-swift-sdk) echo "$sdk_echo" ;;
    esac
}

# The protocol daemon_client speaks to each server (its PROTOCOL), and what it checks: `model`
# (signup's outputs, as notifications or inside MCP results) or `none`.
protocol_of() {
    case "$1" in
    switchboard-mcp) echo mcp ;;
    mcp-swift-sdk) echo mcp-echo ;;
    *) echo jsonrpc ;;
    esac
}
notify_of() {
    case "$1" in
    switchboard | switchboard-plain | switchboard-mcp) echo model ;;
    *) echo none ;;
    esac
}
