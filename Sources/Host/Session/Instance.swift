import JSON
import Signals

/// One live view model in a session: its model, and a sink per output that the output's
/// subscription calls and that keeps the output's last value (for `snapshot`).
final class Instance {
    let id: String
    let definition: ViewModelDefinition
    /// Holds the model alive; released on destroy. Applied and observed through
    /// `definition`, which knows its type (one set of functions per type, none per instance).
    /// Confined, like the instance, to its session's executor.
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
    }

    /// Whether `destroy()` was called (the model is then gone; a stored flag would make the
    /// instance an 80-byte object rather than 72, a 96-byte heap block rather than 80).
    var isDestroyed: Bool { model == nil }

    /// Stops every output and releases the model; nothing is emitted afterwards. While an
    /// input is being applied (to this instance or, through code that reaches back into the
    /// session, to another), the session keeps the model until the input returns: the input
    /// borrows its model without a reference count (`Session.applyInput`).
    func destroy() {
        let released = model
        model = nil
        disconnect()
        if let released, let session, session.applyingInputs > 0 {
            session.modelsReleasedAfterInputs.append(released)
        }
        withExtendedLifetime(released) {}
    }

    /// Disposes the outputs' subscriptions, so nothing calls a sink again. The sinks stay,
    /// with their last values.
    private func disconnect() {
        forEachSink { sink in
            sink.subscription?.dispose()
            sink.subscription = nil
        }
    }

    /// Calls `body` with each output's sink, in the description's order.
    private func forEachSink(_ body: (OutputSink) -> Void) {
        var next = outputs
        while let sink = next {
            body(sink)
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
        forEachSink { sink in
            if let value = sink.lastValue { object[definition.description.outputs[Int(sink.index)].name] = value }
        }
        return .object(object)
    }
}
