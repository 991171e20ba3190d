import JSON

/// One self-contained HTML page for replayed transcripts: a summary table, a timeline of each
/// transcript (inline SVG), and for a failing one its first difference as a structural diff.
/// No script, no font and no file from elsewhere: the page says so in its Content Security
/// Policy, so it reads the same offline, from a CI artifact, or in a mail.
public enum HTMLReport {
    /// The page for `results`, titled `title`.
    public static func page(_ results: [ReplayResult], title: String = "Switchboard transcripts") -> String {
        var html = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
        <title>\(escape(title))</title>
        <style>\(style)</style>
        </head><body>
        <h1>\(escape(title))</h1>

        """
        let failed = results.filter { !$0.passed }.count
        html += "<p class=\"totals\">\(results.count - failed) passed, \(failed) failed</p>\n"
        html += "<table class=\"summary\"><thead><tr><th>Transcript</th><th>Verdict</th><th>Steps</th><th>Outputs</th><th>Unlisted outputs accepted</th></tr></thead><tbody>\n"
        for (index, result) in results.enumerated() {
            let outputs = result.actualLines.joined().filter(Comparison.isOutput).count
            let skipped = result.skippedOutputs.values.reduce(0) { $0 + $1.count }
            html += "<tr><td><a href=\"#t\(index)\">\(escape(result.name))</a></td><td class=\"\(result.passed ? "pass" : "fail")\">\(result.passed ? "PASS" : "FAIL")</td>"
            html += "<td>\(result.transcript?.steps.count ?? result.actualLines.count)</td><td>\(outputs)</td><td>\(skipped)</td></tr>\n"
        }
        html += "</tbody></table>\n"
        for (index, result) in results.enumerated() { html += section(result, index: index) }
        html += "</body></html>\n"
        return html
    }

    /// The page for one live session: what was sent and what came back after each line.
    public static func page(sessionSent sent: [String], received: [[String]], title: String) -> String {
        var result = ReplayResult(name: title)
        result.actualLines = received
        result.transcript = Transcript(name: title, steps: sent.enumerated().map { Transcript.Step(sent: $1, expected: [], line: $0 + 1) })
        return page([result], title: title)
    }

    // MARK: A transcript

    private static func section(_ result: ReplayResult, index: Int) -> String {
        let sent = result.transcript?.steps.map(\.sent) ?? []
        var unexpected = Set(result.skippedOutputs.values.joined())
        for (_, diff) in result.failedSteps {
            for line in diff {
                switch line {
                case let .unexpected(text): unexpected.insert(text)
                case let .changed(_, actual): unexpected.insert(actual)
                default: break
                }
            }
        }
        let timeline = Timeline(sent: sent, received: result.actualLines, unexpected: unexpected)
        var html = "<section class=\"transcript\" id=\"t\(index)\" data-verdict=\"\(result.passed ? "PASS" : "FAIL")\">\n"
        html += "<h2><span class=\"\(result.passed ? "pass" : "fail")\">\(result.passed ? "PASS" : "FAIL")</span> \(escape(result.name))</h2>\n"
        if !result.passed { html += firstDifference(result) }
        html += svg(timeline)
        let skipped = result.skippedOutputs.sorted { $0.key < $1.key }
        if !skipped.isEmpty {
            html += "<details class=\"skipped\" open><summary>Outputs the transcript does not list, accepted (non-exhaustive)</summary><ul>\n"
            for (step, lines) in skipped {
                for line in lines { html += "<li>step \(step + 1): <code>\(escape(line))</code></li>\n" }
            }
            html += "</ul></details>\n"
        }
        if !result.passed {
            html += "<details class=\"rest\"><summary>The rest of the run</summary><pre>\(escape(Report.lines(for: result, color: false).joined(separator: "\n")))</pre></details>\n"
        }
        return html + "</section>\n"
    }

    /// The first difference of a failing transcript: the step's line, the path inside the
    /// message, the expected and the actual value (or a problem outside the steps).
    private static func firstDifference(_ result: ReplayResult) -> String {
        guard let (step, diff) = result.failedSteps.first else {
            return "<div class=\"diff\"><p>\(result.problems.map(escape).joined(separator: "<br>"))</p></div>\n"
        }
        var html = "<div class=\"diff\"><p>First difference at line \(step.line), after sending <code>\(escape(step.sent))</code>:</p>\n"
        switch diff.first(where: { if case .same = $0 { false } else { true } }) {
        case let .changed(expected, actual)?:
            if let difference = StructuralDifference.first(expectedLine: expected, actualLine: actual) {
                html += "<dl><dt>path</dt><dd class=\"path\"><code>\(escape(difference.path.isEmpty ? "(the whole message)" : difference.path))</code></dd>"
                html += "<dt>expected</dt><dd class=\"expected\"><code>\(escape(difference.expected.map { $0.serializedString() } ?? "nothing"))</code></dd>"
                html += "<dt>actual</dt><dd class=\"actual\"><code>\(escape(difference.actual.map { $0.serializedString() } ?? "nothing"))</code></dd></dl>\n"
            }
        case let .missing(text)?:
            html += "<p class=\"expected\">expected, not seen: <code>\(escape(text))</code></p>\n"
        case let .unexpected(text)?:
            html += "<p class=\"actual\">seen, not expected: <code>\(escape(text))</code></p>\n"
        case let .outOfOrder(text)?:
            html += "<p class=\"actual\">seen out of order: <code>\(escape(text))</code></p>\n"
        case .same?, nil:
            break
        }
        return html + "</div>\n"
    }

    // MARK: The timeline

    /// Layout: a lane a row; x grows with each event and with virtual time, so events at one
    /// time keep their order and time that passes shows as distance.
    private static let laneHeight = 34.0, laneLabelWidth = 260.0, step = 60.0, margin = 20.0

    private static func svg(_ timeline: Timeline) -> String {
        let timeScale = timeline.clockMoved ? Swift.min(0.5, 900.0 / Double(timeline.endTime)) : 0
        func x(_ event: Timeline.Event) -> Double {
            laneLabelWidth + margin + Double(event.order) * step + Double(event.time) * timeScale
        }
        // The inputs' lane is taller: its labels go above and below it.
        func y(_ lane: Int?) -> Double { margin + 10 + laneHeight * (Double((lane ?? -1) + 1) + 0.5) + (lane == nil ? 0 : 16) }
        let width = laneLabelWidth + 2 * margin + Double(timeline.events.count) * step + Double(timeline.endTime) * timeScale + 120
        let height = margin * 2 + 26 + laneHeight * Double(timeline.lanes.count + 1) + 24
        var svg = "<svg class=\"timeline\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" role=\"img\" aria-label=\"timeline of inputs and outputs\">\n"
        // Lanes.
        for (lane, name) in ([(-1, "inputs")] + timeline.lanes.enumerated().map { ($0, $1) }) {
            let lineY = y(lane == -1 ? nil : lane)
            svg += "<g class=\"lane\"><text x=\"\(margin)\" y=\"\(lineY + 4)\">\(escape(name))</text>"
            svg += "<line x1=\"\(laneLabelWidth)\" y1=\"\(lineY)\" x2=\"\(width - margin)\" y2=\"\(lineY)\"/></g>\n"
        }
        // Time ticks where the clock moved.
        if timeline.clockMoved {
            var shown = Set<Int64>()
            for event in timeline.events where !shown.contains(event.time) {
                shown.insert(event.time)
                svg += "<text class=\"tick\" x=\"\(x(event))\" y=\"\(height - 8)\">\(event.time) ms</text>\n"
            }
        }
        let byOrder = Dictionary(uniqueKeysWithValues: timeline.events.map { ($0.order, $0) })
        // Cause links first, under the marbles.
        for event in timeline.events {
            guard case let .output(lane, _) = event.kind, let cause = event.cause, let input = byOrder[cause] else { continue }
            svg += "<line class=\"cause\" x1=\"\(x(input))\" y1=\"\(y(nil))\" x2=\"\(x(event))\" y2=\"\(y(lane))\"/>\n"
        }
        var inputs = 0
        for event in timeline.events {
            switch event.kind {
            case let .input(method):
                let label = method ?? "answer"
                // Labels of neighbouring inputs alternate above and below the lane.
                let labelY = inputs % 2 == 0 ? y(nil) - 11 : y(nil) + 20
                inputs += 1
                svg += "<g class=\"marble input\"><title>\(escape(event.line))</title><rect x=\"\(x(event) - 7)\" y=\"\(y(nil) - 7)\" width=\"14\" height=\"14\"/>"
                svg += "<text x=\"\(x(event))\" y=\"\(labelY)\">\(escape(cut(label, 22)))</text></g>\n"
            case let .output(lane, value):
                let text = value.serializedString()
                svg += "<g class=\"marble output\(event.unexpected ? " unexpected" : "")\"><title>\(escape(timeline.lanes[lane])) = \(escape(text))\(event.seq.map { " (seq \($0))" } ?? "")\(event.unexpected ? " — not listed in the transcript" : "")</title>"
                svg += "<circle cx=\"\(x(event))\" cy=\"\(y(lane))\" r=\"8\"/><text x=\"\(x(event))\" y=\"\(y(lane) - 12)\">\(escape(cut(text, 16)))</text></g>\n"
            }
        }
        return svg + "</svg>\n"
    }

    /// `text`, or its first `limit` characters and an ellipsis.
    static func cut(_ text: String, _ limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }

    /// Text for HTML, attribute values included.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    private static let style = """
    body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1d1d1f;background:#fff}
    h1{font-size:20px}h2{font-size:16px;margin:28px 0 8px}
    table.summary{border-collapse:collapse}table.summary td,table.summary th{border:1px solid #ccc;padding:4px 10px;text-align:left}
    .pass{color:#1a7f37;font-weight:600}.fail{color:#cf222e;font-weight:600}
    .diff{border-left:4px solid #cf222e;background:#fff5f5;padding:6px 12px;margin:8px 0}
    .diff dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:6px 0}.diff dt{font-weight:600}
    .expected code{color:#1a7f37}.actual code{color:#cf222e}code{font:12px ui-monospace,monospace;word-break:break-all}
    svg.timeline{display:block;overflow:visible;max-width:none}section{overflow-x:auto}
    .lane text{font:12px ui-monospace,monospace;fill:#555}.lane line{stroke:#ddd}
    .tick{font:10px ui-monospace,monospace;fill:#888;text-anchor:middle}
    line.cause{stroke:#8c959f;stroke-dasharray:3 3}
    .marble text{font:11px ui-monospace,monospace;text-anchor:middle;fill:#1d1d1f}
    .marble.input rect{fill:#0969da}.marble.output circle{fill:#fff;stroke:#1a7f37;stroke-width:3}
    .marble.output.unexpected circle{stroke:#cf222e;fill:#ffebe9}
    details{margin:6px 0}pre{font:12px ui-monospace,monospace;white-space:pre-wrap}
    """
}
