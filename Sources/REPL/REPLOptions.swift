import Host

/// How a REPL runs: its terminal, colour, clock and session settings.
public struct REPLOptions: Sendable {
    /// Where history is kept.
    public enum History: Sendable, Equatable {
        /// From the environment: see `HistoryStore.location(environment:)`.
        case automatic
        /// This file.
        case file(String)
        /// Nowhere.
        case off
    }

    /// `--color auto|always|never`.
    public var color: ColorChoice = .auto
    /// `--clock virtual`: time moves only with `.advance`.
    public var virtualClock = false
    /// Limits and settings of the session.
    public var session = SessionConfiguration()
    /// In plain mode, print the prompt anyway (for rlwrap and editor shells that want one).
    public var promptInPlainMode = false
    /// In plain mode, at the end of input, how long to let simulated services answer.
    public var exitGracePeriod: Double = 5
    /// The options a replay of a `.record`ed transcript needs to behave the same (limits and
    /// timeouts), written as its `$` line.
    public var replayArguments: [String] = []
    /// The environment (`NO_COLOR`, `TERM`, history locations).
    public var environment: [String: String] = [:]
    /// Where lines come from.
    public var input: Int32 = 0
    /// Where text goes.
    public var output: Int32 = 1
    /// Line editing on or off; nil turns it on when both `input` and `output` are terminals
    /// and `TERM` is not `dumb`.
    public var lineEditing: Bool?
    /// Whether Ctrl-C (SIGINT) and SIGCONT are caught; tests that run a REPL in-process turn
    /// it off, which also keeps libedit's own signal handlers out.
    public var catchesSignals = true
    /// Where history is kept.
    public var history: History = .automatic
    /// A line printed when the interactive REPL starts.
    public var banner: String?

    /// The defaults: stdin, stdout, colour when stdout is a terminal.
    public init() {}
}
