import SystemIO

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
        let bytes: [UInt8]
        do {
            let file = try FileDescriptor.open(path)
            defer { try? file.close() }
            bytes = try file.readToEnd(maxBytes: Self.maxFileBytes)
        } catch {
            if error == .noSuchFile { entries = []; return }
            throw .failed("read", path: path, error)
        }
        let lines = bytes.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }.filter { !$0.isEmpty }
        var deduplicated: [String] = []
        for line in lines where line != deduplicated.last { deduplicated.append(line) }
        entries = Array(deduplicated.suffix(limit))
        if lines.count > 2 * limit { try rewrite() }
    }

    /// The largest history file read (a FIFO or a device named by mistake must not eat memory).
    static let maxFileBytes = 16 * 1024 * 1024

    /// Adds an entry (newlines become spaces) unless it is empty or repeats the last one.
    /// Returns whether it was added.
    @discardableResult
    public func append(_ entry: String) throws(HistoryError) -> Bool {
        let line = String(String(entry.map { $0 == "\n" || $0 == "\r" ? " " : $0 }).trimmingWhitespace())
        guard !line.isEmpty, line != entries.last else { return false }
        entries.append(line)
        if entries.count > limit { entries.removeFirst(entries.count - limit) }
        try createDirectory()
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(path, [.writeOnly, .append, .create], permissions: 0o600)
        } catch {
            throw .failed("open", path: path, error)
        }
        defer { try? file.close() }
        // An existing file written by another program keeps no wider mode than ours.
        try? file.setPermissions(0o600)
        do {
            try file.writeAll(Array((line + "\n").utf8))
        } catch {
            throw .failed("write", path: path, error)
        }
        return true
    }

    /// Writes the kept entries to a temporary file and renames it over the history.
    private func rewrite() throws(HistoryError) {
        try createDirectory()
        let temporary = path + ".tmp"
        do {
            let file = try FileDescriptor.open(temporary, [.writeOnly, .create, .truncate, .noFollow], permissions: 0o600)
            defer { try? file.close() }
            try file.writeAll(Array(entries.map { $0 + "\n" }.joined().utf8))
        } catch {
            try? FileSystem.removeFile(temporary)
            throw .failed("write", path: temporary, error)
        }
        do {
            try FileSystem.rename(temporary, to: path)
        } catch {
            throw .failed("rename", path: temporary, error)
        }
    }

    /// Creates the file's directory and its missing parents, mode 0700.
    private func createDirectory() throws(HistoryError) {
        do {
            try FileSystem.makeParentDirectories(of: path)
        } catch {
            throw .failed("create the directory of", path: path, error)
        }
    }
}

/// Why the history file could not be used.
public enum HistoryError: Error, Equatable, CustomStringConvertible {
    /// A system call failed: what was being done, on which path, and why.
    case failed(String, path: String, Errno)

    /// `cannot write /path: No space left on device (ENOSPC)`.
    public var description: String {
        switch self {
        case let .failed(action, path, error):
            return "cannot \(action) \(path): \(error)"
        }
    }
}
