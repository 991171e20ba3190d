import JSON

extension OutboundMessage {
    /// The message as one wire line (without its newline), written straight into bytes.
    ///
    /// The same bytes as `json.serialized()`, without building a `JSONValue` tree for the
    /// envelope first: responses and notifications are most of what the daemon writes, and
    /// the tree cost about a third of each request's work (BENCHMARKS.md, daemon profile).
    /// `OutboundMessageWireTests` checks the bytes against the general serializer.
    public var wireBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(192)
        writeWire(to: &bytes)
        return bytes
    }

    /// Appends ``wireBytes`` to `bytes` (the daemon writes straight into its output buffer).
    public func writeWire(to bytes: inout [UInt8]) {
        switch self {
        case let .output(notification):
            append(#"{"jsonrpc":"2.0","method":"output","params":{"vm":"#, to: &bytes)
            JSONValue.writeString(notification.instance, to: &bytes)
            append(#","output":"#, to: &bytes)
            JSONValue.writeString(notification.output, to: &bytes)
            append(#","value":"#, to: &bytes)
            notification.value.write(to: &bytes)
            append(#","seq":"#, to: &bytes)
            JSONValue.writeInteger(notification.seq, to: &bytes)
            // Fixed fragments are appended whole: each append costs about 90 instructions
            // whatever its length.
            switch notification.cause {
            case let .request(id, method):
                if let id {
                    append(#","cause":{"kind":"request","id":"#, to: &bytes)
                    id.write(to: &bytes)
                    append(#","method":"#, to: &bytes)
                } else {
                    append(#","cause":{"kind":"request","method":"#, to: &bytes)
                }
                JSONValue.writeString(method, to: &bytes)
                append("}}}", to: &bytes)
            default:
                append(#","cause":"#, to: &bytes)
                notification.cause.json.write(to: &bytes)
                append("}}", to: &bytes)
            }
        case let .response(response):
            append(#"{"jsonrpc":"2.0","id":"#, to: &bytes)
            response.id.write(to: &bytes)
            switch response.result {
            case let .success(value):
                append(#","result":"#, to: &bytes)
                value.write(to: &bytes)
            case let .failure(error):
                append(#","error":"#, to: &bytes)
                error.json.write(to: &bytes)
            }
            append("}", to: &bytes)
        case .batch, .clientRequest, .notification:
            json.write(to: &bytes)
        }
    }

    private func append(_ text: StaticString, to bytes: inout [UInt8]) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }
}
