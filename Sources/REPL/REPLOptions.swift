import Host

/// How a REPL runs: its terminal, colour, clock and session settings.
public struct REPLOptions: Sendable {
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
    /// The environment (`NO_COLOR`, `TERM`, history locations).
    public var environment: [String: String] = [:]
    /// Where lines come from.
    public var input: Int32 = 0
    /// Where text goes.
    public var output: Int32 = 1
    /// Line editing on or off; nil decides by whether `input` is a terminal.
    public var lineEditing: Bool?
    /// Whether Ctrl-C (SIGINT) is caught; tests that run a REPL in-process turn it off.
    public var catchesInterrupts = true
    /// The history file; by default from `SWITCHBOARD_HISTFILE`, `XDG_STATE_HOME` or `HOME`
    /// (see `HistoryStore.location`). `.some(nil)` turns history off.
    public var historyPath: String??
    /// A line printed when the interactive REPL starts.
    public var banner: String?

    /// The defaults: stdin, stdout, colour when stdout is a terminal.
    public init() {}
}
