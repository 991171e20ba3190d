/// How one message is framed on the wire: the bytes before and after its body.
///
/// Separate from ``FrameWriter`` so the exact bytes can be tested without a file descriptor, and
/// so the writer can send prefix, body and suffix with one `writev(2)` without copying the body.
enum FrameEncoding {
    /// The bytes written before a body of `length` bytes.
    static func prefix(mode: FramingMode, length: Int) -> [UInt8] {
        switch mode.resolvedForWriting {
        case .contentLength:
            return Array("Content-Length: \(length)\r\n\r\n".utf8)
        case .newline, .auto:
            return []
        }
    }

    /// The bytes written after a body.
    static func suffix(mode: FramingMode) -> [UInt8] {
        switch mode.resolvedForWriting {
        case .contentLength:
            return []
        case .newline, .auto:
            return [ASCII.newline]
        }
    }

    /// Appends one framed message to `buffer` (used to batch several into one write).
    static func append(_ message: UnsafeRawBufferPointer, mode: FramingMode, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: prefix(mode: mode, length: message.count))
        buffer.append(contentsOf: message)
        buffer.append(contentsOf: suffix(mode: mode))
    }
}
