#if canImport(Glibc)
import Glibc
#endif

/// Calls on paths rather than descriptors.
public enum FileSystem {
    /// Renames `source` over `destination` (atomic within one file system).
    public static func rename(_ source: String, to destination: String) throws(Errno) {
        _ = try retryingInterrupts { Glibc.rename(source, destination) }
    }

    /// Creates a directory; an existing one is fine when `existingIsFine`.
    public static func makeDirectory(_ path: String, permissions: mode_t = 0o700, existingIsFine: Bool = true) throws(Errno) {
        do {
            _ = try retryingInterrupts { mkdir(path, permissions) }
        } catch {
            if existingIsFine, error.rawValue == EEXIST { return }
            throw error
        }
    }

    /// Creates `path`'s missing parent directories (mode 0700 for new ones).
    public static func makeParentDirectories(of path: String) throws(Errno) {
        var directory = ""
        let components = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        for (index, component) in components.enumerated() {
            directory += index == 0 ? String(component) : "/" + component
            guard !directory.isEmpty else { continue }
            try makeDirectory(directory)
        }
    }

    /// Removes a file (not a directory). A missing file is fine when `missingIsFine`.
    public static func removeFile(_ path: String, missingIsFine: Bool = true) throws(Errno) {
        do {
            _ = try retryingInterrupts { unlink(path) }
        } catch {
            if missingIsFine, error == .noSuchFile { return }
            throw error
        }
    }

    /// The names in a directory (without `.` and `..`), unsorted.
    public static func contentsOfDirectory(_ path: String) throws(Errno) -> [String] {
        guard let directory = opendir(path) else { throw Errno.current }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// The kind of the file at `path`, following symbolic links (`stat(2)`).
    public static func kind(ofFileAt path: String) throws(Errno) -> FileDescriptor.Kind {
        let descriptor = try FileDescriptor.open(path, .nonBlocking)
        defer { try? descriptor.close() }
        return try descriptor.status().kind
    }

    /// Which file a path names now: its device and inode (`lstat(2)`, not following a final
    /// link). Two equal identities are the same file; a file replaced under the same name
    /// (removed and recreated, or swapped for a directory) has another.
    public static func identity(ofFileAt path: String) throws(Errno) -> FileIdentity {
        var info = stat()
        _ = try retryingInterrupts { lstat(path, &info) }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Whether the file system holding `path` is mounted read-only (`statvfs(3)`'s `ST_RDONLY`);
    /// false when it cannot be told.
    public static func isOnReadOnlyFileSystem(_ path: String) -> Bool {
        var info = statvfs()
        guard (try? retryingInterrupts({ statvfs(path, &info) })) != nil else { return false }
        return info.f_flag & UInt(ST_RDONLY) != 0
    }

    /// Writes `contents` to a file at `path` (created with `permissions`, or truncated), never
    /// through a final symbolic link.
    public static func writeFile(_ path: String, contents: [UInt8], permissions: mode_t = 0o644) throws(Errno) {
        let file = try FileDescriptor.open(path, [.writeOnly, .create, .truncate, .noFollow], permissions: permissions)
        defer { try? file.close() }
        try file.writeAll(contents)
    }

    /// The target of a symbolic link (`/proc/self/exe` names the running program).
    public static func destination(ofLink path: String) throws(Errno) -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = try retryingInterrupts { readlink(path, &buffer, buffer.count - 1) }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension FileDescriptor {
    /// Reads until end of input; throws `EFBIG` past `maxBytes` (a FIFO or `/dev/zero` must
    /// not eat memory).
    public func readToEnd(maxBytes: Int) throws(Errno) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let result = chunk.withUnsafeMutableBytes { buffer -> Result<Int, Errno> in
                do throws(Errno) { return .success(try read(into: buffer)) } catch { return .failure(error) }
            }
            let count = try result.get()
            if count == 0 { return bytes }
            guard bytes.count + count <= maxBytes else { throw Errno(rawValue: EFBIG) }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// Sets the permission bits (`fchmod(2)`).
    public func setPermissions(_ permissions: mode_t) throws(Errno) {
        _ = try retryingInterrupts { fchmod(rawValue, permissions) }
    }
}

/// A file's device and inode: what stays the same while a file is renamed, and changes when a
/// path is made to name another file.
public struct FileIdentity: Hashable, Sendable {
    /// `st_dev`.
    public let device: UInt64
    /// `st_ino`.
    public let inode: UInt64
}
