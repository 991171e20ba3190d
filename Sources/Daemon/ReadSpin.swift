/// Whether the reader spins before the read that follows a lone request's answer (see
/// ``ServerLimits/spinMicroseconds``), adapted to the client.
///
/// A client that waits for each answer sends its next request within microseconds, and a
/// spin that catches it spares the daemon's thread a sleep and a wake-up. A client whose
/// requests come further apart (an editor, a person, a script on a timer) gets nothing from
/// spinning and would pay the whole spin for each request. So after ``missesBeforeOff`` spins
/// in a row that found nothing, spinning stops, and only one lone request in
/// ``probeInterval`` spins, to notice a client that has become quick; a spin that finds input
/// turns spinning on again. A single miss changes nothing: a quick client's next request is
/// sometimes late (its own thread woken late), and halving or stopping the spin on it
/// measurably raised the ping-pong p99 (issue 18, twentieth session).
struct ReadSpin {
    /// The spin, in nanoseconds (0: never spin).
    let length: Int
    /// Spins in a row that found nothing (at most `missesBeforeOff`).
    private(set) var misses = 0
    /// Lone requests since the last probe, while spinning is off.
    private var sinceProbe = 0

    /// Spins in a row that find nothing before spinning stops.
    static let missesBeforeOff = 4
    /// While spinning is off, one lone request in this many spins anyway.
    static let probeInterval = 16

    /// A spin of `nanoseconds` (none if 0 or less).
    init(length nanoseconds: Int) {
        length = max(0, nanoseconds)
    }

    /// The spin `limits` ask for (``ServerLimits/spinMicroseconds``), or none with a single
    /// processor to run on, where it would only keep the client from sending.
    init(_ limits: ServerLimits, processors: Int) {
        self.init(length: processors > 1 ? limits.spinMicroseconds * 1_000 : 0)
    }

    /// Whether spinning is on (it is off after ``missesBeforeOff`` misses in a row).
    var isOn: Bool { misses < Self.missesBeforeOff }

    /// The spin for the read after a lone request's answer, in nanoseconds.
    mutating func next() -> Int {
        if isOn { return length }
        sinceProbe += 1
        guard sinceProbe >= Self.probeInterval else { return 0 }
        sinceProbe = 0
        return length
    }

    /// Records whether a spin of ``next()``'s length found input within it.
    mutating func record(found: Bool) {
        if found {
            misses = 0
            sinceProbe = 0
        } else {
            misses = min(misses + 1, Self.missesBeforeOff)
        }
    }
}
