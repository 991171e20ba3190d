@testable import DaemonFigures
import XCTest

/// The verdicts of BENCHMARKS.md's daemon section: each target's figure, its direction and its
/// threshold, from rows as run-daemon.sh writes them.
final class CriteriaTests: XCTestCase {
    private func criterion(_ id: String, _ results: ResultsText) throws -> Criterion {
        try XCTUnwrap(criteria(Figures(rows: Rows(text: results.text))).first { $0.id == id }, "no criterion \(id)")
    }

    func testPairedRatioIsTheMedianOfPerRoundRatios() {
        // Per round 2, 4 and 1: median 2. The ratio of the medians would be 8 ÷ 2 = 4.
        XCTAssertEqual(pairedRatio([2, 8, 9], [1, 2, 9]), 2)
        // A round without a positive reference is left out, not divided by zero.
        XCTAssertEqual(pairedRatio([2, 5], [1, 0]), 2)
        XCTAssertNil(pairedRatio([], []))
    }

    func testScaleAboveTheTargetFails() throws {
        var results = ResultsText()
        for _ in 0..<3 {
            results.scale(instances: 1, seconds: 0.5, cpu: 0.9)
            results.scale(instances: 100_000, seconds: 0.7, cpu: 1.17)
        }
        let wall = try criterion("scale-wall", results)
        XCTAssertEqual(wall.verdict, "FAIL")
        XCTAssertEqual(try XCTUnwrap(wall.margin), 1.2 / 1.4, accuracy: 1e-9)
        XCTAssertTrue(wall.measured.hasPrefix("1.40×"), wall.measured)
        XCTAssertTrue(wall.target.contains("100,000 instances ÷ 1"), wall.target)
        let cpu = try criterion("scale-cpu", results)
        XCTAssertEqual(cpu.verdict, "FAIL")
        XCTAssertEqual(try XCTUnwrap(cpu.margin), 1.2 / 1.3, accuracy: 1e-9)
    }

    func testTheTextCountsTheRatiosTheMedianTook() throws {
        // Three rounds at one instance, two at 100,000 (a round cut short): two ratios.
        var results = ResultsText()
        for _ in 0..<3 { results.scale(instances: 1, seconds: 0.5, cpu: 1.0) }
        for _ in 0..<2 { results.scale(instances: 100_000, seconds: 0.55, cpu: 1.1) }
        let wall = try criterion("scale-wall", results)
        XCTAssertTrue(wall.measured.contains("median of 2 per-round ratios"), wall.measured)
    }

    func testTheScaleTextGivesTheMiddleHalfOfTheRatios() throws {
        // Per round 1.0, 1.1, 1.2 and 1.5× wall: median 1.15×, middle half 1.05–1.35×.
        var results = ResultsText()
        for (one, many) in [(1.0, 1.0), (1.0, 1.1), (1.0, 1.2), (1.0, 1.5)] {
            results.scale(instances: 1, seconds: one, cpu: one)
            results.scale(instances: 100_000, seconds: many, cpu: many)
        }
        let wall = try criterion("scale-wall", results)
        XCTAssertTrue(wall.measured.hasPrefix("1.15×"), wall.measured)
        XCTAssertTrue(wall.measured.contains("median of 4 per-round ratios, middle half 1.05–1.35×"), wall.measured)
        XCTAssertTrue(try criterion("scale-cpu", results).measured.contains("middle half 1.05–1.35×"))
    }

    func testScaleAtTheTargetPasses() throws {
        var results = ResultsText()
        results.scale(instances: 1, seconds: 0.5, cpu: 1.0)
        results.scale(instances: 100_000, seconds: 0.6, cpu: 1.19)
        XCTAssertEqual(try criterion("scale-wall", results).verdict, "PASS")
        XCTAssertEqual(try criterion("scale-cpu", results).verdict, "PASS")
    }

    func testScaleIsComparedRoundByRound() throws {
        // The second round's machine was slow for both runs: per round 1.1× and 1.1×, while
        // the medians' ratio (0.55 ÷ 0.5 = 1.1 here too) and a mismatched pairing
        // (1.1 ÷ 0.5 = 2.2) would differ. Rows are in run order, one pair per round.
        var results = ResultsText()
        results.scale(instances: 1, seconds: 0.5, cpu: 1.0)
        results.scale(instances: 100_000, seconds: 0.55, cpu: 1.1)
        results.scale(instances: 1, seconds: 1.0, cpu: 2.0)
        results.scale(instances: 100_000, seconds: 1.1, cpu: 2.2)
        let wall = try criterion("scale-wall", results)
        XCTAssertEqual(try XCTUnwrap(wall.margin), 1.2 / 1.1, accuracy: 1e-9)
    }

