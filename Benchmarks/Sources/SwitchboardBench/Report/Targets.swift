import BenchText
/// Published figures for RxSwift, ReactiveSwift and OpenCombine on the same workloads (the
/// first two are not in the package mirror, so not measured here), which two targets compare
/// against.
enum Peers {
    /// ns per unit and valgrind instructions per unit, as the reference lists them.
    struct Figure {
        let library: String
        let nanoseconds: Double
        let instructions: Double
    }

    static let chain = [
        Figure(library: "hand-written closures", nanoseconds: 19, instructions: 80),
        Figure(library: "OpenCombine", nanoseconds: 277, instructions: 2092),
        Figure(library: "ReactiveSwift", nanoseconds: 469, instructions: 2595),
        Figure(library: "RxSwift", nanoseconds: 476, instructions: 3397),
    ]
    static let fanOut = [
        Figure(library: "hand-written closures", nanoseconds: 256, instructions: 1069),
        Figure(library: "RxSwift", nanoseconds: 2402, instructions: 19483),
        Figure(library: "OpenCombine", nanoseconds: 2510, instructions: 18417),
        Figure(library: "ReactiveSwift", nanoseconds: 4061, instructions: 26689),
    ]
    static let combineLatest3 = [
        Figure(library: "OpenCombine + hand-written combiner", nanoseconds: 1170, instructions: 6457),
        Figure(library: "ReactiveSwift", nanoseconds: 1279, instructions: 7957),
        Figure(library: "RxSwift", nanoseconds: 1330, instructions: 8576),
    ]
    static let merge8 = [
        Figure(library: "OpenCombine", nanoseconds: 350, instructions: 2569),
        Figure(library: "RxSwift", nanoseconds: 385, instructions: 2508),
        Figure(library: "ReactiveSwift", nanoseconds: 390, instructions: 1961),
    ]
    static let subscribeDispose = [
        Figure(library: "RxSwift", nanoseconds: 1257, instructions: 8087),
        Figure(library: "OpenCombine", nanoseconds: 1339, instructions: 9571),
        Figure(library: "ReactiveSwift", nanoseconds: 1769, instructions: 10170),
    ]
    static let memory: [(library: String, bytes: Double)] = [
        ("hand-written closures", 232), ("OpenCombine", 659), ("RxSwift", 1470), ("ReactiveSwift", 4660),
    ]

    /// The best (lowest) peer figure of each kind, closures excluded.
    static func best(_ figures: [Figure]) -> (nanoseconds: Figure, instructions: Figure)? {
        let peers = figures.filter { $0.library != "hand-written closures" }
        guard let time = peers.min(by: { $0.nanoseconds < $1.nanoseconds }),
              let count = peers.min(by: { $0.instructions < $1.instructions })
        else { return nil }
        return (time, count)
    }
}

/// One criterion of one target, evaluated on this run's figures.
struct Criterion {
    /// The target as stated.
    let target: String
    /// What is compared ("instructions", "time", "bytes").
    let metric: String
    let measured: String
    let required: String
    /// Achieved ÷ required, oriented so that ≥ 1 passes; nil when a figure is missing.
    let margin: Double?
    /// The workload a profile of this criterion should look at; nil for memory.
    let workload: String?

    var verdict: String {
        guard let margin else { return "MISSING" }
        return margin >= 1 ? "PASS" : "FAIL"
    }
}

enum Targets {
    struct Evaluation {
        let criteria: [Criterion]

        /// The failing (or, if all pass, the tightest) criterion with an instruction profile.
        var worstProfiled: Criterion? {
            criteria.filter { $0.workload != nil && $0.margin != nil }.min { ($0.margin ?? 0) < ($1.margin ?? 0) }
        }
    }

