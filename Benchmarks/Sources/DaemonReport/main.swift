// Renders the daemon section of BENCHMARKS.md from the figures run-daemon.sh collected.
//
//   DaemonReport render RESULTS MACHINE OUT   write the section to OUT
//
// RESULTS is tab-separated, one row per measurement (several rounds per server are merged; the
// figure reported is the median over rounds):
//
//   throughput LABEL REQUESTS RESPONSES NOTIFICATIONS LINES SECONDS SERVER_CPU_SECONDS BYTES_SENT
//   pingpong   LABEL N MEAN_NS P50_NS P90_NS P99_NS P999_NS MAX_NS NOTIFICATIONS
//   startup    LABEL RUNS MEDIAN_NS MIN_NS P90_NS MAX_NS
//   scale      LABEL INSTANCES REQUESTS SECONDS SERVER_CPU_SECONDS RSS_ONE_KB RSS_CREATED_KB
//              RSS_PRIMED_KB HWM_PRIMED_KB MALLOC_ONE MALLOC_CREATED MALLOC_PRIMED
//              MAIN_THREAD_CPU_SECONDS OTHER_THREADS_CPU_SECONDS   (the last two may be missing)
//   meta       KEY VALUE
import BenchText
import DaemonFigures

#if canImport(Glibc)
import Glibc
#endif

// MARK: Main

// The figures, criteria and rendering are in DaemonFigures (tested there); this reads the
// files and writes the section.
let arguments = CommandLine.arguments
guard arguments.count >= 5, arguments[1] == "render" else { fail("usage: DaemonReport render RESULTS MACHINE OUT") }
// A file that cannot be read is an error, not a section of MISSING verdicts.
func required(_ path: String) -> String {
    do { return try readText(path) } catch { fail(error.description) }
}
let figures = Figures(rows: Rows(text: required(arguments[2])))
let section = render(figures, machine: required(arguments[3]))
do { try writeText(section, to: arguments[4]) } catch { fail(error.description) }

/// Exits with status 2 after `message` on stderr.
func fail(_ message: String) -> Never {
    var text = "DaemonReport: \(message)\n"
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    exit(2)
}
