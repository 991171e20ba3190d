/// Text helpers shared by the two report renderers (`SwitchboardBench report` and
/// `DaemonReport`), so both sections of BENCHMARKS.md format numbers the same way.

/// A number with a sensible number of digits for a table; "n/a" when there is none.
public func format(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "n/a" }
    let magnitude = abs(value)
    let digits = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2
    return fixed(value, digits: digits)
}

/// `value` with exactly `digits` digits after the point (Swift's own rendering for a value
/// too large for that, or not finite, rather than a trap).
public func fixed(_ value: Double, digits: Int) -> String {
    guard value.isFinite, abs(value) < 1e15 else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = Int(scaled / scale)
    let fraction = Int(scaled - Double(whole) * scale)
    var text = (value < 0 && scaled > 0 ? "-" : "") + String(whole)
    if digits > 0 {
        let fractionText = String(fraction)
        text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }
    return text
}

extension String {
    /// The text without its trailing newlines (sections are joined with blank lines).
    public func trimmingTrailingNewlines() -> String {
        var text = self
        while text.last == "\n" { text.removeLast() }
        return text
    }
}
