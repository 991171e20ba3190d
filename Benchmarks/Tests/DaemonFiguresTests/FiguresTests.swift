@testable import DaemonFigures
import XCTest

final class FiguresTests: XCTestCase {
    private func figures(_ results: ResultsText) -> Figures { Figures(rows: Rows(text: results.text)) }

    func testScaleFiguresAreMicrosecondsARequestPerRound() {
        var results = ResultsText()
        results.scale(instances: 1, requests: 400_000, seconds: 0.5, cpu: 0.9, threads: (0.48, 0.42))
        results.scale(instances: 1, requests: 400_000, seconds: 0.6, cpu: 1.0, threads: (0.5, 0.5))
        let f = figures(results)
        XCTAssertEqual(f.scaleMicroseconds(instances: 1), [1.25, 1.5])
        XCTAssertEqual(f.scaleCPUMicrosecondsPerRound(instances: 1), [2.25, 2.5])
        XCTAssertEqual(f.scaleMicroseconds(instances: 100_000), [])
    }

    func testPerInstanceIsTheGrowthOverTheOtherInstances() throws {
        // 1,001 instances, 4,000 kB more than with one: 4,000 × 1,024 ÷ 1,000 = 4,096 B.
        var results = ResultsText()
        results.scale(instances: 1, seconds: 0.5, cpu: 1)
        results.scale(instances: 1_001, seconds: 0.5, cpu: 1, rssOne: 10_000, rssPrimed: 14_000)
        XCTAssertEqual(try XCTUnwrap(figures(results).perInstance(7, baseline: 5, kilobytes: true)), 4_096, accuracy: 1e-9)
    }
}
