import CSQLite

/// A prepared statement: the only owner of its `sqlite3_stmt*`. Made by
/// ``Database/statement(_:)``, which caches and reuses it.
public final class Statement {
    private let handle: OpaquePointer
    /// Kept so the connection outlives its statements (and for error messages).
    private unowned let database: Database
    /// The SQL text.
    public let sql: String

    init(handle: OpaquePointer, database: Database, sql: String) {
        self.handle = handle
        self.database = database
        self.sql = sql
    }

    deinit {
        csqlite_finalize(handle)
    }

    /// Clears the bindings and rewinds the statement for another run. A statement stepped to
    /// a row but not to its end keeps a read transaction open (and a `COMMIT` then fails), so
    /// one-row reads go through ``firstRow(_:)``, which resets.
    func reset() {
        csqlite_reset(handle)
        csqlite_clear_bindings(handle)
    }

    /// Binds values to the parameters `?1`, `?2`… in order.
    @discardableResult
    public func bind(_ values: SQLiteValue...) throws(SQLiteError) -> Statement {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case let .integer(number): code = csqlite_bind_int64(handle, index, number)
            case let .text(text): code = csqlite_bind_text(handle, index, text, Int32(text.utf8.count))
            case .null: code = csqlite_bind_null(handle, index)
            }
            try database.check(code, "bind \(index) of \(sql)")
        }
        return self
    }

    /// Runs the statement to its next row: true when a row is ready to read, false when done.
    public func step() throws(SQLiteError) -> Bool {
        let code = csqlite_step(handle)
        try database.check(code, sql)
        return code == SQLITE_ROW
    }

    /// Steps once and reads the first row with `read` (nil when there is none), then resets.
    public func firstRow<T>(_ read: (Statement) -> T) throws(SQLiteError) -> T? {
        defer { reset() }
        return try step() ? read(self) : nil
    }

    /// Runs a statement without rows to its end.
    public func run() throws(SQLiteError) {
        while try step() {}
    }

    /// Column `index` of the current row as an integer.
    public func int64(at index: Int32) -> Int64 {
        csqlite_column_int64(handle, index)
    }

    /// Column `index` of the current row as text (empty for NULL), read with its length so an
    /// embedded U+0000 is kept.
    public func text(at index: Int32) -> String {
        guard let bytes = csqlite_column_text(handle, index) else { return "" }
        let count = Int(csqlite_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}

/// A value bound to a statement parameter.
public enum SQLiteValue: Sendable, Equatable {
    case integer(Int64)
    case text(String)
    case null
}
