import JSON

extension OutboundMessage {
    /// The message as one wire line (without its newline), written straight into bytes.
    ///
    /// The same bytes as `json.serialized()`, without building a `JSONValue` tree for the
    /// envelope first: responses and notifications are most of what the daemon writes, and
    /// the envelope's tree would be built for every message only to be written once.
    /// `OutboundMessageWireTests` checks the bytes against the general serializer.
    public var wireBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(192)
        writeWire(to: &bytes)
        return bytes
    }

    /// Appends ``wireBytes`` to `bytes` (the daemon writes straight into its output buffer).
    ///
    /// The envelope's pieces are staged on the stack and appended together
    /// (``JSONPieceWriter``) rather than appended one by one.
    public func writeWire(to bytes: inout [UInt8]) {
        switch self {
        case let .output(notification):
            JSONPieceWriter.append(to: &bytes) { line in
                line.raw(#"{"jsonrpc":"2.0","method":"output","params":{"vm":"#)
                line.string(notification.instance)
                line.raw(#","output":"#)
                line.string(notification.output)
                line.raw(#","value":"#)
                line.value(notification.value)
                line.raw(#","seq":"#)
                line.integer(notification.seq)
                switch notification.cause {
                case let .request(id, method):
                    line.raw(#","cause":{"kind":"request","#)
                    if let id {
                        line.raw(#""id":"#)
                        line.value(id)
                        line.raw(",")
                    }
                    line.raw(#""method":"#)
                    line.string(method)
                    line.raw("}}}")
                default:
                    line.raw(#","cause":"#)
                    line.value(notification.cause.json)
                    line.raw("}}")
                }
            }
        case let .response(response):
            JSONPieceWriter.append(to: &bytes) { line in
                line.raw(#"{"jsonrpc":"2.0","id":"#)
                line.value(response.id)
                switch response.result {
                case let .success(value):
                    line.raw(#","result":"#)
                    line.value(value)
                case let .failure(error):
                    line.raw(#","error":"#)
                    line.value(error.json)
                }
                line.raw("}")
            }
        case .batch, .clientRequest, .notification:
            json.write(to: &bytes)
        }
    }
}
