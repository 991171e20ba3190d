import JSON
import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// The friends store's data file: its format, and reading and replacing it.
///
/// Format, version 1 (compact JSON, one trailing newline):
/// ```json
/// {"version":1,"nextId":4,"friends":[{"id":1,"firstname":"Ada","lastname":"Lovelace","phonenumber":"+44 20 7946 0001"}]}
/// ```
/// `nextId` is the id the next created friend gets, so the ids of deleted friends are never
/// handed out again, even after a restart.
///
/// Loading: when nothing exists at the path (`ENOENT`, or `ENOTDIR` for a path through a
/// regular file) ``load()`` answers nil: the store starts with its sample friends and the
/// file is created by its first save (a path whose directory is unusable makes that save
/// fail). Anything else wrong — unreadable, not JSON, the wrong shape, an unknown version,
/// duplicate ids — is a ``Failure`` naming the path and the problem, and nothing ever writes
/// over such a file: the store refuses to start, so the person can repair it.
///
/// Saving replaces the file atomically (see ``save(_:)``): after a crash the file holds either
/// the old contents or the new ones, never a mixture. One store writes a file at a time.
public struct FriendsStoreFile: Sendable, Equatable {
    /// What the file holds.
    public struct Contents: Equatable, Sendable {
        /// The friends, in id order.
        public var friends: [Friend]
        /// The id the next created friend gets; greater than every id in `friends`.
        public var nextID: Int

        /// Contents with explicit ids.
        public init(friends: [Friend], nextID: Int) {
            self.friends = friends
            self.nextID = nextID
        }

        /// `friends` sorted by id, the next id one past the largest.
        public init(friends: [Friend]) {
            self.init(friends: friends.sorted { $0.id < $1.id }, nextID: (friends.map(\.id).max() ?? 0) + 1)
        }
    }

    /// Why the file could not be read or replaced. Every case names the path.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The file exists but could not be read (permissions, a directory, an I/O error).
        case unreadable(path: String, reason: String)
        /// The file was read but is not a valid version-1 friends file.
        case corrupt(path: String, problem: String)
        /// A new version of the file could not be written; the old one is untouched.
        case unwritable(path: String, reason: String)

        public var description: String {
            switch self {
            case let .unreadable(path, reason):
                return "the friends data file \(path) cannot be read: \(reason)"
            case let .corrupt(path, problem):
                return "the friends data file \(path) is corrupt: \(problem); it was left untouched (repair or remove it)"
            case let .unwritable(path, reason):
                return "the friends data file \(path) could not be saved: \(reason)"
            }
        }
    }

    /// The format version this build reads and writes.
    public static let version = 1

    /// Where the file lives.
    public let path: String

    /// The file at `path` (nothing is read or written yet).
    public init(path: String) {
        self.path = path
    }

    /// The file's contents, or nil when nothing exists at the path yet.
    public func load() throws(Failure) -> Contents? {
        let bytes: [UInt8]
        switch PosixFile.readAll(path) {
        case .missing: return nil
        case let .failed(reason): throw .unreadable(path: path, reason: reason)
        case let .bytes(read): bytes = read
        }
        do {
            return try Self.decode(bytes)
        } catch {
            throw .corrupt(path: path, problem: error.problem)
        }
    }

    /// Replaces the file with `contents`, atomically: writes `<path>.tmp-<pid>` in the same
    /// directory, `fsync`s it, `rename`s it over the file, then `fsync`s the directory so the
    /// rename itself survives a crash. On failure the temporary file is removed and the old
    /// file is untouched.
    ///
    /// A failing directory `fsync` is not reported: by then the rename has happened and the
    /// new contents are what every reader sees, so reporting the save as failed would make
    /// the store's memory and its file disagree.
    public func save(_ contents: Contents) throws(Failure) {
        let temporary = "\(path).tmp-\(ProcessIO.processID)"
        if let reason = PosixFile.writeDurably(Self.encode(contents), to: temporary) {
            throw .unwritable(path: path, reason: reason)
        }
        if let reason = PosixFile.replace(path, with: temporary) {
            throw .unwritable(path: path, reason: reason)
        }
        PosixFile.syncDirectory(containing: path)
    }

    // MARK: The format (pure)

    /// The file's bytes for `contents`.
    static func encode(_ contents: Contents) -> [UInt8] {
        let friends = contents.friends.map { friend -> JSONValue in
            .object(JSONObject([
                ("id", .integer(Int64(friend.id))),
                ("firstname", .string(friend.firstname)),
                ("lastname", .string(friend.lastname)),
                ("phonenumber", .string(friend.phonenumber)),
            ]))
        }
        let document = JSONValue.object(JSONObject([
            ("version", .integer(Int64(version))),
            ("nextId", .integer(Int64(contents.nextID))),
            ("friends", .array(friends)),
        ]))
        return document.serialized() + [UInt8(ascii: "\n")]
    }

    /// A problem with a file's text, for ``Failure/corrupt(path:problem:)``.
    struct FormatError: Error, Equatable {
        let problem: String
    }

    /// The contents a file's bytes describe, or what is wrong with them.
    static func decode(_ bytes: [UInt8]) throws(FormatError) -> Contents {
        let document: JSONValue
        do {
            document = try JSONValue.parse(bytes)
        } catch {
            throw FormatError(problem: "not JSON (\(error))")
        }
        guard case let .object(object) = document else {
            throw FormatError(problem: "expected an object at the top level, found \(document.typeName)")
        }
        do {
            let version = try object.decode(Int.self, forKey: "version")
            guard version == Self.version else {
                throw FormatError(problem: "unsupported version \(version) (this build reads version \(Self.version))")
            }
            let nextID = try object.decode(Int.self, forKey: "nextId")
            guard case let .array(elements) = object["friends"] ?? .null else {
                let found = object["friends"]
                throw JSONDecodingError(path: [.key("friends")], expected: "array", found: found?.typeName ?? "nothing", message: found == nil ? "missing key" : nil)
            }
            let friends = try elements.enumerated().map { index, element throws(JSONDecodingError) in
                try JSONDecodingError.at(.key("friends")) { () throws(JSONDecodingError) in
                    try JSONDecodingError.at(.index(index)) { () throws(JSONDecodingError) in try friend(from: element) }
                }
            }
            try checkIDs(friends, nextID: nextID)
            return Contents(friends: friends.sorted { $0.id < $1.id }, nextID: nextID)
        } catch let error as JSONDecodingError {
            throw FormatError(problem: error.description)
        } catch let error as FormatError {
            throw error
        } catch {
            throw FormatError(problem: "\(error)")
        }
    }

    /// One friend object of the file.
    private static func friend(from value: JSONValue) throws(JSONDecodingError) -> Friend {
        guard case let .object(object) = value else {
            throw JSONDecodingError(expected: "object", found: value)
        }
        return Friend(
            id: try object.decode(Int.self, forKey: "id"),
            firstname: try object.decode(String.self, forKey: "firstname"),
            lastname: try object.decode(String.self, forKey: "lastname"),
            phonenumber: try object.decode(String.self, forKey: "phonenumber")
        )
    }

    /// Ids are unique and below `nextID` (otherwise a new friend could take an existing id).
    private static func checkIDs(_ friends: [Friend], nextID: Int) throws(FormatError) {
        var positions: [Int: Int] = [:]
        for (index, friend) in friends.enumerated() {
            if let first = positions[friend.id] {
                throw FormatError(problem: "duplicate id \(friend.id) (friends[\(first)] and friends[\(index)])")
            }
            positions[friend.id] = index
        }
        if let largest = friends.map(\.id).max(), nextID <= largest {
            throw FormatError(problem: "nextId \(nextID) is not greater than the largest id \(largest)")
        }
    }
}

