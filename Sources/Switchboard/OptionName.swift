import ArgumentParser

/// The long names of the daemon's options, and of the session's that the REPL shares, declared
/// once: the argument parser's declarations (`Serve`, `DaemonArguments`, `ServerOptions`,
/// `SessionOptions`) and a recording's replay options (`ServerSettings.replayArguments`) spell
/// them from here.
enum OptionName: String, CaseIterable {
    case face
    case framing
    case maxLineBytes = "max-line-bytes"
    case maxOutputBuffer = "max-output-buffer"
    case logLevel = "log-level"
    case clock
    case maxInstances = "max-instances"
    case maxBatch = "max-batch"
    case maxPendingCalls = "max-pending-calls"
    case clientTimeout = "client-timeout"
    case exitGrace = "exit-grace"
    case dataFile = "data-file"
    case database
    case record

    /// As written on a command line.
    var flag: String { "--" + rawValue }
}

extension NameSpecification {
    /// The parser's name for `option` (its long form, `--` and the name).
    static func long(_ option: OptionName) -> NameSpecification { .customLong(option.rawValue) }
}
