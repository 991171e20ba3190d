import Daemon
import Logging

/// swift-log's handler for the daemon: formats a line like `StreamLogHandler` and queues it in
/// the `LogSink`, which writes stderr from a thread of its own.
struct LogSinkHandler: LogHandler {
    let label: String
    let sink: LogSink
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    // swift-log's requirement (since 1.16; the older `log(level:message:…)` is deprecated). The
    // file, function and line are not shown.
    func log(event: LogEvent) {
        let merged = event.metadata.map { metadata.merging($0) { $1 } } ?? metadata
        let details = merged.isEmpty ? "" : " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        sink.write("\(label): \(event.level):\(details) \(event.message)")
    }
}
