# Sourced by run-daemon.sh: builds the daemon, the Swift and C peers and the client; defines `server`.
# shellcheck shell=bash
# --- Build -------------------------------------------------------------------------------
daemon_build="${readme_build[*]} --scratch-path .build-bench"
log "building the daemon: $daemon_build (at the repository root)"
(cd "$root" && $daemon_build) >"$out/build-daemon.log" 2>&1 || { tail -40 "$out/build-daemon.log" >&2; exit 1; }
switchboard="$(cd "$root" && $daemon_build --show-bin-path)/switchboard"

log "building the Swift peers and the report: ${peer_build[*]}"
# SwiftPM keeps the root package's list of source files in its cached build plan: plan afresh.
rm -f .build-peers/release.yaml .build-peers/build.db
for product in FoundationEcho SwiftStartupFloor DaemonReport; do
    "${peer_build[@]}" --product "$product" >>"$out/build-peers.log" 2>&1 || { tail -40 "$out/build-peers.log" >&2; exit 1; }
done
bin="$("${peer_build[@]}" --show-bin-path)"
foundation="$bin/FoundationEcho"
floor="$bin/SwiftStartupFloor"

log "building the C client, the jansson echo and the mallinfo probe"
tools="$here/.build-daemon"
mkdir -p "$tools"
. "$here/lib/client-build.sh"
build_daemon_client "$tools/daemon_client" "$here"
cc -O2 -Wall -Wextra -o "$tools/jansson_line" c/jansson_line.c -ljansson
cc -O2 -Wall -Wextra -shared -fPIC -pthread -o "$tools/mallinfo_preload.so" c/mallinfo_preload.c
client="$tools/daemon_client"
echo_server="$tools/jansson_line"

# The command line of each server, by label.
server() {
    case "$1" in
    switchboard) echo "$switchboard serve" ;;
    jansson-echo) echo "$echo_server echo" ;;
    foundation) echo "$foundation" ;;
    swift-floor) echo "$floor" ;;
    switchboard-mcp) echo "$switchboard mcp" ;;
    esac
}

# The protocol daemon_client speaks to each server (its PROTOCOL), and what it checks: `model`
# (signup's outputs, as notifications or inside MCP results) or `none`.
protocol_of() {
    case "$1" in
    switchboard-mcp) echo mcp ;;
    *) echo jsonrpc ;;
    esac
}
notify_of() {
    case "$1" in
    switchboard | switchboard-mcp) echo model ;;
    *) echo none ;;
    esac
}
