import JSON
import Signals

/// One live view model in a session: its model, its output subscriptions and the last value
/// of each output (for `snapshot`).
final class Instance {
    let id: String
    let definition: ViewModelDefinition
    /// Holds the model alive; released on destroy.
    private(set) var model: ErasedModel?
    private var subscriptions: [Disposable] = []
    /// Last value per output index (nil until the output first sends). An array, not a
    /// dictionary: every output of every request records here. Executor-confined, like the
    /// session, so it skips the runtime's exclusivity check.
    @exclusivity(unchecked) private(set) var lastValues: [JSONValue?]
    private(set) var isDestroyed = false
    /// Position in the session's creation order (kept by `InstanceTable`).
    var slot = 0

    init(id: String, definition: ViewModelDefinition, model: ErasedModel) {
        self.id = id
        self.definition = definition
        self.model = model
        self.lastValues = Array(repeating: nil, count: definition.description.outputs.count)
    }

    func record(_ value: JSONValue, output index: Int) {
        lastValues[index] = value
    }

    func keep(_ subscription: Disposable?) {
        if let subscription { subscriptions.append(subscription) }
    }

    /// Stops every output and releases the model; nothing is emitted afterwards.
    func destroy() {
        isDestroyed = true
        for subscription in subscriptions { subscription.dispose() }
        subscriptions = []
        model = nil
    }

    /// The last value of every output that has sent one, in declaration order.
    var snapshot: JSONValue {
        var object = JSONObject()
        for (index, output) in definition.description.outputs.enumerated() {
            if let value = lastValues[index] { object[output.name] = value }
        }
        return .object(object)
    }
}