/// The file operations behind ``FriendsStoreFile``, on `SystemIO`, with every failure turned
/// into one readable reason.
enum PosixFile {
    /// What reading a whole file produced.
    enum ReadOutcome {
        case bytes([UInt8])
        case missing
        case failed(String)
    }

    /// The largest data file read: a FIFO or `/dev/zero` named by mistake must not eat memory.
    static let maxFileBytes = 256 * 1024 * 1024

    /// The one place a failure becomes text: `open /tmp/x: Permission denied (EACCES)`.
    static func describe(_ operation: String, _ path: String, _ error: Errno) -> String {
        "\(operation) \(path): \(error)"
    }

    /// Every byte of the file at `path` (opened non-blocking, so a FIFO without a writer
    /// cannot hang the daemon).
    static func readAll(_ path: String) -> ReadOutcome {
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(path, .nonBlocking)
        } catch {
            return error == .noSuchFile || error.rawValue == ENOTDIR ? .missing : .failed(describe("open", path, error))
        }
        defer { try? file.close() }
        do {
            switch try file.status().kind {
            case .regular: break
            case .directory: return .failed(describe("read", path, .isDirectory))
            case let other: return .failed("read \(path): a \(other), not a regular file")
            }
            return .bytes(try file.readToEnd(maxBytes: maxFileBytes))
        } catch {
            return .failed(describe("read", path, error))
        }
    }

    /// Creates `path` (mode 0600, never following a link, never over an existing file),
    /// writes `bytes`, `fsync`s and closes it. Returns the reason on failure, after removing
    /// whatever was created.
    static func writeDurably(_ bytes: [UInt8], to path: String) -> String? {
        try? FileSystem.removeFile(path)
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(path, [.writeOnly, .create, .exclusive, .noFollow], permissions: 0o600)
        } catch {
            return describe("create", path, error)
        }
        var failure: String?
        do {
            try file.writeAll(bytes)
            try file.synchronize()
        } catch {
            failure = describe("write", path, error)
        }
        do { try file.close() } catch { if failure == nil { failure = describe("close", path, error) } }
        if failure != nil { try? FileSystem.removeFile(path) }
        return failure
    }

    /// Renames the written temporary file over the data file; removes it on failure.
    static func replace(_ path: String, with temporary: String) -> String? {
        do {
            try FileSystem.rename(temporary, to: path)
            return nil
        } catch {
            try? FileSystem.removeFile(temporary)
            return describe("rename", temporary, error)
        }
    }

    /// `fsync`s the directory holding `path`, best effort (see `FriendsStoreFile.save`).
    static func syncDirectory(containing path: String) {
        let directory: String
        if let slash = path.lastIndex(of: "/") {
            directory = slash == path.startIndex ? "/" : String(path[..<slash])
        } else {
            directory = "."
        }
        guard let descriptor = try? FileDescriptor.open(directory, .directory) else { return }
        try? descriptor.synchronize()
        try? descriptor.close()
    }
}
