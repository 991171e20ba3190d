import CSQLite

/// A failed SQLite call: its result code and SQLite's own message, with what was being done.
///
/// The one place a result code becomes an error is ``Database/check(_:_:)``.
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The extended result code (`SQLITE_BUSY`, `SQLITE_FULL`, `SQLITE_NOTADB`…).
    public let code: Int32
    /// SQLite's message for it.
    public let message: String
    /// What was being done ("open", "prepare INSERT…", "commit").
    public let operation: String

    /// An error with these parts.
    public init(code: Int32, message: String, operation: String) {
        self.code = code
        self.message = message
        self.operation = operation
    }

    /// The primary result code (the low byte of the extended one).
    public var primaryCode: Int32 { code & 0xFF }

    /// Whether the file is not a SQLite database (or is encrypted).
    public var isNotADatabase: Bool { primaryCode == SQLITE_NOTADB }
    /// Whether the disk or the quota is full.
    public var isFull: Bool { primaryCode == SQLITE_FULL }
    /// Whether another connection held a lock longer than the busy timeout.
    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    /// Whether the database or its file system is read-only.
    public var isReadOnly: Bool { primaryCode == SQLITE_READONLY }

    /// `commit: database or disk is full (SQLITE_FULL)`.
    public var description: String {
        "\(operation): \(message) (\(Self.name(of: code)))"
    }

    /// `SQLITE_FULL`, or `SQLite error N` for a code this table does not name.
    static func name(of code: Int32) -> String {
        switch code & 0xFF {
        case SQLITE_ERROR: return "SQLITE_ERROR"
        case SQLITE_PERM: return "SQLITE_PERM"
        case SQLITE_BUSY: return "SQLITE_BUSY"
        case SQLITE_LOCKED: return "SQLITE_LOCKED"
        case SQLITE_NOMEM: return "SQLITE_NOMEM"
        case SQLITE_READONLY: return "SQLITE_READONLY"
        case SQLITE_IOERR: return "SQLITE_IOERR"
        case SQLITE_CORRUPT: return "SQLITE_CORRUPT"
        case SQLITE_FULL: return "SQLITE_FULL"
        case SQLITE_CANTOPEN: return "SQLITE_CANTOPEN"
        case SQLITE_CONSTRAINT: return "SQLITE_CONSTRAINT"
        case SQLITE_MISMATCH: return "SQLITE_MISMATCH"
        case SQLITE_MISUSE: return "SQLITE_MISUSE"
        case SQLITE_AUTH: return "SQLITE_AUTH"
        case SQLITE_RANGE: return "SQLITE_RANGE"
        case SQLITE_NOTADB: return "SQLITE_NOTADB"
        default: return "SQLite error \(code)"
        }
    }
}
