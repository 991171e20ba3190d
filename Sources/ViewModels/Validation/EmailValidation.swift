/// Whether `text` is an email address by the rule signup and signin share: a whole-string
/// match of `[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,64}`.
///
/// Written out by hand instead of with a regex engine: it is on the path of every keystroke,
/// and the rule is simple. Because the last group has no dot and the domain may contain dots,
/// the regex's split falls on the last dot after the `@`; the tests check this function
/// against the regex itself on a table of addresses.
public func isValidEmail(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard let at = bytes.firstIndex(of: UInt8(ascii: "@")), at > 0 else { return false }
    let local = bytes[..<at]
    let domain = bytes[(at + 1)...]
    guard local.allSatisfy(isLocalCharacter) else { return false }
    guard let lastDot = domain.lastIndex(of: UInt8(ascii: ".")) else { return false }
    let host = domain[..<lastDot]
    let topLevel = domain[(lastDot + 1)...]
    return !host.isEmpty
        && host.allSatisfy(isDomainCharacter)
        && (2...64).contains(topLevel.count)
        && topLevel.allSatisfy(isLetter)
}

private func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
}

private func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
}

private func isLocalCharacter(_ byte: UInt8) -> Bool {
    isLetter(byte) || isDigit(byte) || "._%+-".utf8.contains(byte)
}

private func isDomainCharacter(_ byte: UInt8) -> Bool {
    isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
}
