import CEditLine
#if canImport(Glibc)
import Glibc
#endif

/// Where the prompt and the line being edited sit on the screen, in rows from the prompt's
/// first row, so the editor can erase them (async output) or step below them (completion
/// lists) without leaving pieces of a wrapped line behind.
struct InputGeometry: Equatable {
    /// The row the cursor is on.
    let cursorRow: Int
    /// The last row the input occupies.
    let lastRow: Int

    /// The rows of a prompt and line of these widths on a terminal `columns` wide. Like
    /// libedit, a row that is exactly full puts what follows on the next row.
    init(promptWidth: Int, widthBeforeCursor: Int, totalWidth: Int, columns: Int) {
        let columns = max(1, columns)
        cursorRow = (promptWidth + widthBeforeCursor) / columns
        lastRow = max(cursorRow, (promptWidth + totalWidth) / columns)
    }
}

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

/// Assembles UTF-8 bytes read one at a time into characters for libedit.
struct UTF8Assembler {
    private var bytes: [UInt8] = []
    private var expected = 0

    /// Takes one byte; returns a scalar when one is complete. Invalid bytes are dropped.
    mutating func feed(_ byte: UInt8) -> Unicode.Scalar? {
        if bytes.isEmpty {
            switch byte {
            case 0x00..<0x80: return Unicode.Scalar(byte)
            case 0xC2..<0xE0: expected = 2
            case 0xE0..<0xF0: expected = 3
            case 0xF0..<0xF5: expected = 4
            default: return nil
            }
            bytes = [byte]
            return nil
        }
        guard byte & 0xC0 == 0x80 else {
            // Not a continuation: the sequence was broken; start again with this byte.
            bytes = []
            return feed(byte)
        }
        bytes.append(byte)
        guard bytes.count == expected else { return nil }
        defer { bytes = [] }
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        if case let .scalarValue(scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }
}

/// The locale libedit needs to edit UTF-8 by characters.
enum TerminalLocale {
    /// The environment's locale; when its character set is not UTF-8, `C.UTF-8` for
    /// character classification and conversion.
    static func configure() {
        setlocale(LC_ALL, "")
        let codeset = nl_langinfo(nl_item(CODESET)).map { String(cString: $0) } ?? ""
        if codeset != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
    }
}
