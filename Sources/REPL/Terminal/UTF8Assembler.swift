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
