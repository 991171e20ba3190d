/// Parsing of LSP base-protocol header blocks, one line at a time, kept apart from the byte
/// plumbing so the rules can be read (and tested) on their own.

/// What one header line means.
enum HeaderField: Equatable, Sendable {
    /// `Content-Length: N` (name in any case, value plain decimal digits, spaces/tabs trimmed).
    case contentLength(Int)
    /// A well-formed header we do not use (`Content-Type`, anything else): ignored, as LSP asks.
    case other
    /// A line that is not `name: value`, or a Content-Length that is not a non-negative integer.
    case malformed(String)

    /// Parses one non-empty header line, without its `"\r\n"`.
    static func parse(_ line: [UInt8]) -> HeaderField {
        guard let colon = line.firstIndex(of: ASCII.colon) else {
            return .malformed("header line without a colon: \(quoted(line[...]))")
        }
        let name = trimmed(line[..<colon])
        guard !name.isEmpty else {
            return .malformed("header line with an empty name: \(quoted(line[...]))")
        }
        guard name.equalsIgnoringASCIICase("content-length") else {
            return .other
        }
        let value = trimmed(line[line.index(after: colon)...])
        guard let length = parseLength(value) else {
            return .malformed("invalid Content-Length value \(quoted(value))")
        }
        return .contentLength(length)
    }

    /// Plain decimal digits only: no sign (a negative length is meaningless, and `+` is not in the
    /// grammar), no spaces inside, no overflow.
    static func parseLength(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= ASCII.zero && byte <= ASCII.nine else { return nil }
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = shifted.addingReportingOverflow(Int(byte - ASCII.zero))
            guard !overflow1 && !overflow2 else { return nil }
            value = sum
        }
        return value
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, ASCII.isHorizontalSpace(first) { slice = slice.dropFirst() }
        while let last = slice.last, ASCII.isHorizontalSpace(last) { slice = slice.dropLast() }
        return slice
    }

    /// A short, printable rendering of peer bytes for an error text: the text goes back to the
    /// peer and into logs, so it must be bounded and must not carry control bytes.
    static func quoted(_ bytes: ArraySlice<UInt8>, limit: Int = 40) -> String {
        var text = "\""
        for byte in bytes.prefix(limit) {
            if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return text + (bytes.count > limit ? "…\"" : "\"")
    }
}

/// The header block being read: what its complete lines have said so far.
struct HeaderBlock: Equatable, Sendable {
    /// Whether a non-empty line has been seen: empty lines before it are skipped, not an end.
    var hasLines = false
    /// Bytes of the block's complete lines, terminators included (checked against the limit).
    var byteCount = 0
    /// The Content-Length, once a valid one has been seen (the first, if several agree).
    var contentLength: Int?
    /// The first problem found; later lines are still read for their Content-Length.
    var problem: String?

    /// Records one complete, non-empty line (without its terminator).
    mutating func add(_ line: [UInt8]) {
        hasLines = true
        switch HeaderField.parse(line) {
        case .contentLength(let length):
            if let existing = contentLength, existing != length {
                note("conflicting Content-Length headers: \(existing) and \(length)")
            } else {
                contentLength = length
            }
        case .other:
            break
        case .malformed(let reason):
            note(reason)
        }
    }

    private mutating func note(_ reason: String) {
        if problem == nil {
            problem = reason
        }
    }
}

/// A header block already reported as too long, being discarded through its empty line.
///
/// Only the first ``keptLinePrefix`` bytes of each line are kept: enough to recognise the empty
/// line that ends the block and a `Content-Length` line, whose body is then skipped too so the
/// decoder stays in step with the sender. Longer lines are neither, so they are only passed over.
struct SkippedBlock: Equatable, Sendable {
    /// The most of one line kept while skipping ("Content-Length: " and 20 digits fit easily).
    static let keptLinePrefix = 64

    /// The first valid Content-Length seen in the block, before or after the limit was crossed.
    var contentLength: Int?
    /// Whether the current line has outgrown ``keptLinePrefix`` (its start is then dropped).
    var lineOverflowed = false
}

extension ArraySlice<UInt8> {
    /// ASCII case-insensitive comparison with a lowercase ASCII literal (header names).
    func equalsIgnoringASCIICase(_ lowercase: String) -> Bool {
        let expected = Array(lowercase.utf8)
        guard count == expected.count else { return false }
        return zip(self, expected).allSatisfy { byte, want in
            let lowered = (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) ? byte | 0x20 : byte
            return lowered == want
        }
    }
}
