extension Signal {
    /// One event on a signal. The grammar of every signal is
    /// `value* (failed | completed | interrupted)?`: after a terminating event nothing more is sent.
    public enum Event {
        /// A value.
        case value(Value)
        /// The signal failed; terminating.
        case failed(Error)
        /// The signal finished normally; terminating.
        case completed
        /// The work behind the signal was cancelled before it finished; terminating.
        case interrupted

        /// Whether this event ends the signal.
        @inlinable
        public var isTerminating: Bool {
            if case .value = self { return false }
            return true
        }

        /// Whether this is `.completed`.
        @inlinable
        public var isCompleted: Bool {
            if case .completed = self { return true }
            return false
        }

        /// The value carried by a `.value` event.
        @inlinable
        public var value: Value? {
            if case let .value(value) = self { return value }
            return nil
        }

        /// The error carried by a `.failed` event.
        @inlinable
        public var error: Error? {
            if case let .failed(error) = self { return error }
            return nil
        }

        /// The same event with its value transformed.
        @inlinable
        public func map<U>(_ transform: (Value) -> U) -> Signal<U, Error>.Event {
            switch self {
            case let .value(value): return .value(transform(value))
            case let .failed(error): return .failed(error)
            case .completed: return .completed
            case .interrupted: return .interrupted
            }
        }

        /// The same event with its error transformed.
        @inlinable
        public func mapError<F>(_ transform: (Error) -> F) -> Signal<Value, F>.Event {
            switch self {
            case let .value(value): return .value(value)
            case let .failed(error): return .failed(transform(error))
            case .completed: return .completed
            case .interrupted: return .interrupted
            }
        }
    }
}

extension Signal.Event: Equatable where Value: Equatable, Error: Equatable {}
extension Signal.Event: Sendable where Value: Sendable, Error: Sendable {}

extension Signal.Event: CustomStringConvertible {
    /// `VALUE x`, `FAILED e`, `COMPLETED` or `INTERRUPTED`, as ReactiveSwift prints them.
    @inlinable
    public var description: String {
        switch self {
        case let .value(value): return "VALUE \(value)"
        case let .failed(error): return "FAILED \(error)"
        case .completed: return "COMPLETED"
        case .interrupted: return "INTERRUPTED"
        }
    }
}
