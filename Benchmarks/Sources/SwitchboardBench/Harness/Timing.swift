/// Wall-clock measurement: calibrate, then interleave rounds over all workloads.
///
/// Each round times one repetition of every workload in turn, so slow drift of the machine
/// (another process, frequency changes) spreads over all variants instead of biasing the one
/// that happened to run during it. The figure is the median over rounds.
enum Timing {
    struct Result {
        let workload: Workload
        let iterations: Int
        /// Nanoseconds per iteration, one per round.
        var samples: [Double] = []
    }

    /// Times every workload in `workloads`: `rounds` repetitions of about `target` nanoseconds each.
    static func run(_ workloads: [Workload], rounds: Int, targetNanoseconds target: UInt64) -> [Result] {
        var prepared = workloads.map { $0.prepare() }
        var results: [Result] = []
        for (workload, graph) in zip(workloads, prepared) {
            results.append(Result(workload: workload, iterations: calibrate(graph, target: target)))
        }
        for _ in 0..<rounds {
            for index in results.indices {
                let graph = prepared[index]
                let n = results[index].iterations
                graph.run(max(1, n / 10)) // warm caches and branch predictors after the previous workload
                let start = monotonicNanoseconds()
                graph.run(n)
                let elapsed = monotonicNanoseconds() - start
                results[index].samples.append(Double(elapsed) / Double(n))
            }
        }
        prepared.removeAll()
        return results
    }

    /// The number of iterations that takes about `target` nanoseconds.
    private static func calibrate(_ graph: Prepared, target: UInt64) -> Int {
        var n = 64
        while true {
            let start = monotonicNanoseconds()
            graph.run(n)
            let elapsed = max(1, monotonicNanoseconds() - start)
            if elapsed >= target / 8 || n >= 1 << 28 {
                return max(1, Int(Double(n) * Double(target) / Double(elapsed)))
            }
            n *= 4
        }
    }
}

enum Statistics {
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
