// The servers compared and the figures derived from the raw rows.
import BenchText

// MARK: The figures

let servers: [(label: String, name: String)] = [
    ("switchboard", "**switchboard serve**"),
    ("switchboard-mcp", "**switchboard mcp** (`tools/call` per input)"),
    ("jansson-echo", "C jansson echo (the floor)"),
    ("foundation", "Swift + Foundation `JSONSerialization` loop"),
    ("swift-floor", "empty Swift stdio program (start-up only)"),
]

/// The figures derived from one run's rows.
public struct Figures {
    let rows: Rows

    /// The figures of `rows`.
    public init(rows: Rows) {
        self.rows = rows
    }

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
    /// Field `field` of each round's row at `instances` (seconds), as µs a request, in run
    /// order; rounds whose row lacks the field (an older client's) are left out.
    func scalePerRequest(instances: Int, field: Int) -> [Double] {
        scaleRows(instances: instances).compactMap { row in
            guard row.count > field, let requests = Double(row[2]), let seconds = Double(row[field]), requests > 0 else { return nil }
            return seconds / requests * 1e6
        }
    }
    /// Wall µs a request, per round.
    func scaleMicroseconds(instances: Int) -> [Double] { scalePerRequest(instances: instances, field: 3) }
    /// The server's CPU µs a request, per round.
    func scaleCPUMicrosecondsPerRound(instances: Int) -> [Double] { scalePerRequest(instances: instances, field: 4) }
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
}
