@testable import DaemonFigures
import XCTest

final class RenderTests: XCTestCase {
    func testTheTargetsTableShowsEachVerdictAndTheCount() {
        var results = ResultsText()
        results.scale(instances: 1, seconds: 0.5, cpu: 1.0)
        results.scale(instances: 100_000, seconds: 0.7, cpu: 1.6)
        let section = render(Figures(rows: Rows(text: results.text)), machine: "")
        let cpuRow = section.split(separator: "\n").first { $0.hasPrefix("| CPU a request") }
        XCTAssertNotNil(cpuRow, section)
        XCTAssertTrue(cpuRow?.hasSuffix("| **FAIL** |") ?? false, String(cpuRow ?? ""))
        // Every criterion that was computed appears once in the table.
        let list = criteria(Figures(rows: Rows(text: results.text)))
        for criterion in list {
            XCTAssertTrue(section.contains("| \(criterion.target) | \(criterion.metric) |"), criterion.id)
        }
        let passing = list.filter { $0.verdict == "PASS" }.count
        XCTAssertTrue(section.contains("\(passing) of \(list.count) daemon criteria pass."), section)
        XCTAssertTrue(section.contains("Furthest from its target: *CPU a request, 100,000 live signups ÷ 1* (server CPU µs/request), at 0.94 of what it requires."), section)
    }

    /// The scale section says over how many pairs the target's median was taken: rounds cut
    /// short count only the pairs both ends have.
    func testTheScaleSectionCountsThePairs() {
        var results = ResultsText()
        for _ in 0..<3 { results.scale(instances: 1, seconds: 0.5, cpu: 0.9) }
        for _ in 0..<2 { results.scale(instances: 100_000, seconds: 0.7, cpu: 1.17) }
        let section = render(Figures(rows: Rows(text: results.text)), machine: "")
        XCTAssertTrue(section.contains("The two ends ran in 2 pairs"), section)
    }

    /// A failing row with a known cause says it under the table; a passing one says nothing.
    func testAFailingRowSaysWhy() {
        var slow = ResultsText()
        slow.startup("switchboard", milliseconds: 5)
        slow.startup("swift-floor", milliseconds: 2)
        XCTAssertTrue(render(Figures(rows: Rows(text: slow.text)), machine: "").contains("fails: the loader relocates"))
        var fast = ResultsText()
        fast.startup("switchboard", milliseconds: 2)
        fast.startup("swift-floor", milliseconds: 2)
        XCTAssertFalse(render(Figures(rows: Rows(text: fast.text)), machine: "").contains("fails: the loader relocates"))
    }

    func testRowsCutShortDoNotStopTheReport() {
        // A throughput row with only its label, a scale row with too few fields: figures are
        // missing, the section is still written.
        let section = render(Figures(rows: Rows(text: "throughput\tswitchboard\nscale\tswitchboard\t1\n")), machine: "")
        XCTAssertTrue(section.contains("### Daemon targets"), section)
        XCTAssertTrue(section.contains("**MISSING**"), section)
    }
}
