#if canImport(Glibc)
import Glibc
#endif

/// Finds and reads transcripts on disk.
public enum TranscriptFiles {
    /// Why files could not be loaded.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, with the path.
        public let description: String
    }

    /// Every transcript in `paths`: `.transcript` files as they are, Markdown files for their
    /// ```transcript blocks; folders are searched recursively in name order.
    public static func load(_ paths: [String]) throws -> [Transcript] {
        var result: [Transcript] = []
        for path in paths {
            for file in try files(at: path) {
                let text = try read(file)
                if file.hasSuffix(".md") {
                    result += try TranscriptParser.transcripts(inMarkdown: text, name: file)
                } else {
                    result.append(try TranscriptParser.parse(text, name: file))
                }
            }
        }
        return result
    }

    private static func files(at path: String) throws -> [String] {
        var info = stat()
        guard stat(path, &info) == 0 else { throw Failure(description: "\(path): \(String(cString: strerror(errno)))") }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { return [path] }
        guard let directory = opendir(path) else { throw Failure(description: "\(path): \(String(cString: strerror(errno)))") }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { names.append(name) }
        }
        var found: [String] = []
        for name in names.sorted() {
            let child = path.hasSuffix("/") ? path + name : path + "/" + name
            var childInfo = stat()
            guard stat(child, &childInfo) == 0 else { continue }
            if (childInfo.st_mode & S_IFMT) == S_IFDIR {
                found += try files(at: child)
            } else if name.hasSuffix(".transcript") || name.hasSuffix(".md") {
                found.append(child)
            }
        }
        return found
    }

    private static func read(_ path: String) throws -> String {
        guard let file = fopen(path, "rb") else { throw Failure(description: "\(path): \(String(cString: strerror(errno)))") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension TranscriptFiles {
    /// Writes back the expected lines of every transcript from its replay (`--update`).
    public static func rewrite(results: [ReplayResult]) throws {
        var byFile: [String: [(index: Int, actual: [[String]])]] = [:]
        for result in results {
            let parts = result.name.split(separator: "#", maxSplits: 1)
            let file = String(parts[0])
            let index = parts.count == 2 ? (Int(parts[1]) ?? 1) - 1 : 0
            byFile[file, default: []].append((index, result.actualLines))
        }
        for (file, entries) in byFile {
            let text = try read(file)
            var actual: [[[String]]] = Array(repeating: [], count: (entries.map(\.index).max() ?? 0) + 1)
            for entry in entries { actual[entry.index] = entry.actual }
            let updated = TranscriptUpdater.update(text, markdown: file.hasSuffix(".md"), actual: actual)
            guard let handle = fopen(file, "wb") else { throw Failure(description: "\(file): \(String(cString: strerror(errno)))") }
            defer { fclose(handle) }
            let bytes = Array(updated.utf8)
            guard fwrite(bytes, 1, bytes.count, handle) == bytes.count else { throw Failure(description: "\(file): write failed") }
        }
    }
}
