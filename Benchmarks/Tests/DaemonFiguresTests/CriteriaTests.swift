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

    func testScaleCPUAboveTheTargetFails() throws {
        var results = ResultsText()
        for _ in 0..<3 {
            results.scale(instances: 1, seconds: 0.5, cpu: 1.0)
            results.scale(instances: 100_000, seconds: 0.7, cpu: 1.6)
        }
        let cpu = try criterion("scale-cpu", results)
        XCTAssertEqual(cpu.verdict, "FAIL")
        XCTAssertEqual(try XCTUnwrap(cpu.margin), Thresholds.scaleCPU / 1.6, accuracy: 1e-9)
        XCTAssertTrue(cpu.measured.hasPrefix("1.60×"), cpu.measured)
        XCTAssertTrue(cpu.target.contains("100,000 live signups ÷ 1"), cpu.target)
    }

    func testScaleCPUAtTheTargetPasses() throws {
        var results = ResultsText()
        results.scale(instances: 1, seconds: 0.5, cpu: 1.0)
        results.scale(instances: 100_000, seconds: 0.6, cpu: 1.5)
        XCTAssertEqual(try criterion("scale-cpu", results).verdict, "PASS")
    }

    func testTheScaleTextGivesTheMiddleHalfOfTheRatios() throws {
        // Per round 1.0, 1.1, 1.2 and 1.5× CPU: median 1.15×, middle half 1.05–1.35×.
        var results = ResultsText()
        for (one, many) in [(1.0, 1.0), (1.0, 1.1), (1.0, 1.2), (1.0, 1.5)] {
            results.scale(instances: 1, seconds: one, cpu: one)
            results.scale(instances: 100_000, seconds: many, cpu: many)
        }
        let cpu = try criterion("scale-cpu", results)
        XCTAssertTrue(cpu.measured.hasPrefix("1.15×"), cpu.measured)
        XCTAssertTrue(cpu.measured.contains("median of 4 per-round ratios, middle half 1.05–1.35×"), cpu.measured)
    }

    func testScaleIsComparedRoundByRound() throws {
        // The second round's machine was slow for both runs: per round 1.1× and 1.1×, while a
        // mismatched pairing (2.2 ÷ 1.0) would differ. Rows are in run order, one pair a round.
        var results = ResultsText()
        results.scale(instances: 1, seconds: 0.5, cpu: 1.0)
        results.scale(instances: 100_000, seconds: 0.55, cpu: 1.1)
        results.scale(instances: 1, seconds: 1.0, cpu: 2.0)
        results.scale(instances: 100_000, seconds: 1.1, cpu: 2.2)
        XCTAssertEqual(try XCTUnwrap(criterion("scale-cpu", results).margin), Thresholds.scaleCPU / 1.1, accuracy: 1e-9)
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

    func testThroughputIsAtLeastTheEchos() throws {
        var results = ResultsText()
        results.throughput("switchboard", seconds: 1.0)
        results.throughput("jansson-echo", seconds: 1.1)
        // 1.1× the echo's rate: at least 1.0× passes.
        let rate = try criterion("throughput-echo", results)
        XCTAssertEqual(rate.verdict, "PASS")
        XCTAssertEqual(try XCTUnwrap(rate.margin), 1.1, accuracy: 1e-9)
        var slower = ResultsText()
        slower.throughput("switchboard", seconds: 1.25)
        slower.throughput("jansson-echo", seconds: 1.0)
        XCTAssertEqual(try criterion("throughput-echo", slower).verdict, "FAIL")
    }

    func testStartUpAgainstTheEmptySwiftProgram() throws {
        var results = ResultsText()
        results.startup("switchboard", milliseconds: 1.9)
        results.startup("swift-floor", milliseconds: 1.5)
        // 1.9 ÷ 1.5 = 1.27 ≤ 1.3.
        XCTAssertEqual(try criterion("startup", results).verdict, "PASS")
        var slow = ResultsText()
        slow.startup("switchboard", milliseconds: 2.0)
        slow.startup("swift-floor", milliseconds: 1.5)
        XCTAssertEqual(try criterion("startup", slow).verdict, "FAIL")
    }

    func testPingPongP99AgainstTheEcho() throws {
        var results = ResultsText()
        results.pingpong("switchboard", p99Microseconds: 36)
        results.pingpong("jansson-echo", p99Microseconds: 30)
        XCTAssertEqual(try criterion("latency-p99", results).verdict, "PASS")
        var slow = ResultsText()
        slow.pingpong("switchboard", p99Microseconds: 37)
        slow.pingpong("jansson-echo", p99Microseconds: 30)
        XCTAssertEqual(try criterion("latency-p99", slow).verdict, "FAIL")
    }

    func testAFigureNotMeasuredIsMissingNotPassing() throws {
        let results = ResultsText()
        let startup = try criterion("startup", results)
        XCTAssertNil(startup.margin)
        XCTAssertEqual(startup.verdict, "MISSING")
        XCTAssertEqual(startup.measured, "missing")
        // Without scale rows there is no scale criterion at all, and the memory figure is missing.
        XCTAssertNil(criteria(Figures(rows: Rows(text: results.text))).first { $0.id == "scale-cpu" })
        XCTAssertEqual(try criterion("memory-rss", results).verdict, "MISSING")
    }

    func testScaleRowsOfAnotherLabelAreNotOurs() throws {
        var results = ResultsText()
        results.scale(instances: 1, seconds: 0.5, cpu: 1.0)
        results.scale(instances: 100_000, seconds: 0.55, cpu: 1.1)
        results.scale(instances: 1, seconds: 0.5, cpu: 1.0, label: "other")
        results.scale(instances: 100_000, seconds: 5, cpu: 10, label: "other")
        XCTAssertEqual(try criterion("scale-cpu", results).verdict, "PASS")
    }
}
