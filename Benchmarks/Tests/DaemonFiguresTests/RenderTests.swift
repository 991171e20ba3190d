@testable import DaemonFigures
import XCTest

final class RenderTests: XCTestCase {
    func testTheTargetsTableShowsEachVerdictAndTheCount() {
        var results = ResultsText()
        results.scale(instances: 1, seconds: 0.5, cpu: 0.9)
        results.scale(instances: 100_000, seconds: 0.7, cpu: 1.17)
        let section = render(Figures(rows: Rows(text: results.text)), machine: "", profile: "", analysis: "")
        let wallRow = section.split(separator: "\n").first { $0.contains("wall µs/request") && $0.hasPrefix("| per-request cost") }
        XCTAssertNotNil(wallRow, section)
        XCTAssertTrue(wallRow?.hasSuffix("| **FAIL** |") ?? false, String(wallRow ?? ""))
        // Every criterion that was computed appears once in the table.
        let list = criteria(Figures(rows: Rows(text: results.text)))
        for criterion in list {
            XCTAssertTrue(section.contains("| \(criterion.target) | \(criterion.metric) |"), criterion.id)
        }
        let passing = list.filter { $0.verdict == "PASS" }.count
        XCTAssertTrue(section.contains("\(passing) of \(list.count) daemon criteria pass."), section)
        // Of the margins computed, the wall ratio's (1.2 ÷ 1.4 = 0.86) is the smallest (the
        // CPU ratio's is 1.2 ÷ 1.3 = 0.92), so the wall target is named.
        XCTAssertTrue(section.contains("Furthest from its target: *per-request cost, 100,000 instances ÷ 1* (wall µs/request), at 0.86 of what it requires."), section)
    }

    /// The scale section says over how many pairs the targets' medians were taken: rounds
    /// cut short count only the pairs both ends have.
    func testTheScaleSectionCountsThePairs() {
        var results = ResultsText()
        for _ in 0..<3 { results.scale(instances: 1, seconds: 0.5, cpu: 0.9) }
        for _ in 0..<2 { results.scale(instances: 100_000, seconds: 0.7, cpu: 1.17) }
        let section = render(Figures(rows: Rows(text: results.text)), machine: "", profile: "", analysis: "")
        XCTAssertTrue(section.contains("The two ends, one instance and 100,000, ran in 2 pairs"), section)
    }

    /// The cache lines' note says how the runs were made: pinned to a core each (the figure is
    /// then steady), or not (it moves with the batching), as the results record.
    func testTheCacheLinesNoteFollowsWhetherTheRunsWerePinned() {
        func section(pinned: String?) -> String {
            var results = ResultsText()
            results.scale(instances: 1, seconds: 0.5, cpu: 0.9)
            results.scale(instances: 100_000, seconds: 0.7, cpu: 1.17)
            results.raw("meta\tlines_instances\t20000")
            if let pinned { results.raw("meta\tlines_pinned\t\(pinned)") }
            results.raw("lines\tswitchboard\t1\t0.23\t16.4\t27898")
            results.raw("lines\tswitchboard\t20000\t28.6\t41.6\t28909")
            return render(Figures(rows: Rows(text: results.text)), machine: "", profile: "", analysis: "")
        }
        let pinned = section(pinned: "yes")
        XCTAssertTrue(pinned.contains("| 20,000 | 28.6 |"), pinned)
        XCTAssertTrue(pinned.contains("Each run has one core of its own"), pinned)
        XCTAssertFalse(pinned.contains("by a few lines from run to run"), pinned)
        for older in [section(pinned: nil), section(pinned: "no")] {
            XCTAssertTrue(older.contains("by a few lines from run to run"), older)
            XCTAssertFalse(older.contains("Each run has one core of its own"), older)
        }
    }

    func testRowsCutShortDoNotStopTheReport() {
        // A throughput row with only its label, a scale row with too few fields: figures are
        // missing, the section is still written.
        let section = render(Figures(rows: Rows(text: "throughput\tswitchboard\nscale\tswitchboard\t1\n")), machine: "", profile: "", analysis: "")
        XCTAssertTrue(section.contains("### Daemon targets"), section)
        XCTAssertTrue(section.contains("**MISSING**"), section)
    }
}
