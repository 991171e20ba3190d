import Glibc

/// Byte constants and scans shared by the decoders.
///
/// This file (and the `SystemIO` module) are the only places that touch raw pointers; every offset they
/// return is checked against the buffer's bounds, so the state machines above work with plain,
/// validated integers.
enum ASCII {
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let colon = UInt8(ascii: ":")
    static let zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9")

    /// Bytes that do not make a line a message, and that auto-detection skips: space, tab, CR, LF.
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == carriageReturn || byte == newline
    }

    /// Space or tab: what header parsing trims around names and values.
    static func isHorizontalSpace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab
    }
}

extension UnsafeRawBufferPointer {
    /// The index of the first `byte` in `start..<count`, or nil.
    ///
    /// `memchr` rather than a Swift loop: feeding a 64 KiB chunk of short lines must cost one pass,
    /// and `memchr` is that pass at memory speed.
    func firstIndex(of byte: UInt8, from start: Int) -> Int? {
        guard start >= 0, start < count, let base = baseAddress else { return nil }
        guard let found = memchr(base + start, Int32(byte), count - start) else { return nil }
        let index = base.distance(to: UnsafeRawPointer(found))
        return index < count ? index : nil
    }

    /// The bytes `range`, clamped to the buffer (an empty view when the range lies outside it).
    func view(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        let lower = Swift.min(Swift.max(range.lowerBound, 0), count)
        let upper = Swift.min(Swift.max(range.upperBound, lower), count)
        return UnsafeRawBufferPointer(rebasing: self[lower..<upper])
    }

    /// The byte at `index`, or nil outside the buffer.
    func byte(at index: Int) -> UInt8? {
        index >= 0 && index < count ? self[index] : nil
    }

    /// True when every byte is blank (see ``ASCII/isBlank(_:)``); true for an empty view.
    var isBlank: Bool {
        allSatisfy(ASCII.isBlank)
    }
}

extension Array where Element == UInt8 {
    /// True when every byte is blank (see ``ASCII/isBlank(_:)``); true for an empty array.
    var isBlank: Bool {
        allSatisfy(ASCII.isBlank)
    }
}
