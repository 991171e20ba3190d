#if canImport(Glibc)
import Glibc
#endif

/// Lines from a file descriptor with `read(2)`, for plain mode (stdin a pipe or a file, under
/// rlwrap or an editor's shell): no line editing, no stdio buffering.
final class PlainLineReader {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var isAtEnd = false

    /// A reader of `descriptor`.
    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next line without its `\n` (or `\r\n`), or nil at the end of input. A last line
    /// without a newline is still a line.
    func nextLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                var line = buffer[..<newline]
                buffer.removeSubrange(...newline)
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                return String(decoding: line, as: UTF8.self)
            }
            if isAtEnd {
                guard !buffer.isEmpty else { return nil }
                defer { buffer = [] }
                return String(decoding: buffer, as: UTF8.self)
            }
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                isAtEnd = true
            } else if count == 0 {
                isAtEnd = true
            } else {
                buffer.append(contentsOf: chunk[..<count])
            }
        }
    }
}
