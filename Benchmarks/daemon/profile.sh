# Sourced by run-daemon.sh: the profile tables of the report (stages, kinds of code, top functions, start-up), written to $out/profile.md.
# shellcheck shell=bash
# Per-function instructions of the N-request run minus the run with none, per request:
# "INSTRUCTIONS<TAB>FILE:FUNCTION [OBJECT]", demangled, most expensive first.
per_function() { # inclusive (no|yes), workload, label, n
    local mode="$1" workload="$2" label="$3" n="$4"
    dump() {
        callgrind_annotate --inclusive="$mode" --threshold=100 "$1" 2>/dev/null |
            awk '/^ *[0-9,]+ +\([ 0-9.]+%\) +/ { n = $1; gsub(",", "", n); sub(/^ *[0-9,]+ +\([ 0-9.]+%\) +/, ""); print n "\t" $0 }'
    }
    awk -F'\t' -v n="$n" '
        FNR == NR { base[$2] = $1; next }
        $2 != "PROGRAM TOTALS" { d = ($1 - base[$2]) / n; if (d > 0.05) printf "%.2f\t%s\n", d, $2 }
    ' <(dump "$out/callgrind/$workload.$label.0.out") <(dump "$out/callgrind/$workload.$label.$n.out") |
        sort -t$'\t' -k1,1 -g -r | swift demangle --simplified
}
instr_of() { awk -F'\t' -v w="$1" -v l="$2" '$1 == "instr" && $2 == w && $3 == l { print $4 }' "$results"; }
# The largest inclusive figure among functions named $2 (or "specialized $2"); several
# symbols can share a demangled name. A name ending in "(" matches any arguments.
stage() {
    awk -F'\t' -v s="$2" '
        {
            name = $2; sub(/^[^:]*:/, "", name); sub(/ \[[^]]*\]$/, "", name); sub(/^specialized /, "", name)
            if (name == s || (s ~ /\($/ && index(name, s) == 1)) { if ($1 + 0 > m) m = $1 + 0 }
        }
        END { printf "%.0f", m }' "$1"
}
kinds="jansson|JSON module (Swift)|Signals|retain/release|malloc/free|exclusivity checks|generic metadata|memcpy/memcmp/strlen|other Swift runtime|libdispatch|Host, Framing, view models and the rest"
classify() { # exclusive.tsv -> one line of instr/request per kind, tab-separated, in $kinds order
    awk -F'\t' -v kinds="$kinds" '
        {
            f = $2
            if (f ~ /libjansson/) k = "jansson"
            else if (f ~ /swift_beginAccess|swift_endAccess|AccessSet|SwiftTLSContext|__tls_get_addr/) k = "exclusivity checks"
            else if (f ~ /swift_(retain|release|bridgeObject|unknownObject|weak|isUniquelyReferenced|nonatomic)|RefCounts/) k = "retain/release"
            else if (f ~ /swift_(allocObject|deallocObject|slowAlloc|slowDealloc|deallocClassInstance|allocBox|deallocUninitialized|deallocPartial)/ ||
                     (f ~ /libc\.so/ && f ~ /malloc|free|_int_|tcache/)) k = "malloc/free"
            else if (f ~ /__swift_instantiateGenericMetadata|type metadata accessor|swift_getWitnessTable/ ||
                     (f ~ /libswiftCore/ && f ~ /Metadata|[Cc]ache|AtomicWaitQueue|getTupleType/)) k = "generic metadata"
            else if (f ~ /libc\.so/ && f ~ /mem(cpy|move|cmp|chr|set)|str(len|cmp|chr)/) k = "memcpy/memcmp/strlen"
            else if (f ~ /libdispatch|libBlocksRuntime/) k = "libdispatch"
            else if (f ~ /libswift/) k = "other Swift runtime"
            else if (f ~ /JSON|Jansson/) k = "JSON module (Swift)"
            else if (f ~ /Signal|Property|Disposable|Lifetime|Observer|combineLatest|Bag/) k = "Signals"
            else k = "Host, Framing, view models and the rest"
            sum[k] += $1
        }
        END { n = split(kinds, order, "|"); for (i = 1; i <= n; i++) printf "%s%.0f", (i > 1 ? "\t" : ""), sum[order[i]]; print "" }
    ' "$1"
}
tidy() { # total, limit < tsv -> table rows
    awk -F'\t' -v total="$1" -v limit="$2" '
        NR <= limit {
            name = $2; sub(/^\?\?\?:/, "", name); sub(/^\.\/[^:]*:/, "", name)
            if (match(name, / \[[^]]*\]$/)) { object = substr(name, RSTART + 2, RLENGTH - 3); sub(/.*\//, "", object); name = substr(name, 1, RSTART - 1) " (" object ")" }
            gsub(/\|/, "\\|", name); if (length(name) > 150) name = substr(name, 1, 147) "..."
            printf "| %.0f | %.1f%% | `%s` |\n", $1, 100 * $1 / total, name
        }'
}

log "profiling the daemon"
per_function no throughput switchboard "$COUNT_N" >"$out/exclusive.throughput.tsv"
per_function yes throughput switchboard "$COUNT_N" >"$out/inclusive.throughput.tsv"
per_function no pingpong switchboard "$PING_COUNT_N" >"$out/exclusive.pingpong.tsv"
per_function no throughput jansson-echo "$COUNT_N" >"$out/exclusive.throughput.echo.tsv"
total="$(instr_of throughput switchboard)"
ping_total="$(instr_of pingpong switchboard)"
echo_total="$(instr_of throughput jansson-echo)"
inc="$out/inclusive.throughput.tsv"
{
    echo "Callgrind's per-function instruction counts (user space) of a run with N requests minus those"
    echo "of the same run with none, divided by N: start-up, \`create\` and exit are excluded. Names demangled"
    echo "with \`swift demangle --simplified\`. Kernel time (pipes, wake-ups) is not in these counts."
    echo
    echo "**switchboard, throughput workload: $total instructions per request** (1 response and ~1 notification"
    echo "each; the C jansson echo spends $echo_total per request). By stage (inclusive; nested stages,"
    echo "marked ↳, are part of the stage above them, so the rows do not add up to the total):"
    echo
    echo "| Stage | instr/request | share |"
    echo "|---|---:|---:|"
    awk -F'\t' -v total="$total" '{ printf "| %s | %.0f | %.1f%% |\n", $1, $2, 100 * $2 / total }' <<EOF
Reader thread: \`read(2)\`, frame splitting, parsing, hand-off (\`StdioServer.readLoop(maxBatch:signals:)\`)	$(stage "$inc" "StdioServer.readLoop(maxBatch:signals:)")
↳ parse: jansson + envelope + \`params\` to \`JSONValue\` (\`MessageParser.parse\`, on the reader thread)	$(stage "$inc" "static MessageParser.parse(_:maxBatch:)")
Executor: the frames of one read chunk (\`StdioServer.process(_:count:)\`)	$(stage "$inc" "StdioServer.process(_:count:)")
↳ one parsed message (\`Session.handle(parsed:)\`)	$(stage "$inc" "Session.handle(parsed:)")
↳↳ route + match arguments + run the input (\`Session.dispatch(_:)\`)	$(stage "$inc" "Session.dispatch(_:)")
↳↳↳ the view model's input closure, Signals graph and outputs	$(stage "$inc" "closure #1 in static InputDefinition.make(_:_:_:_:)")
↳↳↳↳ emitting an output (\`Session.emit\`, notification built and serialized)	$(stage "$inc" "Session.emit(_:from:)")
↳↳ every outbound line: encode and queue it (\`Outbox.enqueue\`)	$(stage "$inc" "Outbox.enqueue(_:)")
↳↳↳ encoding it straight into the output buffer (\`OutboundMessage.writeWire(to:)\`, inlined into \`Outbox.enqueue\`'s closure)	$(stage "$inc" "closure #2 in Outbox.enqueue(_:)")
↳↳↳↳ the message's members and values (the piece writer in \`OutboundMessage.writeWire(to:)\`)	$(stage "$inc" "closure #1 in OutboundMessage.writeWire(to:)")
↳ writing the chunk's output (\`FileDescriptor.writeAll\`, one \`write(2)\` of the buffer)	$(stage "$inc" "FileDescriptor.writeAll(_:)")
EOF
    echo
    echo "**By kind of code** (exclusive instructions per request, classified by function name):"
    echo
    header="| Workload | instr/request |"
    rule="|---|---:|"
    IFS='|' read -r -a kind_list <<<"$kinds"
    for kind in "${kind_list[@]}"; do header="$header $kind |"; rule="$rule---:|"; done
    echo "$header"
    echo "$rule"
    for pair in "switchboard, throughput:$out/exclusive.throughput.tsv:$total" \
                "switchboard, ping-pong:$out/exclusive.pingpong.tsv:$ping_total" \
                "C jansson echo, throughput:$out/exclusive.throughput.echo.tsv:$echo_total"; do
        IFS=: read -r name file figure <<<"$pair"
        classify "$file" | awk -F'\t' -v name="$name" -v total="$figure" '
            { row = "| " name " | " sprintf("%.0f", total) " |"; for (i = 1; i <= NF; i++) row = row sprintf(" %.0f (%.0f%%) |", $i, 100 * $i / total); print row }'
    done
    echo
    echo "**Top functions, exclusive** (switchboard, throughput):"
    echo
    echo "| instr/request | share | function |"
    echo "|---:|---:|---|"
    tidy "$total" 25 <"$out/exclusive.throughput.tsv"
    if [ "$perf_ok" = yes ]; then
        echo
        echo "**Where the wall time goes** (switchboard, throughput; \`perf record\` cpu-clock sampling of the"
        echo "server over the whole run, so \`create\` and start-up are in it, but they are under 1%). Compare the"
        echo "share of time with the share of instructions above: code with many atomic reference-count"
        echo "operations, allocations and pointer chasing takes more time per instruction than jansson's loops."
        echo
        echo "| share of samples | object |"
        echo "|---:|---|"
        perf report -i "$out/perf.throughput.data" --stdio --no-children --sort dso 2>/dev/null |
            awk '/^ +[0-9.]+%/ { pct = $1; $1 = ""; sub(/^ +/, ""); if (n++ < 8) printf "| %s | `%s` |\n", pct, $0 }'
        echo
        echo "| share of samples | function |"
        echo "|---:|---|"
        perf report -i "$out/perf.throughput.data" --stdio --no-children --sort sym 2>/dev/null | swift demangle --simplified |
            awk '/^ +[0-9.]+%/ { pct = $1; $1 = ""; $2 = ""; sub(/^ +/, ""); gsub(/\|/, "\\|"); if (length($0) > 120) $0 = substr($0, 1, 117) "..."; if (n++ < 15) printf "| %s | `%s` |\n", pct, $0 }'
    fi
    echo
    echo "**What one request costs more in ping-pong than pipelined** ($ping_total against $total"
    echo "instructions): each request is its own read chunk, which the reader thread runs itself in the"
    echo "executor's turn (\`dispatch_sync\`), and pays a \`read(2)\` and a \`write(2)\` alone (the input"
    echo "differs too: always \`nameChanged\`, with one notification)."
    echo "Exclusive, largest differences:"
    echo
    echo "| instr/request, ping-pong | pipelined | difference | function |"
    echo "|---:|---:|---:|---|"
    awk -F'\t' 'FNR == NR { t[$2] = $1; next } { d = $1 - t[$2]; if (d > 20) printf "%.0f\t%.0f\t%.0f\t%s\n", $1, t[$2], d, $2 }' \
        "$out/exclusive.throughput.tsv" "$out/exclusive.pingpong.tsv" | sort -t$'\t' -k3,3 -g -r | head -12 |
        awk -F'\t' '{ name = $4; sub(/^\?\?\?:/, "", name); sub(/^\.\/[^:]*:/, "", name); if (match(name, / \[[^]]*\]$/)) { o = substr(name, RSTART + 2, RLENGTH - 3); sub(/.*\//, "", o); name = substr(name, 1, RSTART - 1) " (" o ")" }; gsub(/\|/, "\\|", name); if (length(name) > 120) name = substr(name, 1, 117) "..."; printf "| %s | %s | %s | `%s` |\n", $1, $2, $3, name }'
    echo
    start_inc="$out/inclusive.startup.tsv"
    callgrind_annotate --inclusive=yes --threshold=100 "$out/callgrind/startup.switchboard.out" 2>/dev/null |
        awk '/^ *[0-9,]+ +\([ 0-9.]+%\) +/ { n = $1; gsub(",", "", n); sub(/^ *[0-9,]+ +\([ 0-9.]+%\) +/, ""); print n "\t" $0 }' |
        swift demangle --simplified >"$start_inc"
    start_total="$(awk '/^totals:/ { print $2 }' "$out/callgrind/startup.switchboard.out")"
    start_main="$(stage "$start_inc" "switchboard_main")"
    # (the rows below are inclusive and nest; the three top-level ones nearly add up to the total)
    echo "**Start-up of switchboard, by stage** (callgrind, one whole process: start, one request, exit;"
    echo "$start_total instructions; inclusive):"
    echo
    echo "| Stage | instructions | share |"
    echo "|---|---:|---:|"
    awk -F'\t' -v total="$start_total" '{ printf "| %s | %.0f | %.1f%% |\n", $1, $2, 100 * $2 / total }' <<EOF
Dynamic loading: mapping, relocation, symbol lookup (\`_dl_start\`)	$(stage "$start_inc" "_dl_start")
Library initialisers (\`_dl_init\`)	$(stage "$start_inc" "_dl_init")
\`main\`	$start_main
↳ the command line (\`CommandLine.arguments\`; \`serve\` skips swift-argument-parser)	$(stage "$start_inc" "static CommandLine.arguments.getter")
↳ \`ServeRunner.run\` on the main thread, which is also the reader's	$(stage "$start_inc" "static ServeRunner.run(_:recordPath:)")
↳↳ the catalog of view-model types (\`BuiltinCatalog.registry()\`)	$(stage "$start_inc" "static BuiltinCatalog.registry()")
↳↳ the first request (\`Session.handle(parsed:)\`)	$(stage "$start_inc" "Session.handle(parsed:)")
↳↳↳ making its \`signup\` instance, the view model's generic type metadata built at run time among it (\`Session.createInstance\`)	$(stage "$start_inc" "Session.createInstance(of:type:id:options:)")
Other threads (\`start_thread\`): the executor's and the log's	$(stage "$start_inc" "start_thread")
EOF
    echo
    echo "**Start-up, by object** (callgrind, one whole process: start, one request, exit; instructions):"
    echo
    echo "| Object | switchboard | C jansson echo | Swift floor |"
    echo "|---|---:|---:|---:|"
    by_object() {
        callgrind_annotate --inclusive=no --threshold=100 "$1" 2>/dev/null |
            awk '/^ *[0-9,]+ +\([ 0-9.]+%\) +/ && !/PROGRAM TOTALS/ { n = $1; gsub(",", "", n); o = "(no object)"; if (match($0, / \[[^]]*\]$/)) { o = substr($0, RSTART + 2, RLENGTH - 3); sub(/.*\//, "", o); sub(/\.so.*/, ".so", o) } s[o] += n }
                 END { for (o in s) printf "%s\t%d\n", o, s[o] }'
    }
    for label in switchboard jansson-echo swift-floor; do
        by_object "$out/callgrind/startup.$label.out" >"$out/startup-objects.$label.tsv"
    done
    awk -F'\t' '
        FNR == 1 { file++ }
        { v[file, $1] = $2; all[$1] = 1 }
        END { for (o in all) printf "%d\t%s\t%d\t%d\t%d\n", v[1, o], o, v[1, o], v[2, o], v[3, o] }
    ' "$out/startup-objects.switchboard.tsv" "$out/startup-objects.jansson-echo.tsv" "$out/startup-objects.swift-floor.tsv" |
        sort -t$'\t' -k1,1 -g -r | head -12 |
        awk -F'\t' '{ printf "| `%s` | %d | %d | %d |\n", $2, $3, $4, $5 }'
} >"$out/profile.md"
