// The raw figures of run-daemon.sh (results.tsv) and the helpers that read and format them.
import BenchText

// MARK: Reading the figures

/// The rows of a results file, by kind (a row's first field); `meta` rows as a dictionary.
public struct Rows {
    var byKind: [String: [[String]]] = [:]
    var meta: [String: String] = [:]

    /// Parses tab-separated rows (see `DaemonReport`'s main.swift for the kinds).
    public init(text: String) {
        for line in text.split(separator: "\n") {
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

/// The middle value (the mean of the two middle ones for an even count); nil for none.
func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// The first and third quartiles (each the median of its half, the middle value left out of
/// both for an odd count): the middle half of `values`, which says how far one run's median
/// can be trusted when the rounds scatter. Nil for fewer than two values.
func quartiles(_ values: [Double]) -> (lower: Double, upper: Double)? {
    guard values.count >= 2 else { return nil }
    let sorted = values.sorted()
    let half = sorted.count / 2
    guard let lower = median(Array(sorted[..<half])),
          let upper = median(Array(sorted[(sorted.count - half)...])) else { return nil }
    return (lower, upper)
}

/// An integer with thousands separators: 1,000,000; "n/a" for none, and for a value no
/// integer holds (a garbled row must not stop the report).
func grouped(_ value: Double?) -> String {
    guard let value, value.isFinite, abs(value) < 1e18 else { return "n/a" }
    let digits = String(Int(value.rounded()))
    var out = ""
    for (index, character) in digits.reversed().enumerated() {
        if index > 0, index % 3 == 0, character != "-" { out.append(",") }
        out.append(character)
    }
    return String(out.reversed())
}

/// `value` ÷ `reference`, nil unless both are there and the reference is positive.
func ratio(_ value: Double?, _ reference: Double?) -> Double? {
    guard let value, let reference, reference > 0 else { return nil }
    return value / reference
}

func times(_ value: Double?) -> String {
    guard let value else { return "n/a" }
    return fixed(value, digits: 2) + "×"
}
