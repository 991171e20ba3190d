/// The lines of the wire benchmarks. `c/jansson_line.c` has the same two lines; `run.sh`
/// checks that both programs serialize them to the same bytes.
enum WireLines {
    /// A request as a client sends it to the daemon.
    static let request = #"{"jsonrpc":"2.0","id":123,"method":"signup.nameChanged","params":["Lisa"]}"#

    /// An output notification as the daemon sends it (README's tour).
    static let notification = #"{"jsonrpc":"2.0","method":"output","params":{"vm":"signup","output":"submitButtonEnabled","value":false,"seq":1,"cause":{"kind":"request","id":1,"method":"signup.viewDidLoad"}}}"#

    static let all: [(id: String, text: String)] = [("request", request), ("notification", notification)]
}
