import CPrefetch
import JSON
import Signals

/// One live view model in a session: its model, and a sink per output that the output's
/// subscription calls and that keeps the output's last value (for `snapshot`).
final class Instance {
    let id: String
    let definition: ViewModelDefinition
    /// Holds the model alive; released on destroy. Applied and observed through
    /// `definition`, which knows its type (one set of functions per type, none per instance).
    private(set) var model: AnyObject?
    /// The first of the outputs' sinks, chained in the description's order.
    private var outputs: OutputSink?
    /// Where the outputs' values go. Weak: a model may outlive its session (a client holding
    /// it), its values then go nowhere; one side table per session, not per instance.
    private(set) weak var session: Session?
    /// Position in the session's creation order (kept by `InstanceTable`).
    var slot = 0

    init(id: String, definition: ViewModelDefinition, model: AnyObject) {
        self.id = id
        self.definition = definition
        self.model = model
    }

    /// Subscribes `session` to every output, in the description's order; property outputs
    /// send their current values now.
    func connect(to session: Session) {
        guard let model else { return }
        self.session = session
        var last: OutputSink?
        for index in definition.description.outputs.indices {
            let sink = OutputSink(instance: self, index: index)
            if let last { last.next = sink } else { outputs = sink }
            last = sink
            sink.subscription = definition.observe(model, index, sink)
        }
        noteSpan(of: model)
    }

    /// The most a prefetch loads: enough for the largest built-in types, little enough that a
    /// model the allocator placed apart from the rest of its instance costs nothing much.
    static let maxPrefetchBytes = 16 * 1024

    /// Records in the definition how far the objects made for this instance reach from the
    /// model's address: the model, made first, is usually the lowest, and the allocator
    /// places the graph made right after it in the following bytes. Measured from the
    /// objects Host knows (the model, this instance, the sinks and their subscriptions, made
    /// last); a span that is negative or larger than `maxPrefetchBytes` is not recorded.
    /// (With 20,000 signup instances made in a row, every one from the tenth percentile to
    /// the ninetieth spanned 3,744 bytes; the first few, made among the daemon's start-up
    /// allocations, up to 9,264.)
    private func noteSpan(of model: AnyObject) {
        func address(_ object: AnyObject) -> Int { Int(bitPattern: Unmanaged.passUnretained(object).toOpaque()) }
        let start = address(model)
        var end = address(self)
        var next = outputs
        while let sink = next {
            end = Swift.max(end, address(sink))
            if let subscription = sink.subscription { end = Swift.max(end, address(subscription as AnyObject)) }
            next = sink.next
        }
        // The last object's own bytes: none here is larger than 128.
        let span = end - start + 128
        if span > 0, span <= Self.maxPrefetchBytes { definition.noteSpan(span) }
    }

    /// Starts loading this instance's objects into the cache: the bytes its type typically
    /// spans from the model's address (see `noteSpan(of:)`). A hint that never faults, so a
    /// guess that reaches past the instance, or into memory that is not mapped, costs only
    /// the wasted loads. See `Session.lookAhead(at:)` for when it is worth it.
    func prefetch() {
        guard let model else { return }
        let span = definition.typicalSpan
        guard span > 0 else { return }
        switchboard_prefetch(Unmanaged.passUnretained(model).toOpaque(), span)
    }

    /// Whether `destroy()` was called (the model is then gone; a stored flag would make the
    /// instance an 80-byte object rather than 72, a 96-byte heap block rather than 80).
    var isDestroyed: Bool { model == nil }

    /// Stops every output and releases the model; nothing is emitted afterwards.
    func destroy() {
        let released = model
        model = nil
        disconnect()
        withExtendedLifetime(released) {}
    }

    /// Disposes the outputs' subscriptions, so nothing calls a sink again. The sinks stay,
    /// with their last values.
    private func disconnect() {
        var next = outputs
        while let sink = next {
            sink.subscription?.dispose()
            sink.subscription = nil
            next = sink.next
        }
    }

    deinit {
        // A sink refers to its instance unowned: its subscription must be gone first.
        disconnect()
    }

    /// The last value of every output that has sent one, in declaration order.
    var snapshot: JSONValue {
        var object = JSONObject()
        var next = outputs
        while let sink = next {
            if let value = sink.lastValue { object[definition.description.outputs[Int(sink.index)].name] = value }
            next = sink.next
        }
        return .object(object)
    }
}
