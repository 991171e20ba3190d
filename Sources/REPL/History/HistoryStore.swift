#if canImport(Glibc)
import Glibc
#endif

/// The REPL's history file: one entry per line, UTF-8, mode 0600, consecutive duplicates
/// dropped, the newest `limit` entries kept.
///
/// Each entry is appended as soon as it is typed, so a crash loses nothing; the file is
/// rewritten (to a temporary file, then renamed) only when it has grown past twice the limit.
public final class HistoryStore {
    /// The file.
    public let path: String
    /// How many entries are kept.
    public let limit: Int
    /// The entries, oldest first.
    public private(set) var entries: [String] = []

    /// A store for `path`; call `load()` to read what is there.
    public init(path: String, limit: Int = 1000) {
        self.path = path
        self.limit = max(1, limit)
    }

    /// Where history lives, or nil when it is off: `SWITCHBOARD_HISTFILE` when set (empty or
    /// `/dev/null` turn history off), else `$XDG_STATE_HOME/switchboard/history`, else
    /// `~/.local/state/switchboard/history`.
    public static func location(environment: [String: String]) -> String? {
        if let file = environment["SWITCHBOARD_HISTFILE"] {
            return file.isEmpty || file == "/dev/null" ? nil : file
        }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return state + "/switchboard/history"
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/state/switchboard/history"
    }

    /// Reads the file (a missing file is an empty history) and compacts it when it has grown
    /// past twice the limit.
    public func load() throws(HistoryError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { entries = []; return }
            throw .failed("read", path: path, errno: errno)
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .failed("read", path: path, errno: errno)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        let lines = bytes.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }.filter { !$0.isEmpty }
        var deduplicated: [String] = []
        for line in lines where line != deduplicated.last { deduplicated.append(line) }
        entries = Array(deduplicated.suffix(limit))
        if lines.count > 2 * limit { try rewrite() }
    }

    /// Adds an entry (newlines become spaces) unless it is empty or repeats the last one.
    /// Returns whether it was added.
    @discardableResult
    public func append(_ entry: String) throws(HistoryError) -> Bool {
        let line = String(String(entry.map { $0 == "\n" || $0 == "\r" ? " " : $0 }).trimmingWhitespace())
        guard !line.isEmpty, line != entries.last else { return false }
        entries.append(line)
        if entries.count > limit { entries.removeFirst(entries.count - limit) }
        try createDirectory()
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .failed("open", path: path, errno: errno) }
        defer { close(descriptor) }
        // An existing file written by another program keeps no wider mode than ours.
        _ = fchmod(descriptor, 0o600)
        try Self.write(Array((line + "\n").utf8), to: descriptor, path: path)
        return true
    }

    /// Writes the kept entries to a temporary file and renames it over the history.
    private func rewrite() throws(HistoryError) {
        try createDirectory()
        let temporary = path + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .failed("open", path: temporary, errno: errno) }
        do {
            try Self.write(Array(entries.map { $0 + "\n" }.joined().utf8), to: descriptor, path: temporary)
        } catch {
            close(descriptor)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else { throw .failed("rename", path: temporary, errno: errno) }
    }

    /// Creates the file's directory and its missing parents, mode 0700.
    private func createDirectory() throws(HistoryError) {
        var directory = ""
        let components = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        for (index, component) in components.enumerated() {
            directory += index == 0 ? String(component) : "/" + component
            guard !directory.isEmpty else { continue }
            if mkdir(directory, 0o700) != 0 && errno != EEXIST {
                throw .failed("create directory", path: directory, errno: errno)
            }
        }
    }

    private static func write(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(HistoryError) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .failed("write", path: path, errno: errno)
            }
            offset += count
        }
    }
}

/// Why the history file could not be used.
public enum HistoryError: Error, Equatable, CustomStringConvertible {
    /// A system call failed: what was being done, on which path, and errno.
    case failed(String, path: String, errno: Int32)

    /// `cannot write /path: No space left on device`.
    public var description: String {
        switch self {
        case let .failed(action, path, code):
            return "cannot \(action) \(path): \(String(cString: strerror(code)))"
        }
    }
}
