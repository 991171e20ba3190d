#if canImport(Glibc)
import Glibc
#endif

/// `.record FILE`: every JSON-RPC line sent (`> `) and received (`< `), one per line, written as
/// it happens.
///
/// This is the interim format; the transcript format of its own issue replaces this one file.
/// Executor-confined, like the session whose traffic it records.
final class TranscriptRecorder {
    /// The file being written.
    let path: String
    private let descriptor: Int32

    /// Starts a transcript at `path` (created or truncated, mode 0644).
    init(path: String) throws(RecorderError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw RecorderError(path: path, errno: errno) }
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// A line the REPL sent to the session.
    func sent(_ wire: String) {
        FileDescriptorIO.write("> " + wire + "\n", to: descriptor)
    }

    /// A line the session sent back.
    func received(_ wire: String) {
        FileDescriptorIO.write("< " + wire + "\n", to: descriptor)
    }
}

/// The transcript file could not be opened.
struct RecorderError: Error, CustomStringConvertible {
    let path: String
    let errno: Int32

    var description: String { "cannot write \(path): \(String(cString: strerror(errno)))" }
}
