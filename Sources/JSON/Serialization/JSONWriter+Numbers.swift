extension JSONWriter {
    /// Appends the decimal digits of `number`, exact over all of `Int64`.
    static func writeInteger(_ number: Int64, to buffer: inout [UInt8]) {
        let length = decimalLength(number)
        appendWriting(atMost: length, to: &buffer) { out in
            writeDecimal(number, length: length, to: out)
            return length
        }
    }

    /// Lets `write` put at most `limit` bytes straight into `buffer`'s storage, after what it
    /// holds; `write` returns how many it wrote. (One place for the standard library's
    /// `OutputSpan`, which appends without a copy through a temporary.)
    static func appendWriting(atMost limit: Int, to buffer: inout [UInt8], _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
        buffer.append(addingCapacity: limit) { span in
            span.withUnsafeMutableBufferPointer { storage, initialized in
                guard let base = storage.baseAddress else { return }
                initialized += write(base + initialized)
            }
        }
    }

    /// How many bytes `number` takes in decimal, its sign included (1 to 20).
    static func decimalLength(_ number: Int64) -> Int {
        // `magnitude` is a UInt64, so Int64.min needs no special case. Compared with rising
        // powers of ten rather than divided: a comparison is cheaper than a division. The
        // power stops at 10^19, above every magnitude (at most 9.3 × 10^18), so it never
        // overflows.
        let magnitude = number.magnitude
        var length = number < 0 ? 2 : 1
        var power: UInt64 = 10
        while magnitude >= power {
            length += 1
            power &*= 10
        }
        return length
    }

    /// Writes the `length` (``decimalLength(_:)``) decimal bytes of `number` at `out`,
    /// digits produced backwards from the end: no string is allocated per number.
    static func writeDecimal(_ number: Int64, length: Int, to out: UnsafeMutablePointer<UInt8>) {
        var remaining = number.magnitude
        var position = length
        repeat {
            position -= 1
            out[position] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: remaining % 10)
            remaining /= 10
        } while remaining > 0
        if number < 0 { out[0] = UInt8(ascii: "-") }
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
