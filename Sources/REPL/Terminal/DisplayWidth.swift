import CEditLine

/// How many terminal columns text takes (wide characters 2, combining marks 0, control
/// characters 2 because libedit shows them as `^X`).
enum DisplayWidth {
    static func of<S: StringProtocol>(_ text: S) -> Int {
        var width = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x20 || value == 0x7F {
                width += 2
            } else if value < 0x7F {
                width += 1
            } else {
                width += max(0, Int(sb_wcwidth(wchar_t(bitPattern: value))))
            }
        }
        return width
    }
}

/// Candidates in columns, as many per row as fit.
enum CandidateLayout {
    static func lines(_ candidates: [String], columns: Int) -> [String] {
        guard let widest = candidates.map({ DisplayWidth.of($0) }).max() else { return [] }
        let cell = widest + 2
        let perRow = max(1, (max(columns, cell) - 1) / cell)
        var lines: [String] = []
        var index = 0
        while index < candidates.count {
            let row = candidates[index..<min(index + perRow, candidates.count)]
            lines.append(row.map { $0 + String(repeating: " ", count: cell - DisplayWidth.of($0)) }.joined().trailingSpacesRemoved())
            index += perRow
        }
        return lines
    }
}
