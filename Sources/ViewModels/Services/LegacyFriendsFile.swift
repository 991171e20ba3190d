import JSON
import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// The JSON data file of earlier Switchboard versions, read once by `switchboard friends
/// import OLD.json --data-file NEW.db` to move its friends into a database. Nothing writes
/// this format any more; a daemon given such a file refuses it and names the import command.
///
/// Format, version 1 (compact JSON, one trailing newline):
/// ```json
/// {"version":1,"nextId":4,"friends":[{"id":1,"firstname":"Ada","lastname":"Lovelace","phonenumber":"+44 20 7946 0001"}]}
/// ```
/// `nextId` is the id the next created friend gets, so the ids of deleted friends are never
/// handed out again; the import carries it over. A file that is unreadable, not JSON, of the
/// wrong shape or version, or with duplicate ids is a ``Failure`` naming the path and problem.
public struct LegacyFriendsFile: Sendable, Equatable {
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

        public var description: String {
            switch self {
            case let .unreadable(path, reason):
                return "the friends data file \(path) cannot be read: \(reason)"
            case let .corrupt(path, problem):
                return "the friends data file \(path) is corrupt: \(problem); it was left untouched"
            }
        }
    }

    /// The format version this build reads.
    public static let version = 1

    /// Where the file lives.
    public let path: String

    /// The file at `path` (nothing is read or written yet).
    public init(path: String) {
        self.path = path
    }

    /// The file's contents, or nil when nothing exists at the path.
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

    // MARK: The format (pure)

    /// The file's bytes for `contents` (how earlier versions wrote it; tests make files with it).
    public static func encode(_ contents: Contents) -> [UInt8] {
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

/// The file operations behind ``LegacyFriendsFile``, on `SystemIO`, with every failure turned
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
}
