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
//   instr      WORKLOAD LABEL INSTRUCTIONS_PER_REQUEST          (callgrind)
//   startinstr LABEL INSTRUCTIONS                               (callgrind, one start-up)
//   alloc      LABEL LIVE_BLOCKS_PER_INSTANCE REQUESTED_BYTES_PER_INSTANCE   (DHAT)
//   perfstat   LABEL REQUESTS TASK_CLOCK_MS CONTEXT_SWITCHES CPU_MIGRATIONS  (perf stat, ping-pong)
//   meta       KEY VALUE
import BenchText

#if canImport(Glibc)
import Glibc
#endif

// MARK: Reading the figures

struct Rows {
    var byKind: [String: [[String]]] = [:]
    var meta: [String: String] = [:]

    init(path: String) {
        for line in readText(path).split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard let kind = fields.first else { continue }
            if kind == "meta", fields.count >= 3 { meta[fields[1]] = fields[2]; continue }
            byKind[kind, default: []].append(Array(fields.dropFirst()))
        }
    }

    /// The rows of one kind whose first field (the label) is `label`.
    func rows(_ kind: String, _ label: String) -> [[String]] {
        (byKind[kind] ?? []).filter { $0.first == label }
    }

    /// Field `index` of every row of `kind` and `label`, as numbers.
    func numbers(_ kind: String, _ label: String, _ index: Int) -> [Double] {
        rows(kind, label).compactMap { $0.count > index ? Double($0[index]) : nil }
    }
}

func readText(_ path: String) -> String {
    guard let file = fopen(path, "rb") else { return "" }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count <= 0 { break }
        bytes.append(contentsOf: chunk[0..<count])
    }
    return String(decoding: bytes, as: UTF8.self)
}

func writeText(_ text: String, to path: String) {
    guard let file = fopen(path, "wb") else { fail("cannot write \(path)") }
    defer { fclose(file) }
    let bytes = Array(text.utf8)
    guard fwrite(bytes, 1, bytes.count, file) == bytes.count else { fail("short write to \(path)") }
}

func fail(_ message: String) -> Never {
    var text = "DaemonReport: \(message)\n"
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    exit(2)
}

func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// An integer with thousands separators: 1,000,000.
func grouped(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "n/a" }
    let digits = String(Int(value.rounded()))
    var out = ""
    for (index, character) in digits.reversed().enumerated() {
        if index > 0, index % 3 == 0, character != "-" { out.append(",") }
        out.append(character)
    }
    return String(out.reversed())
}

func ratio(_ value: Double?, _ reference: Double?) -> Double? {
    guard let value, let reference, reference > 0 else { return nil }
    return value / reference
}

func times(_ value: Double?) -> String {
    guard let value else { return "n/a" }
    return fixed(value, digits: 2) + "×"
}

// MARK: The figures

let servers: [(label: String, name: String)] = [
    ("switchboard", "**switchboard** (ours)"),
    ("jansson-echo", "C jansson echo (`jansson_line echo`, the floor)"),
    ("foundation", "Swift + Foundation `JSONSerialization` loop"),
    ("swift-floor", "Swift, no Foundation: `readLine` + `print` (start-up floor)"),
]

struct Figures {
    let rows: Rows

    // Throughput
    func requestsPerSecond(_ label: String) -> [Double] {
        rows.rows("throughput", label).compactMap { row in
            guard row.count >= 6, let requests = Double(row[1]), let seconds = Double(row[5]), seconds > 0 else { return nil }
            return requests / seconds
        }
    }
    func linesPerSecond(_ label: String) -> Double? {
        median(rows.rows("throughput", label).compactMap { row in
            guard row.count >= 6, let lines = Double(row[4]), let seconds = Double(row[5]), seconds > 0 else { return nil }
            return lines / seconds
        })
    }
    func linesPerRequest(_ label: String) -> Double? {
        median(rows.rows("throughput", label).compactMap { row in
            guard row.count >= 5, let requests = Double(row[1]), let lines = Double(row[4]), requests > 0 else { return nil }
            return lines / requests
        })
    }
    func serverMicrosecondsPerRequest(_ label: String) -> Double? {
        median(rows.rows("throughput", label).compactMap { row in
            guard row.count >= 7, let requests = Double(row[1]), let cpu = Double(row[6]), requests > 0 else { return nil }
            return cpu / requests * 1e6
        })
    }
    func throughputCounts(_ label: String) -> String {
        guard let row = rows.rows("throughput", label).first, row.count >= 5 else { return "n/a" }
        return "\(grouped(Double(row[2]))) responses, \(grouped(Double(row[3]))) notifications"
    }

