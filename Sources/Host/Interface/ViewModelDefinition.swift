import JSON
import Signals

/// A declared type with its model type erased: what the registry and the session work with.
///
/// Its parts live in one shared, immutable object: every instance keeps its definition, and a
/// copy is then one reference and one retain rather than the description's five fields and a
/// closure, each retained per instance.
struct ViewModelDefinition: @unchecked Sendable {
    /// The shared parts.
    private final class Parts: @unchecked Sendable {
        let description: TypeDescription
        let instantiate: (CreationContext) throws(CreationFailure) -> AnyObject
        let apply: (AnyObject, Int, [JSONValue]) throws(InputFailure) -> Bool
        let observe: (AnyObject, Int, OutputSink) -> Disposable?
        /// The inputs' names as UTF-8, one after another, and where each ends: found by a
        /// request's bytes without a string made or retained (`inputIndex(bytes:)`).
        let inputNameBytes: [UInt8]
        let inputNameEnds: [Int]

        init(
            description: TypeDescription,
            instantiate: @escaping (CreationContext) throws(CreationFailure) -> AnyObject,
            apply: @escaping (AnyObject, Int, [JSONValue]) throws(InputFailure) -> Bool,
            observe: @escaping (AnyObject, Int, OutputSink) -> Disposable?
        ) {
            self.description = description
            self.instantiate = instantiate
            self.apply = apply
            self.observe = observe
            inputNameBytes = description.inputs.flatMap { Array($0.name.utf8) }
            var end = 0
            inputNameEnds = description.inputs.map { input in
                end += input.name.utf8.count
                return end
            }
        }

        /// The position of the input whose name is exactly these UTF-8 bytes.
        func inputIndex(bytes: UnsafeRawBufferPointer) -> Int? {
            inputNameBytes.withUnsafeBytes { names in
                var start = 0
                for (index, end) in inputNameEnds.enumerated() {
                    defer { start = end }
                    if bytesEqual(UnsafeRawBufferPointer(rebasing: names[start..<end]), bytes) { return index }
                }
                return nil
            }
        }
    }

    private let parts: Parts

    init(
        description: TypeDescription,
        instantiate: @escaping (CreationContext) throws(CreationFailure) -> AnyObject,
        apply: @escaping (AnyObject, Int, [JSONValue]) throws(InputFailure) -> Bool,
        observe: @escaping (AnyObject, Int, OutputSink) -> Disposable?
    ) {
        parts = Parts(description: description, instantiate: instantiate, apply: apply, observe: observe)
    }

    /// What the host says about the type.
    var description: TypeDescription { parts.description }
    /// Checks the options and makes one model (of the declared type, which `apply` and
    /// `observe` expect).
    func instantiate(_ context: CreationContext) throws(CreationFailure) -> AnyObject {
        try parts.instantiate(context)
    }

    /// Applies input number `index` (see `inputIndex(named:)`) to `model`, one this definition
    /// made; false if there is none. Per type, not per instance: closures of a model's own would
    /// be heap blocks of every instance.
    func apply(_ model: AnyObject, _ index: Int, _ arguments: [JSONValue]) throws(InputFailure) -> Bool {
        try parts.apply(model, index, arguments)
    }

    /// Subscribes `sink` to output number `index` of `model`, one this definition made.
    func observe(_ model: AnyObject, _ index: Int, _ sink: OutputSink) -> Disposable? {
        parts.observe(model, index, sink)
    }

    /// The type's name.
    var name: String { description.name }

    /// The same for every copy of this definition, different for another type's: what
    /// `CreationPlacement` is told.
    var identity: ObjectIdentifier { ObjectIdentifier(parts) }

    /// The input called `name`.
    func input(named name: String) -> InputDescription? {
        description.input(named: name)
    }

    /// The position of the input whose name is exactly these UTF-8 bytes (protocol names are
    /// bytes) in `description.inputs`, which is also its position for `apply`. Compared with a
    /// copy of the names made once per type: reading each name from the description would copy
    /// it, taking and dropping a reference count on every name longer than 15 bytes.
    func inputIndex(bytes: UnsafeRawBufferPointer) -> Int? {
        parts.inputIndex(bytes: bytes)
    }
}
