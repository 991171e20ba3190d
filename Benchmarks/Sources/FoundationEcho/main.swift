// The daemon benchmarks' "first thing a Swift developer would write": a JSON-RPC loop on
// Foundation. It reads lines from stdin, parses each with `JSONSerialization`, builds a response
// dictionary (`result: null` for a request with a method, a parse error otherwise), serializes it
// with `JSONSerialization` and writes it to stdout with `FileHandle` (one unbuffered write per
// response). No view models, no notifications: it is a peer for the transport and JSON cost only.
import Foundation

let output = FileHandle.standardOutput
while let line = readLine(strippingNewline: true) {
    if line.isEmpty { continue }
    var response: [String: Any] = ["jsonrpc": "2.0"]
    if let request = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
       request["method"] is String {
        response["id"] = request["id"] ?? NSNull()
        response["result"] = NSNull()
    } else {
        response["id"] = NSNull()
        response["error"] = ["code": -32700, "message": "Parse error"] as [String: Any]
    }
    var data = try JSONSerialization.data(withJSONObject: response)
    data.append(0x0A)
    output.write(data)
}
