/// Splits a typed line into words at whitespace, keeping JSON values whole: spaces inside a
/// string (`"Lisa Simpson"`) or inside brackets (`{"a": [1, 2]}`) do not split.
///
/// The same rules as `BracketBalance`: double quotes delimit strings anywhere in a word, a
/// backslash escapes inside a string, brackets and braces nest.
enum ArgumentTokenizer {
    /// One word of a line and where it is.
    struct Word: Equatable {
        /// The word's text.
        let text: Substring
        /// Where it starts in the line.
        var start: String.Index { text.startIndex }
    }

    /// The words of `line`.
    static func words(_ line: Substring) -> [Word] {
        var words: [Word] = []
        var start: String.Index?
        var depth = 0
        var isInString = false
        var isEscaped = false
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if isInString {
                if isEscaped {
                    isEscaped = false
                } else if character == "\\" {
                    isEscaped = true
                } else if character == "\"" {
                    isInString = false
                }
            } else if character.isWhitespace && depth == 0 {
                if let wordStart = start {
                    words.append(Word(text: line[wordStart..<index]))
                    start = nil
                }
                index = line.index(after: index)
                continue
            } else {
                switch character {
                case "\"": isInString = true
                case "[", "{": depth += 1
                case "]", "}": depth = max(0, depth - 1)
                default: break
                }
            }
            if start == nil { start = index }
            index = line.index(after: index)
        }
        if let wordStart = start {
            words.append(Word(text: line[wordStart..<line.endIndex]))
        }
        return words
    }

    /// Whether `line` ends between words (after whitespace outside any string or bracket), so
    /// the next word starts at the end. False for an empty line.
    static func endsBetweenWords(_ line: Substring) -> Bool {
        guard let last = words(line).last else { return !line.isEmpty }
        return last.text.endIndex < line.endIndex
    }
}
