// File access for DaemonReport: the figures library reads and writes no files itself.
#if canImport(Glibc)
import Glibc
#endif

/// The file's text, or nil if it cannot be opened.
func readText(_ path: String) -> String? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count <= 0 { break }
        bytes.append(contentsOf: chunk[0..<count])
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// Writes `text` to `path`, or exits with a message.
func writeText(_ text: String, to path: String) {
    guard let file = fopen(path, "wb") else { fail("cannot write \(path)") }
    defer { fclose(file) }
    let bytes = Array(text.utf8)
    guard fwrite(bytes, 1, bytes.count, file) == bytes.count else { fail("short write to \(path)") }
}

/// Exits with status 2 after `message` on stderr.
func fail(_ message: String) -> Never {
    var text = "DaemonReport: \(message)\n"
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    exit(2)
}

