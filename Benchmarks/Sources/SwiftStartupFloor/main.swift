// The start-up floor of a Swift process, for the daemon benchmarks: no Foundation, no JSON,
// just the Swift runtime answering each line with a fixed response (and flushing). What a
// Swift daemon cannot start faster than; run-daemon.sh builds it by the same command as the
// daemon and times the two side by side.
#if canImport(Glibc)
import Glibc
#endif

while readLine(strippingNewline: true) != nil {
    print(#"{"jsonrpc":"2.0","id":1,"result":null}"#)
    fflush(nil) // all streams: stdout is a pipe, so fully buffered
}
