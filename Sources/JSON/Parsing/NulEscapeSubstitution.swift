#if canImport(Glibc)
import Glibc
#endif

/// Lets `\u0000` through jansson in object keys too.
///
/// With `JSON_ALLOW_NUL`, jansson keeps U+0000 in strings but still refuses it in object keys
/// ("NUL byte in object key not supported"), although JSON allows it anywhere. So a text
/// that contains the escape `\u0000` is rewritten before jansson sees it: every such escape
/// becomes the escape of a *substitute*, a Unicode noncharacter (U+FDD0…U+FDEF) that the text
/// does not use, and every string and key read out of the tree turns the substitute back into
/// U+0000. The escape and its replacement are both six bytes, so jansson's error positions
/// still point into the client's text. Texts without the escape (nearly all) cost one `memmem`.
struct NulEscapeSubstitution: Sendable {
    /// The code point standing in for U+0000 in the rewritten text.
    let substitute: Unicode.Scalar

    /// The rewritten text and its substitution, or nil when `bytes` holds no `\u0000` escape
    /// (or, absurdly, uses all 32 candidates, when jansson's own refusal is the answer).
    static func rewrite(_ bytes: UnsafeRawBufferPointer) -> (text: [UInt8], substitution: NulEscapeSubstitution)? {
        guard containsNulEscape(bytes) else { return nil }
        var text = Array(bytes)
        var used = Set<UInt32>()
        var nulEscapes: [Int] = []
        var index = 0
        var inString = false
        while index < text.count {
            let byte = text[index]
            if !inString {
                if byte == UInt8(ascii: "\"") { inString = true }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = false
                index += 1
            case UInt8(ascii: "\\"):
                if index + 5 < text.count, text[index + 1] == UInt8(ascii: "u"),
                   let code = hexValue(text[(index + 2)..<(index + 6)]) {
                    if code == 0 { nulEscapes.append(index) } else { used.insert(code) }
                    index += 6
                } else {
                    index += 2
                }
            case 0xEF where index + 2 < text.count && text[index + 1] == 0xB7:
                // The raw UTF-8 of U+FDC0…U+FDFF: EF B7 80…BF.
                used.insert(0xFDC0 + UInt32(text[index + 2] & 0x3F))
                index += 3
            default:
                index += 1
            }
        }
        guard !nulEscapes.isEmpty,
              let code = (0xFDD0...0xFDEF).first(where: { !used.contains(UInt32($0)) }),
              let substitute = Unicode.Scalar(UInt32(code))
        else { return nil }
        let hex = Array(String(code, radix: 16, uppercase: true).utf8)
        for start in nulEscapes {
            text.replaceSubrange((start + 2)..<(start + 6), with: hex)
        }
        return (text, NulEscapeSubstitution(substitute: substitute))
    }

    /// `text` with the substitute turned back into U+0000.
    func restore(_ text: String) -> String {
        guard text.unicodeScalars.contains(substitute) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(scalar == substitute ? "\u{0}" : scalar)
        }
        return String(scalars)
    }

    /// `text` with U+0000 turned into the substitute (to look a key up in the rewritten tree).
    func substitute(in text: String) -> String {
        guard text.unicodeScalars.contains("\u{0}") else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(scalar == "\u{0}" ? substitute : scalar)
        }
        return String(scalars)
    }

    /// Whether the six bytes `\u0000` occur (memchr finds each backslash: a vectorized scan).
    private static func containsNulEscape(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var offset = 0
        while offset + 6 <= bytes.count, let hit = memchr(base + offset, Int32(UInt8(ascii: "\\")), bytes.count - offset) {
            let at = UnsafeRawPointer(hit) - base
            if at + 6 <= bytes.count, bytes[at + 1] == UInt8(ascii: "u"),
               bytes[at + 2] == UInt8(ascii: "0"), bytes[at + 3] == UInt8(ascii: "0"),
               bytes[at + 4] == UInt8(ascii: "0"), bytes[at + 5] == UInt8(ascii: "0") {
                return true
            }
            offset = at + 1
        }
        return false
    }

    private static func hexValue(_ digits: ArraySlice<UInt8>) -> UInt32? {
        var value: UInt32 = 0
        for digit in digits {
            let nibble: UInt8
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = digit - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(nibble)
        }
        return value
    }
}
