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

/// `perRound` with the middle half of the ratios: for the scale targets, whose single rounds
/// on this VM scatter from about 0.75× to 2× (issue 18), so that a verdict near the threshold
/// reads as what it is.
func perRoundWithSpread(_ a: [Double], _ b: [Double]) -> String {
    let ratios = pairedRatios(a, b)
    guard let spread = quartiles(ratios) else { return perRound(a, b) }
    return "\(perRound(a, b)), middle half \(fixed(spread.lower, digits: 2))–\(fixed(spread.upper, digits: 2))×"
}

/// Every criterion of the daemon, computed from the figures of one run.
public func criteria(_ f: Figures) -> [Criterion] {
    var list: [Criterion] = []
    let oursRates = f.requestsPerSecond("switchboard"), echoRates = f.requestsPerSecond("jansson-echo")
    let foundationRates = f.requestsPerSecond("foundation"), plainRates = f.requestsPerSecond("switchboard-plain")
    let ours = median(oursRates), echo = median(echoRates), foundation = median(foundationRates)
    let rounds = oursRates.count
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
    // Issue 9 asked for 0.6× the echo's rate; issue 18 raised it to 1.0×, with at most 1.2× its
    // instructions.
    list.append(atLeast("throughput-echo", "pipelined throughput ≥ 1.0× the C jansson echo", "requests/s",
                        pairedRatio(oursRates, echoRates), 1.0, "\(perRound(oursRates, echoRates)); medians \(grouped(ours)) vs \(grouped(echo)) requests/s"))
    let instrOurs = f.instructions("throughput", "switchboard")
    let instrEcho = f.instructions("throughput", "jansson-echo")
    let instrFoundation = f.instructions("throughput", "foundation")
    list.append(atMost("throughput-echo-instr", "pipelined instructions ≤ 1.2× the C jansson echo's", "instructions/request",
                       ratio(instrOurs, instrEcho), 1.2, "ours ÷ echo: \(grouped(instrOurs)) vs \(grouped(instrEcho))"))
    // Issue 18: what a package depending on Host gets from a plain `swift build -c release`.
    let plain = median(plainRates)
    list.append(atLeast("plain-build", "a plain `swift build -c release` daemon ≥ 0.85× the cross-module-optimized one",
                        "requests/s",
                        pairedRatio(plainRates, oursRates), 0.85, "\(perRound(plainRates, oursRates)); medians \(grouped(plain)) vs \(grouped(ours)) requests/s"))
    list.append(atLeast("throughput-foundation", "throughput ≥ 5× the Foundation loop", "requests/s",
                        pairedRatio(oursRates, foundationRates), 5, "\(perRound(oursRates, foundationRates)); medians \(grouped(ours)) vs \(grouped(foundation)) requests/s"))
    list.append(atLeast("throughput-foundation-instr", "throughput ≥ 5× the Foundation loop", "instructions/request",
                        ratio(instrFoundation, instrOurs), 5, "Foundation ÷ ours: \(grouped(instrFoundation)) vs \(grouped(instrOurs))"))
    if let many = f.scaleInstances.last, let one = f.scaleInstances.first, many > one {
        let wallMany = f.scaleMicroseconds(instances: many), wallOne = f.scaleMicroseconds(instances: one)
        list.append(atMost("scale-wall", "per-request cost, \(grouped(Double(many))) instances ÷ \(one)", "wall µs/request",
                           pairedRatio(wallMany, wallOne), 1.2,
                           "\(perRoundWithSpread(wallMany, wallOne)); medians \(format(median(wallMany))) vs \(format(median(wallOne))) µs"))
        let cpuMany = f.scaleCPUMicrosecondsPerRound(instances: many), cpuOne = f.scaleCPUMicrosecondsPerRound(instances: one)
        list.append(atMost("scale-cpu", "per-request cost, \(grouped(Double(many))) instances ÷ \(one)", "server CPU µs/request",
                           pairedRatio(cpuMany, cpuOne), 1.2,
                           "\(perRoundWithSpread(cpuMany, cpuOne)); medians \(format(median(cpuMany))) vs \(format(median(cpuOne))) µs"))
    }
    // Issue 9 allowed 16 KiB per instance; issue 18 asks for 4 KB (4,000 bytes).
    let rss = f.perInstance(7, baseline: 5, kilobytes: true)
    list.append(Criterion(id: "memory-rss", target: "≤ 4 KB per signup instance", metric: "RSS growth",
                          measured: rss.map { "\(grouped($0)) B (\(fixed($0 / 1000, digits: 2)) KB)" } ?? "missing",
                          required: "≤ 4,000 B", margin: rss.map { 4000 / $0 }))
    let heap = f.perInstance(11, baseline: 9, kilobytes: false)
    if let heap {
        list.append(Criterion(id: "memory-malloc", target: "≤ 4 KB per signup instance", metric: "malloc in use (mallinfo2)",
                              measured: "\(grouped(heap)) B (\(fixed(heap / 1000, digits: 2)) KB)",
                              required: "≤ 4,000 B", margin: 4000 / heap))
    }
    // Issue 9 allowed 8× the C echo's start-up; issue 18 asks for 3×, and 1.5× an empty
    // statically linked Swift binary's.
    let startOurs = f.rows.numbers("startup", "switchboard", 2), startEcho = f.rows.numbers("startup", "jansson-echo", 2)
    list.append(atMost("startup", "start-up to first response ≤ 3× the C echo's", "median ms",
                       pairedRatio(startOurs, startEcho), 3,
                       "\(perRound(startOurs, startEcho)); medians \(format(f.startup("switchboard", 2))) vs \(format(f.startup("jansson-echo", 2))) ms"))
    let startFloor = f.rows.numbers("startup", "swift-floor", 2)
    list.append(atMost("startup-floor", "start-up to first response ≤ 1.5× an empty static Swift binary's", "median ms",
                       pairedRatio(startOurs, startFloor), 1.5,
                       "\(perRound(startOurs, startFloor)); medians \(format(f.startup("switchboard", 2))) vs \(format(f.startup("swift-floor", 2))) ms"))
    let p99Ours = f.rows.numbers("pingpong", "switchboard", 5), p99Echo = f.rows.numbers("pingpong", "jansson-echo", 5)
    // The C echo's p50 per round shows which wake-up regime of the VM the rounds ran in.
    let echoP50 = f.rows.numbers("pingpong", "jansson-echo", 3).map { $0 / 1000 }
    // Issue 9 allowed 3×; issue 18 asks for 1.1×.
    list.append(atMost("latency-p99", "ping-pong p99 ≤ 1.1× the C echo's", "p99 µs",
                       pairedRatio(p99Ours, p99Echo), 1.1,
                       "median of \(pairedRatios(p99Ours, p99Echo).count) paired ratios (\(rounds) rounds); medians \(format(f.pingpong("switchboard", 5))) vs \(format(f.pingpong("jansson-echo", 5))) µs; "
                       + "C echo p50 in the passes \(format(echoP50.min()))–\(format(echoP50.max())) µs"))
    return list
}
