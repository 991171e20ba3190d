// Builds results.tsv text for the tests, row by row, in run-daemon.sh's format.

/// Rows of a results file under construction.
struct ResultsText {
    private(set) var lines: [String] = []

    /// A `scale` row of `label` (switchboard unless given): SECONDS and SERVER_CPU_SECONDS for
    /// REQUESTS requests, the RSS fields in kB, the mallinfo fields in bytes, and the main
    /// and other threads' CPU seconds if given (an older client wrote none).
    mutating func scale(instances: Int, requests: Int = 400_000, seconds: Double, cpu: Double,
                        rssOne: Int = 14_000, rssPrimed: Int = 14_000, mallocOne: Int = 1_000_000, mallocPrimed: Int = 1_000_000,
                        threads: (main: Double, others: Double)? = nil, label: String = "switchboard") {
        var fields = ["scale", label, "\(instances)", "\(requests)", "\(seconds)", "\(cpu)",
                      "\(rssOne)", "\(rssPrimed)", "\(rssPrimed)", "\(rssPrimed)",
                      "\(mallocOne)", "\(mallocPrimed)", "\(mallocPrimed)"]
        if let threads { fields += ["\(threads.main)", "\(threads.others)"] }
        lines.append(fields.joined(separator: "\t"))
    }

    /// A `throughput` row: REQUESTS answered in SECONDS.
    mutating func throughput(_ label: String, requests: Int = 100_000, seconds: Double) {
        lines.append(["throughput", label, "\(requests)", "\(requests)", "0", "\(requests)", "\(seconds)", "1.0", "0"].joined(separator: "\t"))
    }

    /// A `pingpong` row whose p99 is `p99Microseconds` (the other percentiles alike).
    mutating func pingpong(_ label: String, p99Microseconds: Double) {
        let ns = "\(Int(p99Microseconds * 1000))"
        lines.append(["pingpong", label, "1000", ns, ns, ns, ns, ns, ns, "1000"].joined(separator: "\t"))
    }

    /// A `startup` row whose median is `milliseconds`.
    mutating func startup(_ label: String, milliseconds: Double) {
        let nanoseconds = Int(milliseconds * 1e6)
        lines.append(["startup", label, "20", "\(nanoseconds)", "\(nanoseconds)", "\(nanoseconds)", "\(nanoseconds)"].joined(separator: "\t"))
    }

    /// A raw line.
    mutating func raw(_ line: String) { lines.append(line) }

    var text: String { lines.joined(separator: "\n") + "\n" }
}
