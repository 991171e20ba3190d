import Framing
import SystemIO

/// Lines from a file descriptor for plain mode (stdin a pipe or a file, under rlwrap or an
/// editor's shell): no line editing, no stdio buffering. Lines are newline frames, read by
/// the same `FrameReader` the daemon uses (raw bytes, `\r\n` tolerated, blank lines skipped).
final class PlainLineReader {
    /// The longest line accepted; a longer one is reported instead of stored.
    static let maxLineBytes = 16 * 1024 * 1024

    private let reader: FrameReader

    /// A reader of `descriptor`.
    init(descriptor: Int32) {
        reader = FrameReader(fileDescriptor: FileDescriptor(rawValue: descriptor), mode: .newline, maxMessageLength: Self.maxLineBytes)
    }

    /// What the next read found.
    enum Line: Equatable {
        /// A line, without its newline.
        case text(String)
        /// A line longer than ``maxLineBytes``, skipped.
        case tooLong(bytes: Int)
    }

    /// The next line, or nil at the end of input (or when reading fails). A last line without
    /// a newline is still a line.
    func nextLine() -> Line? {
        guard let frame = try? reader.next() else { return nil }
        switch frame {
        case let .message(bytes): return .text(String(decoding: bytes, as: UTF8.self))
        case let .tooLong(length): return .tooLong(bytes: length)
        case .invalidHeader: return nil
        }
    }
}
