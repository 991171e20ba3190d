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
    ///
    /// The container being filled is kept in `open`, and only the containers around it in
    /// `enclosing`: a scalar, or an array or object of scalars (a request's `id` and
    /// `params`, nearly always), is converted without allocating the stack at all.
    static func value(of root: UnsafeMutablePointer<json_t>, restoring nul: NulEscapeSubstitution?) -> JSONValue {
        var enclosing: [OpenContainer] = []
        var open: OpenContainer?
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
                if let outer = open.take() { enclosing.append(outer) }
                open = frame
                node = first
                continue descend
            case JSON_OBJECT:
                guard let iterator = json_object_iter(node), let first = json_object_iter_value(iterator) else {
                    finished = .object(JSONObject())
                    break
                }
                if let outer = open.take() { enclosing.append(outer) }
                open = OpenContainer(node: node, count: 0, iterator: iterator)
                node = first
                continue descend
            default:
                finished = scalar(node, restoring: nul)
            }

            // Ascend: hand `finished` to its container; move to the container's next child,
            // or finish the container too and keep climbing.
            while var frame = open.take() {
                // Taken out of `open` and put back, so its buffers are edited in place, never
                // copied.
                if let iterator = frame.iterator {
                    frame.members.updateValue(finished, forKey: key(at: iterator, restoring: nul))
                    if let next = json_object_iter_next(frame.node, iterator), let child = json_object_iter_value(next) {
                        frame.iterator = next
                        open = frame
                        node = child
                        continue descend
                    }
                    finished = .object(frame.members)
                } else {
                    frame.elements.append(finished)
                    frame.index += 1
                    if frame.index < frame.count, let child = json_array_get(frame.node, frame.index) {
                        open = frame
                        node = child
                        continue descend
                    }
                    finished = .array(frame.elements)
                }
                open = enclosing.popLast()
            }
            return finished
        }
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
