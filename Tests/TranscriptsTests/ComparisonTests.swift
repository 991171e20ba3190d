import XCTest
@testable import Transcripts

final class ComparisonTests: XCTestCase {
    private let transcript = Transcript(name: "t", ignoredOutputs: ["vm.noisy"])

    private func output(_ name: String, _ value: String, seq: Int) -> String {
        #"{"jsonrpc":"2.0","method":"output","params":{"vm":"vm","output":"\#(name)","value":\#(value),"seq":\#(seq),"cause":{"kind":"timer"}}}"#
    }

    private func diff(_ expected: [String], _ actual: [String]) -> [DiffLine] {
        Comparison.diff(
            expected: Comparison.normalized(expected, transcript: transcript),
            actual: Comparison.normalized(actual, transcript: transcript)
        )
    }

    func testEqualAsJSON_IgnoringKeyOrderSpacingAndSeq() {
        let lines = diff([output("a", "1", seq: 5)], [#"{ "method":"output","jsonrpc":"2.0","params":{"seq":9,"value":1,"vm":"vm","output":"a","cause":{"kind":"timer"}}}"#])
        XCTAssertTrue(Comparison.passes(lines), "\(lines)")
    }

    func testMissingUnexpectedChangedAndOutOfOrder() {
        let a = output("a", "1", seq: 1), b = output("b", "2", seq: 2), c = output("c", "3", seq: 3)
        XCTAssertEqual(diff([a, b], [a]), [.same(a), .missing(b)])
        XCTAssertEqual(diff([a], [a, b]), [.same(a), .unexpected(b)])
        let changed = output("b", "99", seq: 2)
        XCTAssertEqual(diff([a, b], [a, changed]), [.same(a), .changed(expected: b, actual: changed)])
        let reordered = diff([a, b, c], [b, a, c])
        XCTAssertFalse(Comparison.passes(reordered))
        XCTAssertTrue(reordered.contains { if case .outOfOrder = $0 { return true } else { return false } }, "\(reordered)")
    }

    func testIgnoredOutputs_AreNeitherRequiredNorFailing() {
        let a = output("a", "1", seq: 1), noisy = output("noisy", "true", seq: 2)
        XCTAssertTrue(Comparison.passes(diff([a], [a, noisy])))
        XCTAssertTrue(Comparison.passes(diff([a, noisy], [a])))
    }

    func testResponsesWithTheSameIdAreChangedNotMissingAndUnexpected() {
        let expected = #"{"jsonrpc":"2.0","id":1,"result":null}"#
        let actual = #"{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"x"}}"#
        XCTAssertEqual(diff([expected], [actual]), [.changed(expected: expected, actual: actual)])
    }

    func testUpdater_ReplacesExpectedLinesKeepingEverythingElse() {
        let text = "# keep\n> {\"a\":1}\n< old\n! ignore x\n> {\"b\":2}\n"
        let updated = TranscriptUpdater.update(text, markdown: false, actual: [[["new1", "new2"], []]])
        XCTAssertEqual(updated, "# keep\n> {\"a\":1}\n< new1\n< new2\n! ignore x\n> {\"b\":2}\n")
        let markdown = "x\n```transcript\n> {}\n< old\n```\ny\n"
        XCTAssertEqual(TranscriptUpdater.update(markdown, markdown: true, actual: [[["fresh"]]]), "x\n```transcript\n> {}\n< fresh\n```\ny\n")
    }

    func testUpdater_ReportsTheStepsItChangedAndOnlyThose() {
        let text = "# keep\n> {\"a\":1}\n< old\n! ignore x\n> {\"b\":2}\n< same\n"
        let (updated, changes) = TranscriptUpdater.updateWithChanges(text, markdown: false, actual: [[["new1", "new2"], ["same"]]])
        XCTAssertEqual(updated, "# keep\n> {\"a\":1}\n< new1\n< new2\n! ignore x\n> {\"b\":2}\n< same\n")
        XCTAssertEqual(changes, [TranscriptUpdater.Change(line: 2, sent: "> {\"a\":1}", before: ["old"], after: ["new1", "new2"])])
        let markdown = "x\n```transcript\n> {}\n< fresh\n```\ny\n"
        XCTAssertEqual(TranscriptUpdater.updateWithChanges(markdown, markdown: true, actual: [[["fresh"]]]).changes, [], "nothing changed")
    }

    /// Non-exhaustive: an output that happened but is not listed is skipped; a listed one that
    /// did not come, or came out of order, still fails; responses are compared as ever.
    func testNonExhaustiveSkipsUnlistedOutputsOnly() {
        let a = output("a", "1", seq: 1), b = output("b", "2", seq: 2)
        let removed = diff([a], [a, b])
        XCTAssertFalse(Comparison.passes(removed))
        XCTAssertTrue(Comparison.passes(removed, nonExhaustive: true))
        XCTAssertEqual(Comparison.skipped(removed), [b])
        let swapped = diff([a, b], [b, a])
        XCTAssertFalse(Comparison.passes(swapped, nonExhaustive: true))
        XCTAssertFalse(Comparison.passes(diff([a, b], [a]), nonExhaustive: true), "a listed output must come")
        let response = #"{"jsonrpc":"2.0","id":1,"result":null}"#
        XCTAssertFalse(Comparison.passes(diff([a], [a, response]), nonExhaustive: true), "an unlisted response is still a difference")
    }
}
