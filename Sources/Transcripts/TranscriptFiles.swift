import SystemIO

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
        let names: [String]
        do {
            guard try FileSystem.kind(ofFileAt: path) == .directory else { return [path] }
            names = try FileSystem.contentsOfDirectory(path)
        } catch {
            throw Failure(description: "\(path): \(error)")
        }
        var found: [String] = []
        for name in names.sorted() {
            let child = path.hasSuffix("/") ? path + name : path + "/" + name
            guard let kind = try? FileSystem.kind(ofFileAt: child) else { continue }
            if kind == .directory {
                found += try files(at: child)
            } else if name.hasSuffix(".transcript") || name.hasSuffix(".md") {
                found.append(child)
            }
        }
        return found
    }

    /// The largest transcript read (a FIFO or a device named by mistake must not eat memory).
    static let maxFileBytes = 64 * 1024 * 1024

    private static func read(_ path: String) throws -> String {
        do {
            let file = try FileDescriptor.open(path)
            defer { try? file.close() }
            return String(decoding: try file.readToEnd(maxBytes: maxFileBytes), as: UTF8.self)
        } catch {
            throw Failure(description: "\(path): \(error)")
        }
    }
}

extension TranscriptFiles {
    /// Writes back the expected lines of every transcript from its replay (`--update`) and
    /// returns what changed, file by file (files with no change are not written).
    @discardableResult
    public static func rewrite(results: [ReplayResult]) throws -> [(file: String, changes: [TranscriptUpdater.Change])] {
        var report: [(file: String, changes: [TranscriptUpdater.Change])] = []
        var byFile: [String: [(index: Int, actual: [[String]])]] = [:]
        for result in results {
            let parts = result.name.split(separator: "#", maxSplits: 1)
            let file = String(parts[0])
            let index = parts.count == 2 ? (Int(parts[1]) ?? 1) - 1 : 0
            byFile[file, default: []].append((index, result.actualLines))
        }
        for (file, entries) in byFile.sorted(by: { $0.key < $1.key }) {
            let text = try read(file)
            var actual: [[[String]]] = Array(repeating: [], count: (entries.map(\.index).max() ?? 0) + 1)
            for entry in entries { actual[entry.index] = entry.actual }
            let (updated, changes) = TranscriptUpdater.updateWithChanges(text, markdown: file.hasSuffix(".md"), actual: actual)
            guard !changes.isEmpty else { continue }
            report.append((file, changes))
            do {
                let handle = try FileDescriptor.open(file, [.writeOnly, .truncate])
                defer { try? handle.close() }
                try handle.writeAll(Array(updated.utf8))
            } catch {
                throw Failure(description: "\(file): \(error)")
            }
        }
        return report
    }
}
