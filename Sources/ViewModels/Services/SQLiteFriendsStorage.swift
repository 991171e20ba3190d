import SQLite
import SystemIO

/// Friends in an embedded SQLite database file (`--data-file`), which several daemons may
/// share.
///
/// ## Guarantees
/// - Every change is one `BEGIN IMMEDIATE` transaction, committed before the operation
///   returns, so the view hears "saved" only for a committed change.
/// - WAL journal with `synchronous=FULL`: a committed transaction survives the process being
///   killed (`kill -9`) and also a power loss or an OS crash. (`NORMAL` would keep the first
///   but could lose the last commits on the second; the store promises that no acknowledged
///   write is ever lost, which is worth one fsync per change.)
/// - Ids come from `INTEGER PRIMARY KEY AUTOINCREMENT`: never reused, never colliding between
///   daemons, since each is assigned inside the writer's transaction.
/// - Every read goes to the database, so a daemon sees the other daemons' writes at once.
/// - Several processes may create the file, switch it to WAL and create the schema at the same
///   moment: each waits for the others' locks (`busy_timeout`), and the schema is created in a
///   write transaction that checks `PRAGMA user_version` again.
///
/// ## The file
/// Created with mode 0600 (by this process, `O_EXCL | O_NOFOLLOW`, before SQLite opens it); an
/// existing file's mode is never changed; a symbolic link is refused (`SQLITE_OPEN_NOFOLLOW`).
/// Before each operation the path is checked to still name the file that was opened: a file
/// removed or replaced while the daemon runs fails that operation with a clear reason, and the
/// next operation opens whatever the path names then (a fresh database if it is free again).
/// The old file's journals (`-wal`, `-shm`) never touch the new one: the old connection
/// closes without deleting anything by path, and the journals it opened are removed from
/// their paths (those, and only those: a journal that is another file is left alone) before
/// the new file is opened. Journals that are not regular files are refused like the database.
///
/// ## Schema
/// Version 1 (`PRAGMA user_version = 1`): `friends(id INTEGER PRIMARY KEY AUTOINCREMENT,
/// firstname, lastname, phonenumber TEXT NOT NULL)`. A new database starts with the sample
/// friends. ``migrations`` lists, for each version, the statements that bring the version
/// before it up to it; a file of a later version than this build knows is refused.
public final class SQLiteFriendsStorage: FriendsStorage {
    /// The schema version this build writes.
    public static let schemaVersion = 1
    /// The statements that bring a database from version N-1 to N, at index N-1.
    static let migrations: [[String]] = [
        [
            """
            CREATE TABLE friends (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                firstname TEXT NOT NULL,
                lastname TEXT NOT NULL,
                phonenumber TEXT NOT NULL
            )
            """,
        ],
    ]
    /// How long an operation waits for another daemon's write lock, in milliseconds.
    public static let busyTimeoutMilliseconds: Int32 = 5_000

    /// The path given by the user.
    public let path: String
    private var connection: Connection?

    /// An open connection, the file it opened and the journals beside it then.
    struct Connection {
        let database: Database
        let identity: FileIdentity
        /// The identity of each journal (by suffix) when the connection was opened.
        let journals: [String: FileIdentity]
    }

    /// The files SQLite keeps beside a database in WAL mode: its log and the log's index.
    static let journalSuffixes = ["-wal", "-shm"]
    /// Set by ``close()``: no connection is opened again.
    private var isClosed = false

    /// Opens (creating if needed) the database at `path`, seeding a new one with `seed`.
    /// Throws a one-sentence failure naming the path for anything unusable: an empty path, a
    /// directory, a FIFO or device, a symbolic link, a file that is not a SQLite database (an
    /// old JSON data file gets the command that converts it), a file of a newer schema, no
    /// permission.
    public init(path: String, seed: [Friend] = FriendsStore.sampleFriends) throws(FriendsStorageFailure) {
        self.path = path
        self.seed = seed
        connection = try Self.open(path, seed: seed)
    }

    private let seed: [Friend]

    // MARK: Operations

