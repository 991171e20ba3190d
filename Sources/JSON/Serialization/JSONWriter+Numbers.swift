extension JSONWriter {
    /// Appends the decimal digits of `number`, exact over all of `Int64`.
    static func writeInteger(_ number: Int64, to buffer: inout [UInt8]) {
        if number < 0 {
            buffer.append(UInt8(ascii: "-"))
        }
        // `magnitude` is a UInt64, so Int64.min needs no special case.
        var remaining = number.magnitude
        // 20 digits hold UInt64.max; digits are produced backwards into a fixed tuple
        // to avoid allocating a String per number.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { scratch in
            var start = scratch.count
            repeat {
                start -= 1
                scratch[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: remaining % 10)
                remaining /= 10
            } while remaining > 0 && start > 0
            buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[start...]))
        }
    }

    /// Appends `number` as a JSON number that reads back as the same `Double`.
    ///
    /// Swift's `description` is the shortest round-tripping text ("0.1", "1e-05",
    /// "5e-324", "1e+300"), all of which are valid JSON numbers. It writes integral
    /// values with ".0", but the check below guarantees a fraction or exponent in any
    /// case, so a double never reads back as an integer.
    static func writeDouble(_ number: Double, to buffer: inout [UInt8]) {
        guard number.isFinite else {
            // JSON has no NaN or infinity; `null` is what JavaScript's JSON.stringify
            // writes too, and it keeps the output parseable.
            appendASCII("null", to: &buffer)
            return
        }
        var text = number.description
        text.withUTF8 { utf8 in
            buffer.append(contentsOf: utf8)
            let hasFractionOrExponent = utf8.contains {
                $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
            }
            if !hasFractionOrExponent {
                appendASCII(".0", to: &buffer)
            }
        }
    }
}