    // Ping-pong: field index 3 = p50 … 7 = max, 2 = mean (ns); reported in µs.
    func pingpong(_ label: String, _ index: Int) -> Double? {
        median(rows.numbers("pingpong", label, index)).map { $0 / 1000 }
    }

    // Start-up (ms)
    func startup(_ label: String, _ index: Int) -> Double? {
        let values = rows.numbers("startup", label, index).map { $0 / 1e6 }
        switch index {
        case 3: return values.min()
        case 5: return values.max()
        default: return median(values)
        }
    }

    // Scale
    func scaleRows(instances: Int) -> [[String]] {
        rows.rows("scale", "switchboard").filter { $0.count >= 12 && Int($0[1]) == instances }
    }
    var scaleInstances: [Int] {
        Array(Set((rows.byKind["scale"] ?? []).compactMap { $0.count > 1 ? Int($0[1]) : nil })).sorted()
    }
    func scaleMicroseconds(instances: Int) -> [Double] {
        scaleRows(instances: instances).compactMap { row in
            guard let requests = Double(row[2]), let seconds = Double(row[3]), requests > 0 else { return nil }
            return seconds / requests * 1e6
        }
    }
    func scaleCPUMicrosecondsPerRound(instances: Int) -> [Double] {
        scaleRows(instances: instances).compactMap { row in
            guard let requests = Double(row[2]), let cpu = Double(row[4]), requests > 0 else { return nil }
            return cpu / requests * 1e6
        }
    }
    func scaleCPUMicroseconds(instances: Int) -> Double? { median(scaleCPUMicrosecondsPerRound(instances: instances)) }
    /// Bytes per instance from field `index` (a total after all instances) minus field
    /// `baseline` (after one), in kB (RSS) or bytes (mallinfo).
    func perInstance(_ index: Int, baseline: Int, kilobytes: Bool) -> Double? {
        guard let many = scaleInstances.last, many > 1 else { return nil }
        return median(scaleRows(instances: many).compactMap { row in
            guard let total = Double(row[index]), let base = Double(row[baseline]), total >= 0, base >= 0 else { return nil }
            return (total - base) * (kilobytes ? 1024 : 1) / Double(many - 1)
        })
    }

    func instructions(_ workload: String, _ label: String) -> Double? {
        median((rows.byKind["instr"] ?? [])
            .filter { $0.count >= 3 && $0[0] == workload && $0[1] == label }
            .compactMap { Double($0[2]) })
    }
}

// MARK: Targets

struct Criterion {
    let id: String
    let target: String
    let metric: String
    let measured: String
    let required: String
    /// Achieved ÷ required, oriented so that ≥ 1 passes.
    let margin: Double?

    var verdict: String {
        guard let margin else { return "MISSING" }
        return margin >= 1 ? "PASS" : "FAIL"
    }
}

/// The median over rounds of a per-round ratio: round k of `a` against round k of `b` (rows
/// are in run order and every round runs every server once), so a slow spell of the machine
/// that covers one round weighs on both sides of its ratio.
func pairedRatio(_ a: [Double], _ b: [Double]) -> Double? {
    median(zip(a, b).compactMap { $1 > 0 ? $0 / $1 : nil })
}