    public func list() throws(FriendsStorageFailure) -> [Friend] {
        try run("list the friends") { database throws(SQLiteError) in
            let statement = try database.statement("SELECT id, firstname, lastname, phonenumber FROM friends ORDER BY id")
            var friends: [Friend] = []
            while try statement.step() { friends.append(Self.friend(from: statement)) }
            return friends
        }
    }

    public func friend(id: Int) throws(FriendsStorageFailure) -> Friend? {
        try run("read friend \(id)") { database throws(SQLiteError) in
            let statement = try database.statement("SELECT id, firstname, lastname, phonenumber FROM friends WHERE id = ?1")
            return try statement.bind(.integer(Int64(id))).firstRow(Self.friend(from:))
        }
    }

    public func create(_ draft: FriendDraft) throws(FriendsStorageFailure) -> Friend {
        try run("save the new friend", explaining: Self.exhaustedIDs) { database throws(SQLiteError) in
            try database.writeTransaction { () throws(SQLiteError) -> Friend in
                try database.statement("INSERT INTO friends (firstname, lastname, phonenumber) VALUES (?1, ?2, ?3)")
                    .bind(.text(draft.firstname), .text(draft.lastname), .text(draft.phonenumber))
                    .run()
                return Friend(id: Int(database.lastInsertRowID), firstname: draft.firstname, lastname: draft.lastname, phonenumber: draft.phonenumber)
            }
        }
    }

    /// Why an insert failed when the ids ran out: AUTOINCREMENT never reuses an id, so once
    /// the largest one (2^63 - 1) was given out SQLite answers SQLITE_FULL, which would read
    /// as a full disk. Nil for any other failure.
    private static func exhaustedIDs(_ error: SQLiteError, _ database: Database) -> String? {
        guard error.isFull else { return nil }
        let largest = try? database.statement("SELECT seq FROM sqlite_sequence WHERE name = 'friends'").firstRow { $0.int64(at: 0) }
        guard largest == Int64.max else { return nil }
        return "every friend id has been given out (the largest, \(Int64.max), is taken, and ids are never reused); add friends to a new database"
    }

    public func update(_ friend: Friend) throws(FriendsStorageFailure) -> Bool {
        try run("save friend \(friend.id)") { database throws(SQLiteError) in
            try database.writeTransaction { () throws(SQLiteError) -> Bool in
                try database.statement("UPDATE friends SET firstname = ?2, lastname = ?3, phonenumber = ?4 WHERE id = ?1")
                    .bind(.integer(Int64(friend.id)), .text(friend.firstname), .text(friend.lastname), .text(friend.phonenumber))
                    .run()
                return database.changes > 0
            }
        }
    }

    public func delete(id: Int) throws(FriendsStorageFailure) -> Bool {
        try run("delete friend \(id)") { database throws(SQLiteError) in
            try database.writeTransaction { () throws(SQLiteError) -> Bool in
                try database.statement("DELETE FROM friends WHERE id = ?1").bind(.integer(Int64(id))).run()
                return database.changes > 0
            }
        }
    }

    /// Imports `friends` (keeping their ids) and makes sure no later id is below `nextID`, in
    /// one transaction, into a database that holds no friends yet (open a new one with
    /// `seed: []`).
    public func importFriends(_ friends: [Friend], nextID: Int) throws(FriendsStorageFailure) {
        // An offline, one-time command: checking first and writing after is race-free enough.
        let existing = try run("count the friends") { database throws(SQLiteError) in
            try database.statement("SELECT count(*) FROM friends").firstRow { $0.int64(at: 0) } ?? 0
        }
        guard existing == 0 else {
            throw FriendsStorageFailure("the friends database \(path) already holds \(existing) friends; import into a new file")
        }
        try run("import the friends") { database throws(SQLiteError) in
            try database.writeTransaction { () throws(SQLiteError) -> Void in
                for friend in friends {
                    try database.statement("INSERT INTO friends (id, firstname, lastname, phonenumber) VALUES (?1, ?2, ?3, ?4)")
                        .bind(.integer(Int64(friend.id)), .text(friend.firstname), .text(friend.lastname), .text(friend.phonenumber))
                        .run()
                }
                // AUTOINCREMENT's counter: the inserts moved it to the largest id; the old file's
                // nextId may be past that (deleted friends), and those ids stay retired.
                try database.statement("UPDATE sqlite_sequence SET seq = max(seq, ?1) WHERE name = 'friends'").bind(.integer(Int64(nextID - 1))).run()
                if database.changes == 0 {
                    try database.statement("INSERT INTO sqlite_sequence (name, seq) VALUES ('friends', ?1)").bind(.integer(Int64(nextID - 1))).run()
                }
            }
        }
    }

