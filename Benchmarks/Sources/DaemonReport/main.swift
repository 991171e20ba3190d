// Renders the daemon section of BENCHMARKS.md from the figures run-daemon.sh collected.
//
//   DaemonReport render RESULTS MACHINE PROFILE ANALYSIS OUT   write the section to OUT
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
//   instr      WORKLOAD LABEL INSTRUCTIONS_PER_REQUEST          (callgrind)
//   startinstr LABEL INSTRUCTIONS                               (callgrind, one start-up)
//   alloc      LABEL LIVE_BLOCKS_PER_INSTANCE REQUESTED_BYTES_PER_INSTANCE   (DHAT)
//   lines      LABEL INSTANCES LL_MISSES_PER_REQUEST D1_MISSES_PER_REQUEST INSTRUCTIONS_PER_REQUEST
//              (the scale workload under callgrind's cache model)
//   perfstat   LABEL REQUESTS TASK_CLOCK_MS CONTEXT_SWITCHES CPU_MIGRATIONS  (perf stat, ping-pong)
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
guard arguments.count >= 7, arguments[1] == "render" else { fail("usage: DaemonReport render RESULTS MACHINE PROFILE ANALYSIS OUT") }
// A file that cannot be read is an error, not a section of MISSING verdicts.
func required(_ path: String) -> String {
    do { return try readText(path) } catch { fail(error.description) }
}
let figures = Figures(rows: Rows(text: required(arguments[2])))
let section = render(figures, machine: required(arguments[3]), profile: required(arguments[4]), analysis: required(arguments[5]))
do { try writeText(section, to: arguments[6]) } catch { fail(error.description) }

/// Exits with status 2 after `message` on stderr.
func fail(_ message: String) -> Never {
    var text = "DaemonReport: \(message)\n"
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    exit(2)
}
