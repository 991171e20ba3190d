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
