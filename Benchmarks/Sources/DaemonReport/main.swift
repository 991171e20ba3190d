// Renders the daemon section of BENCHMARKS.md from the figures run-daemon.sh collected.
//
//   DaemonReport render RESULTS MACHINE PROFILE ANALYSIS OUT   write the section to OUT
//   DaemonReport worst RESULTS                                  the criterion furthest from its target
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

#if canImport(Glibc)
import Glibc
#endif

// MARK: Main

let arguments = CommandLine.arguments
guard arguments.count >= 3 else { fail("usage: DaemonReport render RESULTS MACHINE PROFILE ANALYSIS OUT | worst RESULTS") }
let figures = Figures(rows: Rows(path: arguments[2]))
switch arguments[1] {
case "render":
    guard arguments.count >= 7 else { fail("render RESULTS MACHINE PROFILE ANALYSIS OUT") }
    writeText(render(figures, machine: readText(arguments[3]), profile: readText(arguments[4]), analysis: readText(arguments[5])),
              to: arguments[6])
case "worst":
    let worst = criteria(figures).filter { $0.margin != nil }.min { $0.margin! < $1.margin! }
    print(worst?.id ?? "none")
default:
    fail("unknown mode \(arguments[1])")
}
