import JSON
import Signals

/// One output of a view-model type: a signal or property whose values the host sends to
/// clients as `output` notifications.
///
/// ```swift
/// .output("alertMessage", \.outputs.alertMessage)          // Signal<String, Never>
/// .output("isRegistering", \.outputs.isRegistering)        // Property<Bool>: current value first
/// .output("navigateBack", \.outputs.navigateBack)          // Signal<Void, Never>: sends null
/// ```
///
/// The second argument is a function from the model to its signal or property, so a key-path
/// literal like those above is compiled to a plain property read. Taken as a `KeyPath` value,
/// each literal would be instantiated by the runtime at the type's first use, delaying the
/// daemon's first response.
public struct OutputDefinition<Model: AnyObject>: @unchecked Sendable {
    /// The output's name in notifications.
    public let name: String
    /// A short type name for people.
    public let typeName: String
    /// A JSON Schema of the values.
    public let schema: JSONValue
    /// True for property outputs: the current value is sent as soon as the instance exists.
    public let sendsCurrentValue: Bool
    /// One line for `describe` and `.help`.
    public let summary: String?
    /// Starts observing the output of `model`, sending each value as JSON to the sink.
    @usableFromInline
    let observe: (Model, OutputSink) -> Disposable?

    @usableFromInline
    init(
        name: String,
        typeName: String,
        schema: JSONValue,
        sendsCurrentValue: Bool,
        summary: String?,
        observe: @escaping (Model, OutputSink) -> Disposable?
    ) {
        self.name = name
        self.typeName = typeName
        self.schema = schema
        self.sendsCurrentValue = sendsCurrentValue
        self.summary = summary
        self.observe = observe
    }

    /// An output backed by a signal.
    @inlinable
    public static func output<T: JSONConvertible>(
        _ name: String,
        _ signal: @escaping (Model) -> Signal<T, Never>,
        summary: String? = nil
    ) -> OutputDefinition {
        OutputDefinition(
            name: name, typeName: T.jsonTypeName, schema: T.jsonSchema, sendsCurrentValue: false, summary: summary
        ) { model, sink in
            // One closure, not `observeValues` around another, capturing only the sink (its
            // context is the sink itself): no heap block of its own per output of an instance.
            signal(model).observe { [sink] event in
                if case let .value(value) = event { sink.send(value.json) }
            }
        }
    }

    /// An output backed by a property: its current value is sent first, then every change.
    @inlinable
    public static func output<P: PropertyProtocol>(
        _ name: String,
        _ property: @escaping (Model) -> P,
        summary: String? = nil
    ) -> OutputDefinition where P.Value: JSONConvertible {
        OutputDefinition(
            name: name, typeName: P.Value.jsonTypeName, schema: P.Value.jsonSchema, sendsCurrentValue: true, summary: summary
        ) { model, sink in
            property(model).producer.startWithValues { [sink] in sink.send($0.json) }
        }
    }

    /// An output that only says "now" (a navigation, a dismissal): each value is sent as `null`.
    @inlinable
    public static func output(
        _ name: String,
        _ signal: @escaping (Model) -> Signal<Void, Never>,
        summary: String? = nil
    ) -> OutputDefinition {
        OutputDefinition(
            name: name, typeName: "null", schema: ["type": "null"], sendsCurrentValue: false, summary: summary
        ) { model, sink in
            signal(model).observe { [sink] event in
                if case .value = event { sink.send(.null) }
            }
        }
    }
}