    /// The id the next friend would get: past every id ever given out, deleted ones too.
    public func nextID() throws(FriendsStorageFailure) -> Int {
        try run("read the next id") { database throws(SQLiteError) in
            let last = try database.statement("SELECT seq FROM sqlite_sequence WHERE name = 'friends'").firstRow { $0.int64(at: 0) } ?? 0
            return Int(last) + 1
        }
    }

    /// Whether `path` starts with SQLite's header (a database, not a JSON file).
    public static func looksLikeDatabase(_ path: String) -> Bool {
        (try? header(of: path)) == databaseHeader
    }

    /// The 16 bytes every SQLite database file starts with.
    static let databaseHeader = Array("SQLite format 3\u{0}".utf8)

    /// The first bytes of the file at `path`, as many as a database header has (fewer for a
    /// shorter file), read without following a final symbolic link.
    private static func header(of path: String) throws(Errno) -> [UInt8] {
        let file = try FileDescriptor.open(path, [.nonBlocking, .noFollow])
        defer { try? file.close() }
        var bytes = [UInt8](repeating: 0, count: databaseHeader.count)
        // `withUnsafeMutableBytes` rethrows untyped: the read's own error comes out as a Result.
        let read = bytes.withUnsafeMutableBytes { buffer in Result { () throws(Errno) in try file.read(into: buffer) } }
        return Array(bytes[..<(try read.get())])
    }

    // MARK: Connection

    /// Closes the connection (SQLite checkpoints the WAL into the file and removes it when the
    /// last connection to a database closes); later operations fail, saying the daemon is
    /// stopping.
    public func close() {
        isClosed = true
        connection = nil
    }

    /// Runs `body` on a connection to the file the path names now, turning SQLite's errors into
    /// one sentence. A failed operation keeps no half-done state: its transaction was rolled back.
    private func run<T>(
        _ what: String,
        explaining explain: (SQLiteError, Database) -> String? = { _, _ in nil },
        _ body: (Database) throws(SQLiteError) -> T
    ) throws(FriendsStorageFailure) -> T {
        let database = try currentDatabase()
        do {
            return try body(database)
        } catch {
            let reason = explain(error, database) ?? Self.reason(error)
            if error.isNotADatabase || error.primaryCode == 10 /* SQLITE_IOERR */ {
                // The file under us is gone or broken: open afresh next time.
                connection = nil
            }
            throw FriendsStorageFailure("the friends database \(path) could not \(what): \(reason)")
        }
    }

    /// The open connection, if the path still names its file; otherwise a failure now, and a
    /// fresh connection on the next call.
    private func currentDatabase() throws(FriendsStorageFailure) -> Database {
        if isClosed {
            throw FriendsStorageFailure("the friends database \(path) is closed: the daemon is stopping")
        }
        if let connection {
            let now = try? FileSystem.identity(ofFileAt: path)
            if now == connection.identity { return connection.database }
            self.connection = nil
            retire(connection)
            throw FriendsStorageFailure(now == nil
                ? "the friends database \(path) was removed while the daemon was running; the next change creates a new one"
                : "the friends database \(path) was replaced by another file while the daemon was running; the next change uses what is there now")
        }
        let opened = try Self.open(path, seed: seed)
        connection = opened
        return opened.database
    }

