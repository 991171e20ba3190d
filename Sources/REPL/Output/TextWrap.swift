/// Lines broken at spaces to fit a terminal's width, each continuation indented under the text
/// it continues (the line's own indent plus two), so no word is cut at the edge.
///
/// Colour escape sequences (`ESC [ … m`) take no columns; a word longer than the width stays
/// whole (the terminal folds it). Widths are display columns (`DisplayWidth`).
enum TextWrap {
    /// `line` broken into lines of at most `columns` display columns where it has spaces.
    static func wrap(_ line: String, columns: Int) -> [String] {
        guard columns > 8, visibleWidth(line) > columns else { return [line] }
        let indent = String(line.prefix { $0 == " " })
        let hanging = indent + "  "
        let words = line.dropFirst(indent.count).split(separator: " ", omittingEmptySubsequences: false)
        var lines: [String] = []
        var current = indent
        var width = indent.count
        var startsLine = true
        for word in words {
            let wordWidth = visibleWidth(word)
            if !startsLine, width + 1 + wordWidth > columns {
                lines.append(current)
                current = hanging
                width = hanging.count
                startsLine = true
            }
            if !startsLine {
                current += " "
                width += 1
            }
            current += word
            width += wordWidth
            startsLine = false
        }
        lines.append(current)
        return lines
    }

    /// Display columns of `text`, colour escape sequences left out.
    static func visibleWidth<S: StringProtocol>(_ text: S) -> Int {
        var run = Substring.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "\u{1B}" {
                // ESC [ parameters final-byte: skip to the final byte (@ to ~).
                while let next = scalars.next(), !(next.value >= 0x40 && next.value <= 0x7E && next != "[") {}
                continue
            }
            run.append(scalar)
        }
        return DisplayWidth.of(Substring(run))
    }
}
