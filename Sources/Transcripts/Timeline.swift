import JSON

/// A run of a transcript as a marble diagram's model: one lane per instance output
/// (`signup.submitButtonEnabled`, in the order they first sent), one lane for the inputs, each
/// event at its virtual time, and every output linked to the input that caused it.
///
/// Times come from the virtual clock: the clock is where the last `advance` answered it to be
/// (`{"now": …}`). An output a request caused happens at the clock's time when the request was
/// sent; one a timer ran during an `advance` is placed at the time that advance reached (the
/// daemon does not say when within it the timer fell due).
public struct Timeline: Equatable, Sendable {
    /// One thing that happened.
    public struct Event: Equatable, Sendable {
        /// What it was.
        public enum Kind: Equatable, Sendable {
            /// A line sent to the daemon: a request or notification (`method`), or the
            /// client's answer to a delegated call (`method` nil).
            case input(method: String?)
            /// A value of an output, on lane `lane`.
            case output(lane: Int, value: JSONValue)
        }
        /// The order it happened in, from 0.
        public let order: Int
        /// Virtual milliseconds since the daemon started.
        public let time: Int64
        /// The transcript step (0-based) it belongs to.
        public let step: Int
        /// What it was.
        public let kind: Kind
        /// For an output: the `order` of the input that caused it.
        public let cause: Int?
        /// For an output: its `seq`.
        public let seq: Int64?
        /// For an output: it happened but the transcript does not list it (a failure, or
        /// accepted by a non-exhaustive transcript).
        public let unexpected: Bool
        /// The line as sent or received.
        public let line: String
    }

    /// `instance.output` for each output lane, in the order the outputs first sent.
    public let lanes: [String]
    /// Everything, in order.
    public let events: [Event]
    /// The virtual time at the end.
    public let endTime: Int64
    /// Whether the virtual clock moved at all (otherwise only the order of events counts).
    public var clockMoved: Bool { endTime > 0 }

    /// The timeline of a run: the lines sent (`sent[i]`) and what came back after each
    /// (`received[i]`); `unexpected` holds the received lines the transcript did not list.
    public init(sent: [String], received: [[String]], unexpected: Set<String> = []) {
        var lanes: [String] = []
        var laneIndex: [String: Int] = [:]
        var events: [Event] = []
        var clock: Int64 = 0
        /// The order of each input sent with an id (the latest with an id is the one a cause names).
        var inputsByID: [(id: JSONValue, order: Int)] = []
        for (step, line) in sent.enumerated() {
            let message = try? JSONValue.parse(line)
            let inputOrder = events.count
            events.append(Event(order: inputOrder, time: clock, step: step, kind: .input(method: message?["method"]?.stringValue), cause: nil, seq: nil, unexpected: false, line: line))
            let requestID = message?["id"]
            if let requestID { inputsByID.append((requestID, inputOrder)) }
            let answers = (step < received.count ? received[step] : []).map { line in (line: line, value: try? JSONValue.parse(line)) }
            // Where this step leaves the clock: an advance answers {"now": …}.
            var reached = clock
            for answer in answers where requestID != nil && answer.value?["id"] == requestID {
                if let now = answer.value?["result"]?["now"]?.int64Value { reached = Swift.max(clock, now) }
            }
            for answer in answers {
                guard let value = answer.value, value["method"]?.stringValue == "output", let params = value["params"] else { continue }
                let name = "\(params["vm"]?.stringValue ?? "?").\(params["output"]?.stringValue ?? "?")"
                let lane: Int
                if let known = laneIndex[name] {
                    lane = known
                } else {
                    lane = lanes.count
                    laneIndex[name] = lane
                    lanes.append(name)
                }
                let cause = params["cause"]
                let byTimer = cause?["kind"]?.stringValue == "timer"
                // A request caused it: that request's input if it names one sent earlier (by
                // id), else this step's input (which ran the timer, or answered the call).
                var causeOrder = inputOrder
                if cause?["kind"]?.stringValue == "request", let id = cause?["id"],
                   let earlier = inputsByID.last(where: { $0.id == id }) {
                    causeOrder = earlier.order
                }
                events.append(Event(
                    order: events.count, time: byTimer ? reached : clock, step: step, kind: .output(lane: lane, value: params["value"] ?? .null),
                    cause: causeOrder, seq: params["seq"]?.int64Value, unexpected: unexpected.contains(answer.line), line: answer.line
                ))
            }
            clock = reached
        }
        self.lanes = lanes
        self.events = events
        self.endTime = clock
    }
}