    /// Closes the connection to a file that is no longer at the path so that nothing of it
    /// reaches what is there now: it keeps its journals on close (its checkpoint goes through
    /// its own open files, into the old file), and the journals it opened are removed from
    /// their paths, where the next connection would otherwise read them as the new file's.
    /// A journal that is another file by now (another daemon's new one) is left alone.
    private func retire(_ old: Connection) {
        try? old.database.keepJournalsOnClose()
        for (suffix, identity) in old.journals where (try? FileSystem.identity(ofFileAt: path + suffix)) == identity {
            try? FileSystem.removeFile(path + suffix)
        }
    }

    /// Checks the path, creates the file (0600) if missing, opens it, switches it to WAL and
    /// brings its schema up to date.
    static func open(_ path: String, seed: [Friend]) throws(FriendsStorageFailure) -> Connection {
        try checkPath(path)
        do {
            let database = try Database(path: path)
            try database.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
            try switchToWAL(database)
            try database.execute("PRAGMA synchronous = FULL")
            try migrate(database, seed: seed)
            let identity: FileIdentity
            do {
                identity = try FileSystem.identity(ofFileAt: path)
            } catch {
                throw FriendsStorageFailure("the friends database \(path) cannot be used: \(error)")
            }
            var journals: [String: FileIdentity] = [:]
            for suffix in journalSuffixes {
                if let journal = try? FileSystem.identity(ofFileAt: path + suffix) { journals[suffix] = journal }
            }
            return Connection(database: database, identity: identity, journals: journals)
        } catch let failure as FriendsStorageFailure {
            throw failure
        } catch let error as SQLiteError {
            if error.isNotADatabase {
                throw FriendsStorageFailure("\(path) is not a SQLite database (\(error.message)); give --data-file a new path or a database this program wrote")
            }
            if FileSystem.isOnReadOnlyFileSystem(path) {
                throw FriendsStorageFailure("the friends database \(path) cannot be opened: its file system is read-only (\(error.description))")
            }
            if error.primaryCode == 14 /* SQLITE_CANTOPEN */, let problem = journalProblem(path) {
                throw FriendsStorageFailure("the friends database \(path) cannot be opened: \(problem)")
            }
            throw FriendsStorageFailure("the friends database \(path) cannot be opened: \(reason(error))")
        } catch {
            throw FriendsStorageFailure("the friends database \(path) cannot be opened: \(error)")
        }
    }

    /// Switches the database to write-ahead logging. Two daemons opening a new file at once
    /// both ask for the switch, which needs the file to themselves; SQLite answers the loser
    /// `SQLITE_BUSY` at once rather than waiting (its busy handler is not called where
    /// waiting could deadlock), which would fail the loser's start (`Tests/e2e/test_store.py`).
    /// So the switch is retried, every 5 ms, for as long as `busy_timeout` would have waited;
    /// by then the winner has switched the file, and the retry finds it in WAL mode.
    private static func switchToWAL(_ database: Database) throws(SQLiteError) {
        let deadline = Pause.monotonicMilliseconds + Int64(busyTimeoutMilliseconds)
        while true {
            do throws(SQLiteError) {
                let journal = try database.statement("PRAGMA journal_mode = WAL").firstRow { $0.text(at: 0) }
                guard journal == "wal" else {
                    throw SQLiteError(code: 1, message: "the database could not be switched to WAL", operation: "PRAGMA journal_mode")
                }
                return
            } catch {
                guard error.isBusy, Pause.monotonicMilliseconds < deadline else { throw error }
                Pause.sleep(milliseconds: 5)
            }
        }
    }

    /// Brings the schema to ``schemaVersion`` in one write transaction (which waits for any
    /// other process doing the same, then sees its result).
    private static func migrate(_ database: Database, seed: [Friend]) throws(SQLiteError) {
        // Read first: a database already current needs no write lock at all.
        if try database.userVersion() == schemaVersion { return }
        try database.writeTransaction { () throws(SQLiteError) -> Void in
            let version = try database.userVersion()
            guard version <= schemaVersion else {
                throw SQLiteError(code: 1, message: "it was written by a newer Switchboard (schema \(version); this build knows \(schemaVersion))", operation: "open")
            }
            for step in version..<schemaVersion {
                for statement in migrations[step] { try database.execute(statement) }
            }
            if version == 0 {
                for friend in seed {
                    try database.statement("INSERT INTO friends (id, firstname, lastname, phonenumber) VALUES (?1, ?2, ?3, ?4)")
                        .bind(.integer(Int64(friend.id)), .text(friend.firstname), .text(friend.lastname), .text(friend.phonenumber))
                        .run()
                }
            }
            try database.execute("PRAGMA user_version = \(schemaVersion)")
        }
    }

