import CPostgres

#if canImport(Glibc)
import Glibc
#endif

/// Why talking to the PostgreSQL server failed: its SQLSTATE when the server said, and a
/// message that never holds the connection's password.
public struct PostgresError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The SQLSTATE (`57014` for a cancelled statement, `08006` for a broken connection…),
    /// nil when libpq itself failed (no server, a broken connection).
    public let sqlState: String?
    /// The server's or libpq's message, on one line.
    public let message: String
    /// Whether the connection is gone: it must be opened again before the next statement.
    public let connectionLost: Bool

    /// A failure.
    public init(sqlState: String?, message: String, connectionLost: Bool) {
        self.sqlState = sqlState
        self.message = message
        self.connectionLost = connectionLost
    }

    /// The statement ran longer than `statement_timeout`.
    public var isTimeout: Bool { sqlState == "57014" }

    public var description: String { message }
}

/// One connection to a PostgreSQL server: the only owner of its `PGconn`.
///
/// Not thread-safe: one thread (the session's executor) uses a connection at a time. Every
/// statement runs with text parameters (`$1`…), never with values spliced into its text.
public final class PostgresConnection {
    private let handle: OpaquePointer

    /// Connects with a libpq connection string or URI (`postgresql://user@host:port/db`); the
    /// environment (`PGPASSWORD`, `PGSSLMODE`…) fills what it leaves out.
    public init(_ url: String) throws(PostgresError) {
        if let failure = cpq_load() {
            throw PostgresError(sqlState: nil, message: String(cString: failure), connectionLost: true)
        }
        guard let connection = cpq_connectdb(url) else {
            throw PostgresError(sqlState: nil, message: "out of memory", connectionLost: true)
        }
        guard cpq_status(connection) == CONNECTION_OK else {
            let message = Self.oneLine(cpq_error_message(connection))
            cpq_finish(connection)
            throw PostgresError(sqlState: nil, message: message, connectionLost: true)
        }
        cpq_silence_notices(connection)
        handle = connection
    }

    deinit {
        cpq_finish(handle)
    }

    /// `db on host:port`, for messages: what the connection reached, without its credentials.
    public var serverName: String {
        let host = cpq_host(handle).map { String(cString: $0) } ?? "?"
        let port = cpq_port(handle).map { String(cString: $0) } ?? "?"
        let db = cpq_db(handle).map { String(cString: $0) } ?? "?"
        return "\(db) on \(host.hasPrefix("/") ? "the socket in \(host)" : host):\(port)"
    }

    /// Whether the connection is still up as far as libpq knows.
    public var isUp: Bool { cpq_status(handle) == CONNECTION_OK }

    /// The result of one statement: its rows, each column as text (nil for NULL), and how
    /// many rows it changed.
    public struct Rows: Sendable {
        /// The rows returned.
        public let rows: [[String?]]
        /// Rows inserted, updated or deleted.
        public let changed: Int
    }

    /// Runs one statement with `parameters` as `$1`, `$2`… (text, nil for NULL).
    @discardableResult
    public func execute(_ sql: String, _ parameters: [String?] = []) throws(PostgresError) -> Rows {
        let result: OpaquePointer? = withCStrings(parameters) { values in
            cpq_exec_params(handle, sql, Int32(parameters.count), values)
        }
        guard let result else {
            throw PostgresError(sqlState: nil, message: Self.oneLine(cpq_error_message(handle)), connectionLost: !isUp)
        }
        defer { cpq_clear(result) }
        let status = cpq_result_status(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            let state = cpq_result_error_field(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
            let message = Self.oneLine(cpq_result_error_message(result))
            // An error without a SQLSTATE is libpq's own (the server went away mid-statement);
            // class 08 is a connection exception; 57P01-03, the server shutting down.
            let lost = state == nil || !isUp || state?.hasPrefix("08") == true || state == "57P01" || state == "57P02" || state == "57P03"
            throw PostgresError(sqlState: state, message: message.isEmpty ? Self.oneLine(cpq_error_message(handle)) : message, connectionLost: lost)
        }
        var rows: [[String?]] = []
        let count = cpq_ntuples(result), columns = cpq_nfields(result)
        rows.reserveCapacity(Int(count))
        for row in 0..<count {
            rows.append((0..<columns).map { column in
                cpq_getisnull(result, row, column) != 0 ? nil : cpq_getvalue(result, row, column).map { String(cString: $0) }
            })
        }
        let changed = cpq_cmd_tuples(result).flatMap { Int(String(cString: $0)) } ?? 0
        return Rows(rows: rows, changed: changed)
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    public func transaction<T>(_ body: () throws(PostgresError) -> T) throws(PostgresError) -> T {
        try execute("BEGIN")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            if isUp { _ = try? execute("ROLLBACK") }
            throw error
        }
    }

    /// libpq's messages end with a newline and may span lines: one line, trimmed.
    private static func oneLine(_ text: UnsafeMutablePointer<CChar>?) -> String {
        guard let text else { return "" }
        return String(cString: text).split(whereSeparator: \.isNewline).map { $0.trimmingCharacters() }.filter { !$0.isEmpty }.joined(separator: "; ")
    }

    /// Calls `body` with the strings as C strings (nil for nil), valid during the call.
    private func withCStrings<R>(_ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { $0.map { strdup($0) } ?? nil }
        defer { for pointer in pointers { free(pointer) } }
        return pointers.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return body(nil) }
            return base.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { body($0) }
        }
    }
}

extension Substring {
    fileprivate func trimmingCharacters() -> String {
        var text = self
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return String(text)
    }
}
