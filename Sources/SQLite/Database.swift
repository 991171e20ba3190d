import CSQLite

/// One connection to a SQLite database: the only owner of its `sqlite3*`.
///
/// Not thread-safe: one thread (the session's executor) uses a connection at a time. Prepared
/// statements are cached by their SQL and reused (``statement(_:)``). Closed in `deinit`.
public final class Database {
    private let handle: OpaquePointer
    /// The path it was opened with.
    public let path: String
    private var statements: [String: Statement] = [:]

    /// How to open a file.
    public struct OpenOptions: Sendable {
        /// Create the file if it does not exist.
        public var create = true
        /// Read-only.
        public var readOnly = false
        /// The defaults: read-write, create. A final symbolic link is always refused
        /// (`SQLITE_OPEN_NOFOLLOW`).
        public init() {}
    }

    /// Opens `path`. The file itself is read lazily: a file that is not a database is
    /// reported by the first statement (``SQLiteError/isNotADatabase``).
    public init(path: String, options: OpenOptions = OpenOptions()) throws(SQLiteError) {
        if let failure = csqlite_load() {
            throw SQLiteError(code: SQLITE_CANTOPEN, message: String(cString: failure), operation: "open \(path)")
        }
        var flags = SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        flags |= options.readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        if options.create, !options.readOnly { flags |= SQLITE_OPEN_CREATE }
        var opened: OpaquePointer?
        let code = csqlite_open_v2(path, &opened, flags, nil)
        guard let opened else {
            throw SQLiteError(code: code, message: "out of memory", operation: "open \(path)")
        }
        guard code == SQLITE_OK else {
            let error = SQLiteError(code: code, message: String(cString: csqlite_errmsg(opened)), operation: "open \(path)")
            csqlite_close_v2(opened)
            throw error
        }
        handle = opened
        self.path = path
    }

    deinit {
        // Statements first: a connection with live statements does not close.
        statements.removeAll()
        csqlite_close_v2(handle)
    }

    /// Throws unless `code` is `SQLITE_OK`, `SQLITE_ROW` or `SQLITE_DONE`: the one place a result
    /// code becomes a typed error.
    func check(_ code: Int32, _ operation: @autoclosure () -> String) throws(SQLiteError) {
        switch code {
        case SQLITE_OK, SQLITE_ROW, SQLITE_DONE: return
        default:
            throw SQLiteError(code: csqlite_extended_errcode(handle), message: String(cString: csqlite_errmsg(handle)), operation: operation())
        }
    }

    /// Runs SQL without results (several statements allowed).
    public func execute(_ sql: String) throws(SQLiteError) {
        try check(csqlite_exec(handle, sql), sql)
    }

    /// The cached prepared statement for `sql`, reset and with its bindings cleared.
    public func statement(_ sql: String) throws(SQLiteError) -> Statement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        var prepared: OpaquePointer?
        try check(csqlite_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared), "prepare \(sql)")
        guard let prepared else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "empty statement", operation: "prepare \(sql)")
        }
        let statement = Statement(handle: prepared, database: self, sql: sql)
        statements[sql] = statement
        return statement
    }

    /// Waits up to `milliseconds` for another connection's lock instead of failing at once.
    public func setBusyTimeout(milliseconds: Int32) throws(SQLiteError) {
        try check(csqlite_busy_timeout(handle, milliseconds), "busy_timeout")
    }

    /// `PRAGMA user_version`: the schema version this project stores in the file's header.
    public func userVersion() throws(SQLiteError) -> Int {
        try Int(statement("PRAGMA user_version").firstRow { $0.int64(at: 0) } ?? 0)
    }

    /// Makes closing this connection leave the write-ahead log and its index where they are
    /// (`SQLITE_FCNTL_PERSIST_WAL`): it still checkpoints, through its own open files, but
    /// deletes nothing by path. For a connection whose file was replaced at its path, where
    /// the journals at those paths may no longer be its own.
    public func keepJournalsOnClose() throws(SQLiteError) {
        try check(csqlite_persist_wal(handle), "persist WAL")
    }

    /// The last row id inserted through this connection.
    public var lastInsertRowID: Int64 { csqlite_last_insert_rowid(handle) }

    /// Rows changed by the last statement.
    public var changes: Int { Int(csqlite_changes(handle)) }

    /// Runs `body` in a transaction: `BEGIN IMMEDIATE` (the write lock is taken at once, so
    /// two writers never deadlock upgrading), `COMMIT` when `body` returns, `ROLLBACK` when
    /// it throws or the commit fails. The result is returned only once the commit succeeded.
    public func writeTransaction<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try transaction(beginning: "BEGIN IMMEDIATE", body)
    }

    /// Runs `body` in a read transaction (`BEGIN DEFERRED`): one consistent snapshot.
    public func readTransaction<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try transaction(beginning: "BEGIN", body)
    }

    private func transaction<T>(beginning begin: String, _ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try execute(begin)
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            // After a failed COMMIT SQLite may already have rolled back; a second rollback
            // then reports "no transaction is active", which is fine to ignore.
            try? execute("ROLLBACK")
            throw error
        }
    }
}