func criteria(_ f: Figures) -> [Criterion] {
    var list: [Criterion] = []
    let rounds = f.requestsPerSecond("switchboard").count
    let perRound = "median of \(rounds) per-round ratios"
    let ours = median(f.requestsPerSecond("switchboard"))
    let echo = median(f.requestsPerSecond("jansson-echo"))
    let foundation = median(f.requestsPerSecond("foundation"))
    func atLeast(_ id: String, _ target: String, _ metric: String, _ value: Double?, _ factor: Double, _ detail: String) -> Criterion {
        Criterion(id: id, target: target, metric: metric,
                  measured: value.map { "\(fixed($0, digits: 2))× (\(detail))" } ?? "missing",
                  required: "≥ \(format(factor))×", margin: value.map { $0 / factor })
    }
    func atMost(_ id: String, _ target: String, _ metric: String, _ value: Double?, _ factor: Double, _ detail: String) -> Criterion {
        Criterion(id: id, target: target, metric: metric,
                  measured: value.map { "\(fixed($0, digits: 2))× (\(detail))" } ?? "missing",
                  required: "≤ \(format(factor))×", margin: value.map { $0 > 0 ? factor / $0 : .infinity })
    }
    list.append(atLeast("throughput-echo", "throughput ≥ 0.6× the C jansson echo", "requests/s",
                        pairedRatio(f.requestsPerSecond("switchboard"), f.requestsPerSecond("jansson-echo")), 0.6,
                        "\(perRound); medians \(grouped(ours)) vs \(grouped(echo)) requests/s"))
    let instrOurs = f.instructions("throughput", "switchboard")
    let instrEcho = f.instructions("throughput", "jansson-echo")
    let instrFoundation = f.instructions("throughput", "foundation")
    list.append(atLeast("throughput-echo-instr", "throughput ≥ 0.6× the C jansson echo", "instructions/request",
                        ratio(instrEcho, instrOurs), 0.6, "echo ÷ ours: \(grouped(instrEcho)) vs \(grouped(instrOurs))"))
    list.append(atLeast("throughput-foundation", "throughput ≥ 5× the Foundation loop", "requests/s",
                        pairedRatio(f.requestsPerSecond("switchboard"), f.requestsPerSecond("foundation")), 5,
                        "\(perRound); medians \(grouped(ours)) vs \(grouped(foundation)) requests/s"))
    list.append(atLeast("throughput-foundation-instr", "throughput ≥ 5× the Foundation loop", "instructions/request",
                        ratio(instrFoundation, instrOurs), 5, "Foundation ÷ ours: \(grouped(instrFoundation)) vs \(grouped(instrOurs))"))
    if let many = f.scaleInstances.last, let one = f.scaleInstances.first, many > one {
        let wallMany = f.scaleMicroseconds(instances: many), wallOne = f.scaleMicroseconds(instances: one)
        list.append(atMost("scale-wall", "per-request cost, \(grouped(Double(many))) instances ÷ \(one)", "wall µs/request",
                           pairedRatio(wallMany, wallOne), 1.2,
                           "\(perRound); medians \(format(median(wallMany))) vs \(format(median(wallOne))) µs"))
        let cpuMany = f.scaleCPUMicrosecondsPerRound(instances: many), cpuOne = f.scaleCPUMicrosecondsPerRound(instances: one)
        list.append(atMost("scale-cpu", "per-request cost, \(grouped(Double(many))) instances ÷ \(one)", "server CPU µs/request",
                           pairedRatio(cpuMany, cpuOne), 1.2,
                           "\(perRound); medians \(format(median(cpuMany))) vs \(format(median(cpuOne))) µs"))
    }
    let rss = f.perInstance(7, baseline: 5, kilobytes: true)
    list.append(Criterion(id: "memory-rss", target: "≤ 16 KiB per signup instance", metric: "RSS growth",
                          measured: rss.map { "\(grouped($0)) B (\(fixed($0 / 1024, digits: 2)) KiB)" } ?? "missing",
                          required: "≤ 16,384 B", margin: rss.map { 16384 / $0 }))
    let heap = f.perInstance(11, baseline: 9, kilobytes: false)
    if let heap {
        list.append(Criterion(id: "memory-malloc", target: "≤ 16 KiB per signup instance", metric: "malloc in use (mallinfo2)",
                              measured: "\(grouped(heap)) B (\(fixed(heap / 1024, digits: 2)) KiB)",
                              required: "≤ 16,384 B", margin: 16384 / heap))
    }
    let startOurs = f.rows.numbers("startup", "switchboard", 2), startEcho = f.rows.numbers("startup", "jansson-echo", 2)
    list.append(atMost("startup", "start-up to first response ≤ 8× the C echo's", "median ms",
                       pairedRatio(startOurs, startEcho), 8,
                       "\(perRound); medians \(format(f.startup("switchboard", 2))) vs \(format(f.startup("jansson-echo", 2))) ms"))
    let p99Ours = f.rows.numbers("pingpong", "switchboard", 5), p99Echo = f.rows.numbers("pingpong", "jansson-echo", 5)
    // The C echo's p50 per round shows which wake-up regime of the VM the rounds ran in.
    let echoP50 = f.rows.numbers("pingpong", "jansson-echo", 3).map { $0 / 1000 }
    list.append(atMost("latency-p99", "ping-pong p99 ≤ 3× the C echo's", "p99 µs",
                       pairedRatio(p99Ours, p99Echo), 3,
                       "\(perRound); medians \(format(f.pingpong("switchboard", 5))) vs \(format(f.pingpong("jansson-echo", 5))) µs; "
                       + "C echo p50 in the rounds \(format(echoP50.min()))–\(format(echoP50.max())) µs"))
    return list
}