    /// Why SQLite could not open a journal beside the database: the first journal that exists
    /// and cannot be opened for reading and writing, with the system's reason; nil if each can.
    static func journalProblem(_ path: String) -> String? {
        for suffix in journalSuffixes {
            let journal = path + suffix
            guard (try? FileDescriptor.kind(atPath: journal)) != nil else { continue }
            do {
                let file = try FileDescriptor.open(journal, [.readWrite, .noFollow, .nonBlocking])
                try? file.close()
            } catch {
                return "its journal \(journal) cannot be opened: \(error)"
            }
        }
        return nil
    }

    /// What the path must be before SQLite sees it: a regular file (or nothing, then created
    /// here with mode 0600) that is empty or starts with SQLite's header, and no journal
    /// beside it that is not a regular file (a planted link, a directory): refused before
    /// SQLite opens anything, so nothing is left behind.
    static func checkPath(_ path: String) throws(FriendsStorageFailure) {
        guard !path.isEmpty else { throw FriendsStorageFailure("the path of the friends database is empty") }
        for suffix in journalSuffixes {
            let journal = path + suffix
            guard let kind = try? FileDescriptor.kind(atPath: journal), kind != .regular else { continue }
            if kind == .symbolicLink {
                throw FriendsStorageFailure("the friends database's journal \(journal) is a symbolic link; refused, so that a planted link cannot redirect the store (remove it)")
            }
            throw FriendsStorageFailure("the friends database's journal \(journal) is a \(kind), not a journal file (remove it)")
        }
        let kind: FileDescriptor.Kind
        do {
            kind = try FileDescriptor.kind(atPath: path)
        } catch {
            guard error == .noSuchFile else {
                throw FriendsStorageFailure("the friends database \(path) cannot be used: \(error)")
            }
            do {
                let created = try FileDescriptor.open(path, [.writeOnly, .create, .exclusive, .noFollow], permissions: 0o600)
                try? created.close()
            } catch {
                // Another daemon created it in between: fine, it is checked like any file.
                if error.rawValue != 17 /* EEXIST */ {
                    throw FriendsStorageFailure("the friends database \(path) cannot be created: \(error)")
                }
            }
            return try checkPath(path)
        }
        switch kind {
        case .regular:
            break
        case .symbolicLink:
            throw FriendsStorageFailure("the friends database \(path) is a symbolic link; refused, so that a planted link cannot redirect the store (give the real path)")
        default:
            throw FriendsStorageFailure("the friends database \(path) is a \(kind), not a database file")
        }
        let header: [UInt8]
        do {
            header = try Self.header(of: path)
        } catch {
            throw FriendsStorageFailure("the friends database \(path) cannot be read: \(error)")
        }
        if header.isEmpty || header == databaseHeader { return }
        if header.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{") {
            throw FriendsStorageFailure("\(path) is a JSON friends file from an earlier Switchboard; convert it once with: switchboard friends import \(path) --data-file NEW.db (then use --data-file NEW.db)")
        }
        throw FriendsStorageFailure("\(path) is not a SQLite database; give --data-file a new path or a database this program wrote")
    }

    private static func friend(from statement: Statement) -> Friend {
        Friend(id: Int(statement.int64(at: 0)), firstname: statement.text(at: 1), lastname: statement.text(at: 2), phonenumber: statement.text(at: 3))
    }

    /// SQLite's reason, in words a person can act on.
    private static func reason(_ error: SQLiteError) -> String {
        if error.isFull { return "the disk is full (\(error.message))" }
        if error.isReadOnly { return "the file or its file system is read-only (\(error.message))" }
        if error.isBusy { return "another process held the database locked for more than \(busyTimeoutMilliseconds / 1000) s (\(error.message))" }
        return error.description
    }
}