    func testMemoryPerInstanceFromTheRSSGrowth() throws {
        // 100,001 instances, 390,625 kB more than with one: 390,625 × 1,024 ÷ 100,000 = 4,000 B.
        var atLimit = ResultsText()
        atLimit.scale(instances: 1, seconds: 0.5, cpu: 1)
        atLimit.scale(instances: 100_001, seconds: 0.5, cpu: 1, rssOne: 10_000, rssPrimed: 400_625)
        let passing = try criterion("memory-rss", atLimit)
        XCTAssertEqual(passing.verdict, "PASS")
        XCTAssertEqual(try XCTUnwrap(passing.margin), 1, accuracy: 1e-9)

        var over = ResultsText()
        over.scale(instances: 1, seconds: 0.5, cpu: 1)
        over.scale(instances: 100_001, seconds: 0.5, cpu: 1, rssOne: 10_000, rssPrimed: 400_626)
        XCTAssertEqual(try criterion("memory-rss", over).verdict, "FAIL")
    }

    func testMallocPerInstanceIsInBytes() throws {
        var results = ResultsText()
        results.scale(instances: 1, seconds: 0.5, cpu: 1)
        results.scale(instances: 1_001, seconds: 0.5, cpu: 1, mallocOne: 1_000_000, mallocPrimed: 4_865_000)
        let heap = try criterion("memory-malloc", results)
        XCTAssertEqual(heap.verdict, "PASS")
        XCTAssertTrue(heap.measured.hasPrefix("3,865 B"), heap.measured)
    }

    func testThroughputIsAtLeastAndInstructionsAtMost() throws {
        var results = ResultsText()
        results.throughput("switchboard", seconds: 1.0)
        results.throughput("jansson-echo", seconds: 1.1)
        results.instructions("throughput", "switchboard", 26_000)
        results.instructions("throughput", "jansson-echo", 20_000)
        // 1.1× the echo's rate: at least 1.0× passes.
        let rate = try criterion("throughput-echo", results)
        XCTAssertEqual(rate.verdict, "PASS")
        XCTAssertEqual(try XCTUnwrap(rate.margin), 1.1, accuracy: 1e-9)
        // 1.3× the echo's instructions: at most 1.2× fails.
        let instructions = try criterion("throughput-echo-instr", results)
        XCTAssertEqual(instructions.verdict, "FAIL")
        XCTAssertEqual(try XCTUnwrap(instructions.margin), 1.2 / 1.3, accuracy: 1e-9)
    }

    func testStartUpAgainstTheEchoAndTheFloor() throws {
        var results = ResultsText()
        results.startup("switchboard", milliseconds: 2.7)
        results.startup("jansson-echo", milliseconds: 1.0)
        results.startup("swift-floor", milliseconds: 1.5)
        XCTAssertEqual(try criterion("startup", results).verdict, "PASS")
        // 2.7 ÷ 1.5 = 1.8 > 1.5.
        XCTAssertEqual(try criterion("startup-floor", results).verdict, "FAIL")
    }

    func testAFigureNotMeasuredIsMissingNotPassing() throws {
        let results = ResultsText()
        let startup = try criterion("startup", results)
        XCTAssertNil(startup.margin)
        XCTAssertEqual(startup.verdict, "MISSING")
        XCTAssertEqual(startup.measured, "missing")
        // Without scale rows there are no scale criteria at all, and the memory figure is missing.
        XCTAssertNil(criteria(Figures(rows: Rows(text: results.text))).first { $0.id == "scale-wall" })
        XCTAssertEqual(try criterion("memory-rss", results).verdict, "MISSING")
    }

    func testScaleRowsOfAnotherLabelAreNotOurs() throws {
        var results = ResultsText()
        results.scale(instances: 1, seconds: 0.5, cpu: 1.0)
        results.scale(instances: 100_000, seconds: 0.55, cpu: 1.1)
        results.scale(instances: 1, seconds: 0.5, cpu: 1.0, label: "other")
        results.scale(instances: 100_000, seconds: 5, cpu: 10, label: "other")
        XCTAssertEqual(try criterion("scale-wall", results).verdict, "PASS")
    }
}
