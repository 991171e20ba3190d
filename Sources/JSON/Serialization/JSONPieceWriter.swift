/// Writes JSON pieces (fixed text, strings, integers, scalars) to a byte array through a small
/// buffer on the stack, appended to the array in one go.
///
/// The daemon's wire lines are a dozen short pieces each, and an `Array.append(contentsOf:)`
/// per piece has a fixed cost whatever its length: here a piece is copied into the stack
/// buffer, and the array is appended to once per ``stagingBytes`` (or before a piece that
/// goes to the array directly). The bytes are those of ``JSONValue/write(to:)`` for the same
/// values; `JSONPieceWriterTests` checks them.
public struct JSONPieceWriter: ~Copyable {
    /// The stack buffer's size: a notification's envelope fits it whole.
    @inlinable public static var stagingBytes: Int { 512 }

    // `raw` is inlined into its callers, so that copying a fixed text of known length
    // compiles to a few moves instead of a call to `memcpy`: what it touches is visible to
    // other modules.

    /// The array being appended to (moved in and out, never copied).
    @usableFromInline var bytes: [UInt8]
    /// The stack buffer, and how much of it is waiting to be appended.
    @usableFromInline let staging: UnsafeMutablePointer<UInt8>
    @usableFromInline var staged = 0

    private init(staging: UnsafeMutablePointer<UInt8>) {
        self.bytes = []
        self.staging = staging
    }

    /// Runs `body` with a writer whose pieces are appended to `buffer`, in order.
    public static func append(to buffer: inout [UInt8], _ body: (inout JSONPieceWriter) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: stagingBytes) { scratch in
            guard let staging = scratch.baseAddress else { return }
            var writer = JSONPieceWriter(staging: staging)
            // The array is swapped in and back out, never copied: a second reference to it
            // would make every append copy the whole array.
            swap(&writer.bytes, &buffer)
            body(&writer)
            writer.flush()
            swap(&writer.bytes, &buffer)
        }
    }

    /// Appends the staged bytes to the array.
    @usableFromInline
    mutating func flush() {
        guard staged > 0 else { return }
        bytes.append(contentsOf: UnsafeBufferPointer(start: staging, count: staged))
        staged = 0
    }

    /// Where `length` bytes can be staged now (flushing first if they do not fit after what
    /// is staged); nil if they cannot be staged at all, and must go to the array directly.
    @inlinable @inline(__always)
    mutating func room(for length: Int) -> UnsafeMutablePointer<UInt8>? {
        if length > Self.stagingBytes - staged {
            flush()
            guard length <= Self.stagingBytes else { return nil }
        }
        return staging + staged
    }

    /// Fixed text, as it is (it must be valid JSON where it is put).
    @inlinable @inline(__always)
    public mutating func raw(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        guard let at = room(for: length) else {
            return text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }
        at.update(from: text.utf8Start, count: length)
        staged += length
    }

    /// A quoted JSON string: the bytes of ``JSONValue/writeString(_:to:)``.
    public mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { string(utf8: $0) }
    }

    /// A quoted JSON string of UTF-8 text (which must be valid UTF-8, as a `String`'s is):
    /// the bytes ``string(_:)`` writes for the same text, without making a `String` of it.
    public mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        // Room for the worst case: every byte escaped as six.
        guard let at = room(for: utf8.count * JSONWriter.maxEscapedBytesPerByte + 2) else {
            return JSONWriter.writeString(utf8: utf8, to: &bytes)
        }
        at[0] = UInt8(ascii: "\"")
        let written = JSONWriter.writeEscaped(utf8, to: at + 1)
        at[written + 1] = UInt8(ascii: "\"")
        staged += written + 2
    }

    /// An integer: the bytes of ``JSONValue/writeInteger(_:to:)``.
    public mutating func integer(_ number: Int64) {
        let length = JSONWriter.decimalLength(number)
        guard let at = room(for: length) else { return JSONWriter.writeInteger(number, to: &bytes) }
        JSONWriter.writeDecimal(number, length: length, to: at)
        staged += length
    }

    /// Any value: the bytes of ``JSONValue/write(to:)``. Strings, integers, booleans and null
    /// are staged; a double or a container is written to the array directly.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: raw("null")
        case .bool(true): raw("true")
        case .bool(false): raw("false")
        case let .integer(number): integer(number)
        case let .string(text): string(text)
        case .double, .array, .object:
            flush()
            value.write(to: &bytes)
        }
    }
}
