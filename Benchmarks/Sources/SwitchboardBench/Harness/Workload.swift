/// One measured thing: a workload (the same job for every variant) done by one variant.
struct Workload: Sendable {
    /// The job, e.g. `chain`; rows of one table in BENCHMARKS.md.
    let id: String
    /// Who does it, e.g. `signals`, `opencombine`, `closures`.
    let variant: String
    /// What one iteration is ("event", "set", "pair", "line"): the unit of the figures.
    let unit: String
    /// Builds the graph (not measured) and returns the measured loop.
    let prepare: @Sendable () -> Prepared
}

/// A built graph: `run(n)` performs `n` iterations and delivers what they produce to `sink`.
struct Prepared {
    let sink: Sink
    let run: (Int) -> Void
}

/// Every workload of the suite, in report order.
enum Suite {
    static let all: [Workload] = ChainWorkloads.all
        + FanOutWorkloads.all
        + SubscribeDisposeWorkloads.all
        + CombineLatestWorkloads.all
        + MergeWorkloads.all
        + WireWorkloads.all

    static func find(_ id: String, _ variant: String) -> Workload? {
        all.first { $0.id == id && $0.variant == variant }
    }
}
