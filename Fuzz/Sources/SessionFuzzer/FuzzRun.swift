import RPC
import Catalog
import Framing
import Host
import JSON
import Signals

#if canImport(Glibc)
import Glibc
#endif

/// Plays one fuzz input through the daemon's path, in process and on a virtual clock:
/// bytes → `FrameDecoder` (newline mode) → `Session.handle(frame:)` → every message serialized
/// and checked by a ``WireChecker``, the way `StdioServer` wires them (without threads or
/// file descriptors, so runs are deterministic).
///
/// After the stream (and, as the settings byte says, end of input and a long advance), a last
/// `list` request checks that the session still answers and that its state is consistent; then
/// every live instance is destroyed (see ``Teardown``) and the session released, so
/// LeakSanitizer sees anything an input leaves behind.
struct FuzzRun {
    /// The built-in types, built once.
    static let registry = BuiltinCatalog.registry()

    /// Small limits, so inputs of a few KiB can reach every limit's error path.
    static let configuration: SessionConfiguration = {
        var configuration = SessionConfiguration()
        configuration.maxBatch = 16
        configuration.maxInstances = 8
        configuration.maxPendingClientCalls = 4
        return configuration
    }()

    /// What happens to the session after an input: see ``Teardown``.
    static let teardown = Teardown(environment: getenv("SESSION_FUZZER_TEARDOWN"))

    let plan: FuzzPlan

    init(input: UnsafeBufferPointer<UInt8>) {
        plan = FuzzPlan(input)
    }

    func play() {
        let clock = TestScheduler()
        let checker = WireChecker()
        let session = Session(
            registry: Self.registry,
            configuration: Self.configuration,
            clock: clock,
            sink: { checker.receive($0) }
        )
        var decoder = FrameDecoder(mode: .newline, maxMessageLength: plan.maxMessageLength)
        var frameNumber = 0
        var stopped = false

        func deliver(_ frame: InboundFrame) {
            // After `shutdown` the daemon reads nothing more.
            guard !stopped else { return }
            frameNumber += 1
            switch frame {
            case let .message(bytes):
                checker.begin("frame \(frameNumber): \(Self.text(bytes))")
                checker.require(!bytes.contains(0x0A) && bytes.count <= plan.maxMessageLength,
                                "the decoder delivered a frame with a newline or over the limit")
                let owed = OwedResponses.owed(by: bytes, maxBatch: Self.configuration.maxBatch)
                session.handle(frame: bytes)
                checker.end(owing: owed)
            case let .tooLong(length):
                checker.begin("frame \(frameNumber): a line of \(length) bytes")
                checker.require(length > plan.maxMessageLength, "tooLong(\(length)) within the limit of \(plan.maxMessageLength)")
                session.handleOversizedFrame(length: length, limit: plan.maxMessageLength)
                checker.end(owing: .single(.init(id: .null, errorCode: OwedResponses.invalidRequest)))
            case let .invalidHeader(reason):
                checker.violated("newline framing produced a header error: \(reason)")
            }
            if session.isShutdownRequested {
                stopped = true
                return
            }
            if let ms = plan.advanceAfterEachFrame {
                checker.begin("advance by \(ms) ms after frame \(frameNumber)")
                clock.advance(by: .milliseconds(ms))
                checker.end(owing: .nothing)
            }
        }

        if plan.feedsInChunks {
            var offset = 0
            var size = 1
            while offset < plan.stream.count {
                let end = min(offset + size, plan.stream.count)
                decoder.feed(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: plan.stream[offset..<end])), deliver)
                offset = end
                size = size % 17 + 1
            }
        } else {
            decoder.feed(UnsafeRawBufferPointer(plan.stream), deliver)
        }
        decoder.finish(deliver)

        // After `shutdown` the daemon exits; the run still closes down, so whatever the session
        // holds is released (and checked for leaks) the same way.
        if !stopped, plan.endsInput {
            checker.begin("end of input")
            session.inputEnded()
            checker.end(owing: .nothing)
        }
        if !stopped, plan.drainsTimers {
            checker.begin("advance by 120 s at the end")
            clock.advance(by: .seconds(120))
            checker.end(owing: .nothing)
        }
        closeDown(session, checker)
    }

    /// A last request: the session still answers, and `list` agrees with its instance count.
    /// Then, unless told to drop the session as it is, every live instance is destroyed through
    /// the protocol, as a tidy client would, each answer checked.
    private func closeDown(_ session: Session, _ checker: WireChecker) {
        checker.begin("the closing list request")
        session.handle(frame: Array(#"{"jsonrpc":"2.0","id":"fuzz-list","method":"list"}"#.utf8))
        checker.end(owing: .single(.init(id: "fuzz-list", errorCode: nil)))
        let listed = checker.lastResult?.arrayValue ?? []
        checker.require(listed.count == session.instanceCount,
                        "list answered \(listed.count) instances with \(session.instanceCount) alive")
        guard Self.teardown == .destroy else { return }
        for (index, entry) in listed.enumerated() {
            guard let id = entry["id"] else { checker.violated("a list entry without an id: \(entry)") }
            let request: JSONValue = ["jsonrpc": "2.0", "id": .integer(Int64(index)), "method": "destroy", "params": ["id": id]]
            checker.begin("the closing destroy of \(id.serializedString())")
            session.handle(frame: request.serialized())
            checker.end(owing: .single(.init(id: .integer(Int64(index)), errorCode: nil)))
            checker.require(checker.lastResult == true, "destroy answered \(checker.lastResult.map(\.description) ?? "an error")")
        }
        checker.require(session.instanceCount == 0, "\(session.instanceCount) instances alive after destroying every listed one")
    }

    /// A frame for a message, cut to a readable length.
    static func text(_ bytes: [UInt8]) -> String {
        let shown = String(decoding: bytes.prefix(300), as: UTF8.self).debugDescription
        return bytes.count > 300 ? shown + "… (\(bytes.count) bytes)" : shown
    }
}

/// How a run ends, chosen by the environment variable `SESSION_FUZZER_TEARDOWN`.
enum Teardown {
    /// The default: every live instance is destroyed through `destroy` requests, then the
    /// session is released. A leak reported then is a leak of the daemon's own path.
    case destroy
    /// `SESSION_FUZZER_TEARDOWN=drop`: the session is released with its instances alive, as an
    /// in-process embedder (the REPL, tests) drops a session. Everything must still be freed.
    case drop

    init(environment value: UnsafeMutablePointer<CChar>?) {
        self = value.map { String(cString: $0) } == "drop" ? .drop : .destroy
    }
}
