import JSON
@testable import MCPServer
import RPC
import XCTest

/// A tool's result is written field by field (`MCPFace.toolResult`); these are the bytes of the
/// tree it stands for, which the face built before, for every shape of answer and output.
final class MCPToolResultTests: XCTestCase {
    /// The result as a `JSONValue` tree, as the face built it before writing it directly.
    private func tree(_ value: JSONValue, _ outputs: [OutputNotification]) -> JSONValue {
        var lines = outputs.map { "\($0.instance).\($0.output) = \($0.value.serializedString())" }
        if lines.isEmpty { lines.append("(no outputs)") }
        if !value.isNull { lines.insert("result: \(value.serializedString())", at: 0) }
        let outputValues: [JSONValue] = outputs.map { ["instance": .string($0.instance), "output": .string($0.output), "value": $0.value] }
        return [
            "content": [["type": "text", "text": .string(lines.joined(separator: "\n"))]],
            "structuredContent": ["result": value, "outputs": .array(outputValues)],
            "isError": false,
        ]
    }

    private func output(_ instance: String, _ name: String, _ value: JSONValue) -> OutputNotification {
        OutputNotification(instance: instance, output: name, value: value, seq: 1, cause: .request(id: "mcp-1", method: "x.y"))
    }

    func testEveryShapeIsTheTreesBytes() {
        let answers: [JSONValue] = [.null, true, ["id": "s-2", "type": "signup"], "quote \" and \n", 2.5, [[1], []]]
        let long = String(repeating: "é\u{2028}\"", count: 400)
        let outputSets: [[OutputNotification]] = [
            [],
            [output("signup", "submitButtonEnabled", false)],
            [output("s1", "emailError", .null), output("s1", "name", "Ünïcödé \u{1} tab\t"), output("s1", "n", 42)],
            [output("weird \"id\"\n", "out\tput", ["nested": [1, ["deep": .null]]]), output("s2", "double", -0.000001)],
            (0..<40).map { output("s\($0)", "value", .string(long)) },
        ]
        for answer in answers {
            for outputs in outputSets {
                let written = MCPFace.toolResult(answer, outputs)
                XCTAssertEqual(String(decoding: written.bytes, as: UTF8.self), tree(answer, outputs).serializedString(),
                               "answer \(answer.serializedString()), \(outputs.count) outputs")
                XCTAssertEqual(written.value, tree(answer, outputs))
            }
        }
    }
}