    static func evaluate(_ results: Results) -> Evaluation {
        var criteria: [Criterion] = []
        let metrics: [(name: String, value: (String, String) -> Double?)] = [
            ("instructions", { results.instructionsPerUnit($0, $1) }), ("time", { results.nanoseconds($0, $1) }),
        ]

        // chain: at least 3x fewer instructions and time than OpenCombine.
        for metric in metrics {
            criteria.append(fewer(
                "map→filter→map: ≥3× fewer than OpenCombine", metric.name, workload: "chain",
                ours: metric.value("chain", "signals"), other: metric.value("chain", "opencombine"),
                otherName: "OpenCombine", factor: 3))
        }
        // chain: within 6x of hand-written closures.
        for metric in metrics {
            criteria.append(within(
                "map→filter→map: within 6× of closures", metric.name, workload: "chain",
                ours: metric.value("chain", "signals"), floor: metric.value("chain", "closures"), factor: 6))
        }
        // fan-out and subscribe/dispose: 2x better than the best reference peer, and than
        // OpenCombine measured in this run.
        for (id, title, figures) in [
            ("fanout10", "property with 10 observers", Peers.fanOut),
            ("subscribe-dispose", "subscribe + dispose", Peers.subscribeDispose),
        ] {
            guard let best = Peers.best(figures) else { continue }
            for metric in metrics {
                let peer = metric.name == "time" ? best.nanoseconds : best.instructions
                let peerValue = metric.name == "time" ? peer.nanoseconds : peer.instructions
                criteria.append(fewer(
                    "\(title): ≥2× better than the best published peer figure", metric.name, workload: id,
                    ours: metric.value(id, "signals"), other: peerValue,
                    otherName: "\(peer.library), reference figure (\(format(peerValue)))", factor: 2))
                criteria.append(fewer(
                    "\(title): ≥2× better than OpenCombine in this run", metric.name, workload: id,
                    ours: metric.value(id, "signals"), other: metric.value(id, "opencombine"),
                    otherName: "OpenCombine", factor: 2))
            }
        }
        // combineLatest3 and merge8: within 10x of closures.
        for (id, title) in [("combine-latest3", "combineLatest of 3"), ("merge8", "merge of 8")] {
            for metric in metrics {
                criteria.append(within(
                    "\(title): within 10× of closures", metric.name, workload: id,
                    ours: metric.value(id, "signals"), floor: metric.value(id, "closures"), factor: 10))
            }
        }
        // memory: at most 600 bytes per small graph.
        for variant in ["signals", "signals-property-map"] {
            let bytes = results.memory[variant]?.bytes
            criteria.append(Criterion(
                target: variant == "signals"
                    ? "small graph (property → signal.map → observer): ≤600 B"
                    : "small graph with a derived property (property.map → observer): ≤600 B",
                metric: "bytes",
                measured: bytes.map { "\(format($0)) B" } ?? "missing",
                required: "≤ 600 B",
                margin: bytes.map { 600 / $0 },
                workload: nil))
        }
        // A package that depends on Signals builds it without -cross-module-optimization; its
        // chain may cost at most 1.3x the instructions.
        if results.meta["build"]?.contains("cross-module-optimization") == true {
            let plain = results.plainBuildInstructions["chain"], cmo = results.instructionsPerUnit("chain", "signals")
            let ratio = plain.flatMap { p in cmo.flatMap { $0 > 0 ? p / $0 : nil } }
            criteria.append(Criterion(
                target: "map→filter→map built by a plain `swift build -c release`: ≤1.3× the instructions of the cross-module-optimized build",
                metric: "instructions",
                measured: ratio.map { "plain ÷ CMO = \(fixed($0, digits: 2))× (\(format(plain ?? 0)) vs \(format(cmo ?? 0)))" } ?? "missing",
                required: "≤ 1.30×",
                margin: ratio.map { 1.3 / $0 },
                workload: "chain"))
        }
        return Evaluation(criteria: criteria)
    }

    /// "ours at least `factor` times fewer than other".
    private static func fewer(
        _ target: String, _ metric: String, workload: String,
        ours: Double?, other: Double?, otherName: String, factor: Double
    ) -> Criterion {
        guard let ours, let other, ours > 0 else {
            return Criterion(target: target, metric: metric, measured: "missing", required: "", margin: nil, workload: workload)
        }
        let ratio = other / ours
        return Criterion(
            target: target, metric: metric,
            measured: "\(otherName) ÷ ours = \(fixed(ratio, digits: 2))× (\(format(other)) vs \(format(ours)))",
            required: "≥ \(format(factor))×",
            margin: ratio / factor, workload: workload)
    }

    /// "ours at most `factor` times the floor".
    private static func within(
        _ target: String, _ metric: String, workload: String,
        ours: Double?, floor: Double?, factor: Double
    ) -> Criterion {
        guard let ours, let floor, floor > 0 else {
            return Criterion(target: target, metric: metric, measured: "missing", required: "", margin: nil, workload: workload)
        }
        let ratio = ours / floor
        return Criterion(
            target: target, metric: metric,
            measured: "ours ÷ closures = \(fixed(ratio, digits: 2))× (\(format(ours)) vs \(format(floor)))",
            required: "≤ \(format(factor))×",
            margin: factor / ratio, workload: workload)
    }
}