// MARK: Rendering

func render(_ f: Figures, machine: String, profile: String, analysis: String) -> String {
    let meta = f.rows.meta
    var out = "## Daemon, through real pipes\n\n"
    out += "Generated by `Benchmarks/run-daemon.sh` (which `Benchmarks/run.sh` runs after the core and wire "
    out += "workloads); the Analysis at its end is copied from `Benchmarks/DAEMON-ANALYSIS.md`. Issue 9 defines "
    out += "the workloads and the targets. Every figure below comes from one run.\n\n"
    out += "### Daemon run\n\n" + machine.trimmingTrailingNewlines() + "\n\n"

    out += "### How the daemon figures are made\n\n"
    out += "- **Client**: `Benchmarks/c/daemon_client.c` (C, `cc -O2 -pthread`) spawns the server with `posix_spawn`, "
    out += "its stdin and stdout on pipes, writes requests from one thread in 64 KiB writes while the main thread "
    out += "reads and checks every line: responses must come back in order with ids 1, 2, 3…, none may be an error, "
    out += "and the number of `output` notifications must be exactly what signup's rules give (simulated in the "
    out += "client). Any mismatch fails the run.\n"
    out += "- **Servers**: `switchboard serve` built with `\(meta["daemon_build"] ?? "?")` at the repository root; "
    out += "the C jansson echo `Benchmarks/c/jansson_line.c` in `echo` mode (parse, dump compact, one `write(2)` per "
    out += "read chunk: the floor of any jansson-based daemon; one line per request); "
    out += "`Benchmarks/Sources/FoundationEcho` (`readLine`, `JSONSerialization.jsonObject`, a response dictionary, "
    out += "`JSONSerialization.data`, `FileHandle.write` per response: one line per request, no view models); "
    out += "`Benchmarks/Sources/SwiftStartupFloor` (start-up only).\n"
    out += "- **Rounds**: \(meta["repeats"] ?? "?") rounds, servers interleaved within each round; a figure is the "
    out += "median over rounds (min–max in brackets). A target's wall-clock ratio is the median of the per-round "
    out += "ratios (each round runs every server within seconds, so a slow spell of the machine weighs on both sides); "
    out += "the ×columns of the tables divide the medians. Wall time on this shared 2-core VM is noisy (the same "
    out += "ping-pong moved between 8 and 60 µs per round trip from one minute to the next, for the C echo too: "
    out += "wake-ups of an idle virtual CPU); instruction counts (`valgrind --tool=callgrind`, user space only, the "
    out += "run with N requests minus the run with none, ÷ N) repeat: switchboard's and the C echo's to within 0.3% "
    out += "from run to run, the Foundation loop's to within about 7% (presumably because its dictionaries hash with a per-process "
    out += "random seed).\n\n"

    out += "### Daemon targets\n\n"
    out += "| Target | Metric | Measured | Required | Verdict |\n|---|---|---|---|---|\n"
    let list = criteria(f)
    for c in list {
        out += "| \(c.target) | \(c.metric) | \(c.measured) | \(c.required) | **\(c.verdict)** |\n"
    }
    let passing = list.filter { $0.verdict == "PASS" }.count
    out += "\n\(passing) of \(list.count) daemon criteria pass."
    if let worst = list.filter({ $0.margin != nil }).min(by: { $0.margin! < $1.margin! }) {
        out += " Furthest from its target: *\(worst.target)* (\(worst.metric)), at \(fixed(worst.margin!, digits: 2)) of what it requires."
    }
    out += "\n\n"

    // Throughput
    let requests = f.rows.rows("throughput", "switchboard").first.flatMap { Double($0[1]) }
    let instances = meta["throughput_instances"] ?? "?"
    out += "### Throughput: \(grouped(requests)) pipelined requests on signup\n\n"
    out += "\(instances) signup instances are created first (`create`, untimed); then request *j* goes to instance "
    out += "*j* mod \(instances), with the inputs `viewDidLoad`, `nameChanged`, `emailChanged`, `passwordChanged`, "
    out += "`submitButtonPressed` in turn per instance (valid values, so every submit succeeds). Timed from the first "
    out += "byte written to the last response read. switchboard answered with "
    out += "\(f.throughputCounts("switchboard")) (every count checked). *Server CPU* is the server process's "
    out += "user + system time over the timed phase (`/proc/PID/stat`), all threads.\n\n"
    out += "| Server | requests/s (min–max) | output lines/s | lines/request | server CPU µs/request | instr/request | ×C echo requests/s | ×C echo instr | ×Foundation requests/s |\n"
    out += "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n"
    let echoRate = median(f.requestsPerSecond("jansson-echo"))
    let foundationRate = median(f.requestsPerSecond("foundation"))
    let echoInstr = f.instructions("throughput", "jansson-echo")
    for (label, name) in servers where !f.requestsPerSecond(label).isEmpty {
        let rates = f.requestsPerSecond(label)
        let rate = median(rates)
        let instr = f.instructions("throughput", label)
        out += "| \(name) | \(grouped(rate)) (\(grouped(rates.min()))–\(grouped(rates.max()))) | \(grouped(f.linesPerSecond(label))) | "
        out += "\(format(f.linesPerRequest(label))) | \(format(f.serverMicrosecondsPerRequest(label))) | \(grouped(instr)) | "
        out += "\(times(ratio(rate, echoRate))) | \(times(ratio(instr, echoInstr))) | \(times(ratio(rate, foundationRate))) |\n"
    }
    out += "\n"

    // Latency
    out += "### Latency: request/response ping-pong\n\n"
    out += "One `signup` instance; its email and password are set during the warm-up (\(meta["ping_warmup"] ?? "?") requests), "
    out += "so every `signup.nameChanged` causes one `output` notification before its response. Then "
    out += "\(grouped(Double(meta["ping_n"] ?? ""))) times: write one request, read until its response. Percentiles are "
    out += "exact (sorted samples, nearest rank) per round; the table gives their median over rounds. *Context switches* "
    out += "and *CPU* are the server's, from `perf stat` over a whole ping-pong run, per request. On this VM a round "
    out += "trip has two regimes that change from one minute to the next: with fast wake-ups the C echo's p50 is "
    out += "about 8 µs, with slow ones (an idle virtual CPU woken by the host) about 50–60 µs for every server, which "
    out += "compresses every ratio; the C echo's p50 per round, below, says which one a run met.\n\n"
    out += "| Server | p50 µs | p90 µs | p99 µs | p99.9 µs | max µs | mean µs | ×C echo p50 | ×C echo p99 | server CPU µs/request | context switches/request |\n"
    out += "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
    for (label, name) in servers where !f.rows.rows("pingpong", label).isEmpty {
        var perf = ("n/a", "n/a")
        if let row = f.rows.rows("perfstat", label).last, row.count >= 4,
           let n = Double(row[1]), let ms = Double(row[2]), let switches = Double(row[3]), n > 0 {
            perf = (format(ms * 1000 / n), format(switches / n))
        }
        out += "| \(name) | \(format(f.pingpong(label, 3))) | \(format(f.pingpong(label, 4))) | \(format(f.pingpong(label, 5))) | "
        out += "\(format(f.pingpong(label, 6))) | \(format(f.pingpong(label, 7))) | \(format(f.pingpong(label, 2))) | "
        out += "\(times(ratio(f.pingpong(label, 3), f.pingpong("jansson-echo", 3)))) | "
        out += "\(times(ratio(f.pingpong(label, 5), f.pingpong("jansson-echo", 5)))) | \(perf.0) | \(perf.1) |\n"
    }
    let echoRounds = f.rows.numbers("pingpong", "jansson-echo", 3).map { format($0 / 1000) }
    let oursRounds = f.rows.numbers("pingpong", "switchboard", 5), echoP99Rounds = f.rows.numbers("pingpong", "jansson-echo", 5)
    let ratios = zip(oursRounds, echoP99Rounds).map { times($1 > 0 ? $0 / $1 : nil) }
    out += "\nPer round: C echo p50 \(echoRounds.joined(separator: ", ")) µs; switchboard p99 ÷ C echo p99 "
    out += "\(ratios.joined(separator: ", ")).\n\n"

    // Start-up
    out += "### Start-up to first response\n\n"
    out += "From before `posix_spawn` to the first response line read: the process starts, reads one "
    out += "`signup.nameChanged` request and answers. \(meta["startup_runs"] ?? "?") runs per round; *instructions* "
    out += "are callgrind's count for one whole process (start, one request, exit), user space only.\n\n"
    out += "| Process | median ms | min ms | p90 ms | max ms | ×C echo (median) | instructions |\n|---|---:|---:|---:|---:|---:|---:|\n"
    for (label, name) in servers where !f.rows.rows("startup", label).isEmpty {
        let instructions = median(f.rows.numbers("startinstr", label, 1))
        out += "| \(name) | \(format(f.startup(label, 2))) | \(format(f.startup(label, 3))) | \(format(f.startup(label, 4))) | "
        out += "\(format(f.startup(label, 5))) | \(times(ratio(f.startup(label, 2), f.startup("jansson-echo", 2)))) | \(grouped(instructions)) |\n"
    }
    out += "\n"

    // Scale
    let scaleCounts = f.scaleInstances
    if let many = scaleCounts.last, let one = scaleCounts.first {
        let scaleRequests = f.scaleRows(instances: many).first.flatMap { Double($0[2]) }
        out += "### Scale: \(grouped(Double(many))) live signup instances\n\n"
        out += "Each process creates its instances (`create`, explicit ids) and sets the name, email and password of "
        out += "each (so every instance has built its graph), untimed; then \(grouped(scaleRequests)) requests, inputs "
        out += "cycling over `nameChanged`, `emailChanged`, `passwordChanged`, `submitButtonPressed`, each to a uniformly "
        out += "random instance (fixed seed), pipelined. With every field set and no `viewDidLoad`, each request causes "
        out += "exactly one notification whatever the instance, so the work per request is the same at both sizes "
        out += "(checked).\n\n"
        out += "| Live instances | µs/request (min–max) | server CPU µs/request | × one instance, wall | × one instance, CPU |\n|---|---:|---:|---:|---:|\n"
        let wallOne = median(f.scaleMicroseconds(instances: one)), cpuOne = f.scaleCPUMicroseconds(instances: one)
        for count in scaleCounts {
            let samples = f.scaleMicroseconds(instances: count)
            let wall = median(samples), cpu = f.scaleCPUMicroseconds(instances: count)
            out += "| \(grouped(Double(count))) | \(format(wall)) (\(format(samples.min()))–\(format(samples.max()))) | \(format(cpu)) | "
            out += "\(times(ratio(wall, wallOne))) | \(times(ratio(cpu, cpuOne))) |\n"
        }
        out += "\n**Memory per instance** (\(grouped(Double(many))) instances; totals after the phase minus after the first "
        out += "instance, ÷ \(grouped(Double(many - 1)))):\n\n"
        out += "| Measure | after `create` | after setting the fields |\n|---|---:|---:|\n"
        out += "| RSS growth (`VmRSS`) | \(grouped(f.perInstance(6, baseline: 5, kilobytes: true))) B | \(grouped(f.perInstance(7, baseline: 5, kilobytes: true))) B |\n"
        out += "| malloc in use (glibc `mallinfo2()` `uordblks + hblkhd`, all arenas, read inside the server through `c/mallinfo_preload.c`) | "
        out += "\(grouped(f.perInstance(10, baseline: 9, kilobytes: false))) B | \(grouped(f.perInstance(11, baseline: 9, kilobytes: false))) B |\n"
        if let row = f.rows.rows("alloc", "switchboard").last, row.count >= 3 {
            out += "| live heap blocks (valgrind DHAT at the heap's peak, 2,000 minus 1,000 instances, ÷ 1,000) | | \(format(Double(row[1]))) blocks, \(grouped(Double(row[2]))) B requested |\n"
        }
        if let hwm = median(f.scaleRows(instances: many).compactMap { Double($0[8]) }) {
            out += "\nPeak RSS (`VmHWM`) of the \(grouped(Double(many)))-instance process: \(format(hwm / 1024 / 1024)) GiB.\n"
        }
        out += "\n"
    }

    out += "### Where the daemon's time goes\n\n" + profile.trimmingTrailingNewlines() + "\n\n"
    if !analysis.isEmpty {
        out += "### Daemon analysis\n\n" + analysis.trimmingTrailingNewlines() + "\n"
    }
    return out
}


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
