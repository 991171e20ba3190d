// The daemon's targets: each criterion, its figure and its margin.
import BenchText

// MARK: Targets

/// One target of the daemon's section: what was measured against what is required.
public struct Criterion {
    /// A stable name (the tests find a criterion by it).
    public let id: String
    let target: String
    let metric: String
    let measured: String
    let required: String
    /// Achieved ÷ required, oriented so that ≥ 1 passes.
    public let margin: Double?
    /// Why the target is not met when it fails: what the ordinary build does that the figure
    /// shows (printed under the table for a failing row only).
    var whyItFails: String? = nil

    /// PASS, FAIL, or MISSING when the figure was not measured.
    public var verdict: String {
        guard let margin else { return "MISSING" }
        return margin >= 1 ? "PASS" : "FAIL"
    }
}

/// The median over rounds of a per-round ratio: round k of `a` against round k of `b` (rows
/// are in run order and every round runs every server once), so a slow spell of the machine
/// that covers one round weighs on both sides of its ratio.
func pairedRatio(_ a: [Double], _ b: [Double]) -> Double? {
    median(pairedRatios(a, b))
}

/// The per-round ratios `pairedRatio` takes the median of (rounds whose reference is not
/// positive left out).
func pairedRatios(_ a: [Double], _ b: [Double]) -> [Double] {
    zip(a, b).compactMap { $1 > 0 ? $0 / $1 : nil }
}

/// "median of N per-round ratios", N being how many `pairedRatio(a, b)` took.
func perRound(_ a: [Double], _ b: [Double]) -> String {
    "median of \(pairedRatios(a, b).count) per-round ratios"
}

/// `perRound` with the middle half of the ratios, for the scale target, whose single rounds
/// scatter widely on a shared machine, so that a verdict near the threshold reads as what it is.
func perRoundWithSpread(_ a: [Double], _ b: [Double]) -> String {
    let ratios = pairedRatios(a, b)
    guard let spread = quartiles(ratios) else { return perRound(a, b) }
    return "\(perRound(a, b)), middle half \(fixed(spread.lower, digits: 2))–\(fixed(spread.upper, digits: 2))×"
}

/// The daemon's thresholds, declared once: what the criteria require and the tests check.
public enum Thresholds {
    /// Start-up to the first response, at most this many times an empty Swift stdio program's
    /// built by the same command.
    public static let startupOverFloor = 1.3
    /// Pipelined requests per second, at least this many times the C jansson echo's.
    public static let throughputOverEcho = 1.0
    /// Ping-pong p99, at most this many times the C jansson echo's.
    public static let p99OverEcho = 1.2
    /// Server CPU a request with the most live instances, at most this many times with one.
    public static let scaleCPU = 1.5
    /// Memory a live signup instance, at most this many bytes.
    public static let bytesPerInstance = 4000.0
}

/// Every criterion of the daemon, computed from the figures of one run.
public func criteria(_ f: Figures) -> [Criterion] {
    var list: [Criterion] = []
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
    let startOurs = f.rows.numbers("startup", "switchboard", 2), startFloor = f.rows.numbers("startup", "swift-floor", 2)
    var startup = atMost("startup", "start-up to first response ÷ an empty Swift stdio program's (same build command)", "median ms",
                         pairedRatio(startOurs, startFloor), Thresholds.startupOverFloor,
                         "\(perRound(startOurs, startFloor)); medians \(format(f.startup("switchboard", 2))) vs \(format(f.startup("swift-floor", 2))) ms")
    startup.whyItFails = "the loader relocates the whole position-independent binary (the runtime and Foundation linked in), and the first request instantiates the view model's generic types from their mangled names; the non-PIE link and the frontend flag that avoided both were removed, and no by-design change has yet taken their place."
    list.append(startup)
    let oursRates = f.requestsPerSecond("switchboard"), echoRates = f.requestsPerSecond("jansson-echo")
    list.append(atLeast("throughput-echo", "pipelined requests/s ÷ the C jansson echo's", "requests/s",
                        pairedRatio(oursRates, echoRates), Thresholds.throughputOverEcho,
                        "\(perRound(oursRates, echoRates)); medians \(grouped(median(oursRates))) vs \(grouped(median(echoRates))) requests/s"))
    let p99Ours = f.rows.numbers("pingpong", "switchboard", 5), p99Echo = f.rows.numbers("pingpong", "jansson-echo", 5)
    var latency = atMost("latency-p99", "ping-pong p99 ÷ the C jansson echo's", "p99 µs",
                         pairedRatio(p99Ours, p99Echo), Thresholds.p99OverEcho,
                         "median of \(pairedRatios(p99Ours, p99Echo).count) paired passes; medians \(format(f.pingpong("switchboard", 5))) vs \(format(f.pingpong("jansson-echo", 5))) µs")
    latency.whyItFails = "both readers now sleep in read(2) between requests and are woken for each, so the round trip is the wake-up plus the work, and a request here does a view model's work and writes a notification and a response where the echo copies one line; the busy-polling reader that hid the wake-up was removed."
    list.append(latency)
    if let many = f.scaleInstances.last, let one = f.scaleInstances.first, many > one {
        let cpuMany = f.scaleCPUMicrosecondsPerRound(instances: many), cpuOne = f.scaleCPUMicrosecondsPerRound(instances: one)
        list.append(atMost("scale-cpu", "CPU a request, \(grouped(Double(many))) live signups ÷ \(one)", "server CPU µs/request",
                           pairedRatio(cpuMany, cpuOne), Thresholds.scaleCPU,
                           "\(perRoundWithSpread(cpuMany, cpuOne)); medians \(format(median(cpuMany))) vs \(format(median(cpuOne))) µs"))
    }
    let rss = f.perInstance(7, baseline: 5, kilobytes: true)
    let limit = Thresholds.bytesPerInstance
    list.append(Criterion(id: "memory-rss", target: "memory a live signup", metric: "RSS growth ÷ instances",
                          measured: rss.map { "\(grouped($0)) B" } ?? "missing",
                          required: "≤ \(grouped(limit)) B", margin: rss.map { limit / $0 }))
    return list
}
