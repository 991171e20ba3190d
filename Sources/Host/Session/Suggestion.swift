/// "Did you mean …?": the closest name by edit distance, if it is close enough to be a typo.
public enum Suggestion {
    /// The candidate nearest to `word` (case-insensitive), if within a third of its length.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let target = Array(word.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        guard let best, best.distance > 0 || word != best.name else { return nil }
        let tolerance = max(2, target.count / 3)
        return best.distance <= tolerance ? best.name : nil
    }

    /// Levenshtein distance with a single rolling row.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var diagonal = row[0]
            row[0] = i
            for j in 1...b.count {
                let above = row[j]
                row[j] = a[i - 1] == b[j - 1] ? diagonal : 1 + min(diagonal, row[j - 1], row[j])
                diagonal = above
            }
        }
        return row[b.count]
    }
}
