import CJansson

/// The one walker that turns a jansson tree into ``JSONValue``s; both
/// ``JSONValue/parse(_:)-(UnsafeRawBufferPointer)`` and ``JSONNode/value`` use it.
///
/// It is iterative rather than recursive: jansson allows 2048 levels of nesting, and an
/// explicit stack keeps the native stack flat however deep the input goes.
/// It only reads the tree (every pointer it follows is borrowed from `root`'s owner).
enum JanssonTree {
    /// A container whose children are being converted.
    private struct OpenContainer {
        let node: UnsafeMutablePointer<json_t>
        /// Arrays: the number of elements (objects don't need it).
        let count: Int
        /// Arrays: the index of the child being converted.
        var index = 0
        /// Objects: jansson's iterator at the member being converted.
        var iterator: UnsafeMutableRawPointer?
        /// Arrays: converted elements so far.
        var elements: [JSONValue] = []
        /// Objects: converted members so far.
        var members = JSONObject()
    }

    /// Converts `root` and everything under it.
    /// `nul` turns a substituted `\u0000` back (see ``NulEscapeSubstitution``).
    static func value(of root: UnsafeMutablePointer<json_t>, restoring nul: NulEscapeSubstitution?) -> JSONValue {
        if let flat = flatValue(of: root, restoring: nul) { return flat }
        var stack: [OpenContainer] = []
        var node = root
        descend: while true {
            // Descend: convert `node`, or open a frame and continue with its first child.
            var finished: JSONValue
            switch cjansson_typeof(node) {
            case JSON_ARRAY:
                let count = json_array_size(node)
                guard count > 0, let first = json_array_get(node, 0) else {
                    finished = .array([])
                    break
                }
                var frame = OpenContainer(node: node, count: count)
                frame.elements.reserveCapacity(count)
                stack.append(frame)
                node = first
                continue descend
            case JSON_OBJECT:
                guard let iterator = json_object_iter(node), let first = json_object_iter_value(iterator) else {
                    finished = .object(JSONObject())
                    break
                }
                stack.append(OpenContainer(node: node, count: 0, iterator: iterator))
                node = first
                continue descend
            default:
                finished = scalar(node, restoring: nul)
            }

            // Ascend: hand `finished` to its parent; move to the parent's next child, or
            // finish the parent too and keep climbing.
            while !stack.isEmpty {
                let top = stack.count - 1
                if stack[top].iterator != nil {
                    // Mutating through `stack[top]` edits the frame in place, so the
                    // members buffer is never copied.
                    let iterator = stack[top].iterator
                    stack[top].members.updateValue(finished, forKey: key(at: iterator, restoring: nul))
                    let next = json_object_iter_next(stack[top].node, iterator)
                    if let next, let child = json_object_iter_value(next) {
                        stack[top].iterator = next
                        node = child
                        continue descend
                    }
                    finished = .object(stack.removeLast().members)
                } else {
                    stack[top].elements.append(finished)
                    stack[top].index += 1
                    let index = stack[top].index
                    if index < stack[top].count, let child = json_array_get(stack[top].node, index) {
                        node = child
                        continue descend
                    }
                    finished = .array(stack.removeLast().elements)
                }
            }
            return finished
        }
    }

    /// `root` converted without the walk's stack (an allocation of its own) when it is a
    /// scalar, or an array or object whose members are all scalars: a request's `params` and
    /// `id`, nearly always. Nil for anything deeper, which the walk converts.
    private static func flatValue(of root: UnsafeMutablePointer<json_t>, restoring nul: NulEscapeSubstitution?) -> JSONValue? {
        switch cjansson_typeof(root) {
        case JSON_ARRAY:
            let count = json_array_size(root)
            for index in 0..<count {
                guard let child = json_array_get(root, index), !isContainer(child) else { return nil }
            }
            var elements: [JSONValue] = []
            elements.reserveCapacity(count)
            for index in 0..<count {
                if let child = json_array_get(root, index) { elements.append(scalar(child, restoring: nul)) }
            }
            return .array(elements)
        case JSON_OBJECT:
            var iterator = json_object_iter(root)
            while let current = iterator {
                guard let child = json_object_iter_value(current), !isContainer(child) else { return nil }
                iterator = json_object_iter_next(root, current)
            }
            var members = JSONObject()
            iterator = json_object_iter(root)
            while let current = iterator, let child = json_object_iter_value(current) {
                members.updateValue(scalar(child, restoring: nul), forKey: key(at: current, restoring: nul))
                iterator = json_object_iter_next(root, current)
            }
            return .object(members)
        default:
            return scalar(root, restoring: nul)
        }
    }

    /// Whether `node` is an array or an object.
    private static func isContainer(_ node: UnsafeMutablePointer<json_t>) -> Bool {
        let type = cjansson_typeof(node)
        return type == JSON_ARRAY || type == JSON_OBJECT
    }

    /// Converts a node that has no children.
    static func scalar(_ node: UnsafeMutablePointer<json_t>, restoring nul: NulEscapeSubstitution?) -> JSONValue {
        switch cjansson_typeof(node) {
        case JSON_STRING: return .string(string(node, restoring: nul))
        case JSON_INTEGER: return .integer(Int64(json_integer_value(node)))
        case JSON_REAL: return .double(json_real_value(node))
        case JSON_TRUE: return .bool(true)
        case JSON_FALSE: return .bool(false)
        case JSON_NULL: return .null
        // Containers never reach here; answering null keeps this total without a trap.
        default: return .null
        }
    }

    /// The text of a string node. jansson has already checked it is valid UTF-8 and knows
    /// the length, so no `strlen` is needed, and a `\u0000` inside is kept.
    static func string(_ node: UnsafeMutablePointer<json_t>, restoring nul: NulEscapeSubstitution?) -> String {
        guard let text = json_string_value(node) else { return "" }
        let bytes = UnsafeRawBufferPointer(start: text, count: json_string_length(node))
        let string = String(decoding: bytes, as: UTF8.self)
        return nul.map { $0.restore(string) } ?? string
    }

    /// The key of the object member at `iterator`.
    static func key(at iterator: UnsafeMutableRawPointer?, restoring nul: NulEscapeSubstitution?) -> String {
        guard let iterator, let text = json_object_iter_key(iterator) else { return "" }
        let bytes = UnsafeRawBufferPointer(start: text, count: json_object_iter_key_len(iterator))
        let key = String(decoding: bytes, as: UTF8.self)
        return nul.map { $0.restore(key) } ?? key
    }
}
