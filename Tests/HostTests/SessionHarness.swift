import Host
import JSON
import Signals
import XCTest

/// Drives a session on a virtual clock and returns what it sends, as wire text.
final class SessionHarness {
    let clock = TestScheduler()
    private(set) var session: Session!
    private var sent: [String] = []
    private(set) var diagnostics: [String] = []

    init(registry: Registry, configuration: SessionConfiguration = SessionConfiguration()) {
        session = Session(
            registry: registry,
            configuration: configuration,
            clock: clock,
            diagnose: { [unowned self] in diagnostics.append($0) },
            sink: { [unowned self] in sent.append($0.json.serializedString()) }
        )
    }

    /// Sends one line and returns every line the session wrote in response.
    @discardableResult
    func send(_ line: String) -> [String] {
        session.handle(frame: Array(line.utf8))
        return drain()
    }

    /// Lines written since the last call (by timers, replies…).
    func drain() -> [String] {
        defer { sent = [] }
        return sent
    }

    /// Advances the virtual clock and returns what that caused.
    func advance(ms: Int) -> [String] {
        clock.advance(by: .milliseconds(ms))
        return drain()
    }
}

/// Asserts the exact lines, with a readable diff on failure.
func assertLines(_ actual: [String], _ expected: [String], file: StaticString = #filePath, line: UInt = #line) {
    guard actual != expected else { return }
    var report = "lines differ:\n"
    for index in 0..<max(actual.count, expected.count) {
        let a = index < actual.count ? actual[index] : "<none>"
        let e = index < expected.count ? expected[index] : "<none>"
        report += a == e ? "  = \(a)\n" : "  - expected \(e)\n  + actual   \(a)\n"
    }
    XCTFail(report, file: file, line: line)
}
