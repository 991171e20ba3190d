// File access shared by the two report renderers: each reads its results and texts whole and
// writes one section.
#if canImport(Glibc)
import Glibc
#endif

/// A file that could not be read or written.
public struct FileError: Error, CustomStringConvertible {
    /// What went wrong, with the path.
    public let description: String
}

/// The whole file at `path`, decoded as UTF-8.
public func readText(_ path: String) throws(FileError) -> String {
    guard let file = fopen(path, "rb") else { throw FileError(description: "cannot open \(path)") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let read = fread(&chunk, 1, chunk.count, file)
        if read <= 0 { break }
        bytes.append(contentsOf: chunk[0..<read])
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// Writes `text` to the file at `path`, replacing it.
public func writeText(_ text: String, to path: String) throws(FileError) {
    guard let file = fopen(path, "wb") else { throw FileError(description: "cannot write \(path)") }
    defer { fclose(file) }
    let bytes = Array(text.utf8)
    guard fwrite(bytes, 1, bytes.count, file) == bytes.count else {
        throw FileError(description: "short write to \(path)")
    }
}
