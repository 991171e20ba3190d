/// Checks that the variants of each workload really do the same job: after the same number of
/// iterations they must have delivered the same count and sum of values. A variant that drops
/// or duplicates events would otherwise look fast (or slow) for the wrong reason.
enum Check {
    static func run() -> Bool {
        var ok = true
        let iterations = 3_001
        let groups = Dictionary(grouping: Suite.all.filter(isCompared), by: \.id)
        for id in groups.keys.sorted() {
            var reference: (variant: String, count: Int, total: Int)?
            for workload in groups[id] ?? [] {
                let graph = workload.prepare()
                let (count0, total0) = (graph.sink.count, graph.sink.total)
                graph.run(iterations)
                let delivered = (count: graph.sink.count - count0, total: graph.sink.total &- total0)
                print("check\t\(id)\t\(workload.variant)\t\(delivered.count) values\tsum \(delivered.total)")
                if let reference {
                    if reference.count != delivered.count || reference.total != delivered.total {
                        print("MISMATCH\t\(id)\t\(workload.variant) differs from \(reference.variant)")
                        ok = false
                    }
                } else {
                    reference = (workload.variant, delivered.count, delivered.total)
                }
            }
        }
        return ok
    }

    /// The split rows of the wire workloads measure parts of a job, not the job.
    private static func isCompared(_ workload: Workload) -> Bool {
        workload.variant != "parse-only" && workload.variant != "serialize-only"
    }
}
