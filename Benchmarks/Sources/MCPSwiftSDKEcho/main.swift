// The daemon benchmarks' MCP peer: a stdio MCP server on the official MCP Swift SDK
// (modelcontextprotocol/swift-sdk) with one tool, `echo`, that answers its `text` argument: what
// a Swift developer who wants "a Swift process that answers JSON-RPC on stdio" would write with
// it. daemon_client drives it with PROTOCOL=mcp-echo (an `initialize` handshake, then one
// `tools/call` per request, with the same argument text as switchboard's inputs).
import MCP

let server = Server(name: "sdk-echo", version: "1.0.0", capabilities: .init(tools: .init(listChanged: false)))
await server.withMethodHandler(ListTools.self) { _ in
    .init(tools: [Tool(name: "echo", description: "Answers its text.", inputSchema: .object([
        "type": .string("object"),
        "properties": .object(["text": .object(["type": .string("string")])]),
    ]))])
}
await server.withMethodHandler(CallTool.self) { params in
    .init(content: [.text(params.arguments?["text"]?.stringValue ?? "")], isError: false)
}
try await server.start(transport: StdioTransport())
await server.waitUntilCompleted()
