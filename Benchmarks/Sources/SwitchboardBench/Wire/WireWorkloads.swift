import JSON

/// Parse + serialize one line with the `JSON` module. The jansson C program's rows come from
/// `c/jansson_line.c` (run by `run.sh`), not from here.
///
/// - `jsonvalue`: `JSONValue.parse` (jansson tree converted to Swift values) + `serialized()`.
/// - `jsondocument`: `JSONDocument.parse`, the envelope read in place (`jsonrpc`, `id`,
///   `method` through `JSONNode`, only `params` converted), the message rebuilt as a
///   `JSONValue` and serialized: what the daemon's `MessageParser` plus a writer do.
/// - `parse-only` and `serialize-only` split the `jsonvalue` row in two.
enum WireWorkloads {
    static let all: [Workload] = WireLines.all.flatMap { line in
        [jsonValue(line), jsonDocument(line), parseOnly(line), serializeOnly(line)]
    }

    static func jsonValue(_ line: (id: String, text: String)) -> Workload {
        Workload(id: "wire-\(line.id)", variant: "jsonvalue", unit: "line") {
            let sink = Sink()
            let bytes = Array(line.text.utf8)
            return Prepared(sink: sink) { n in
                for _ in 0..<n {
                    guard let value = try? JSONValue.parse(bytes) else { continue }
                    sink.take(value.serialized().count)
                }
            }
        }
    }

    static func jsonDocument(_ line: (id: String, text: String)) -> Workload {
        Workload(id: "wire-\(line.id)", variant: "jsondocument", unit: "line") {
            let sink = Sink()
            let bytes = Array(line.text.utf8)
            return Prepared(sink: sink) { n in
                for _ in 0..<n {
                    guard let document = try? JSONDocument.parse(bytes) else { continue }
                    sink.take(envelope(of: document.root).serialized().count)
                }
            }
        }
    }

    static func parseOnly(_ line: (id: String, text: String)) -> Workload {
        Workload(id: "wire-\(line.id)", variant: "parse-only", unit: "line") {
            let sink = Sink()
            let bytes = Array(line.text.utf8)
            return Prepared(sink: sink) { n in
                for _ in 0..<n {
                    guard case .object(let object)? = try? JSONValue.parse(bytes) else { continue }
                    sink.take(object.count)
                }
            }
        }
    }

    static func serializeOnly(_ line: (id: String, text: String)) -> Workload {
        Workload(id: "wire-\(line.id)", variant: "serialize-only", unit: "line") {
            let sink = Sink()
            let value = (try? JSONValue.parse(line.text)) ?? .null
            return Prepared(sink: sink) { n in
                for _ in 0..<n { sink.take(value.serialized().count) }
            }
        }
    }

    /// The message rebuilt from its envelope fields, read without converting the whole tree.
    static func envelope(of root: JSONNode) -> JSONValue {
        var object = JSONObject()
        if let version = root["jsonrpc"]?.stringValue { object["jsonrpc"] = .string(version) }
        if let id = root["id"] { object["id"] = id.value }
        if let method = root["method"]?.stringValue { object["method"] = .string(method) }
        if let params = root["params"] { object["params"] = params.value }
        return .object(object)
    }

    /// The bytes each Swift path writes for `line`, for the cross-check against the C program.
    static func outputs(of line: String) -> [(variant: String, text: String)] {
        let bytes = Array(line.utf8)
        let value = (try? JSONValue.parse(bytes))?.serializedString() ?? "<parse error>"
        let document = (try? JSONDocument.parse(bytes)).map { envelope(of: $0.root).serializedString() } ?? "<parse error>"
        return [("jsonvalue", value), ("jsondocument", document)]
    }
}
