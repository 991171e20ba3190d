extension Signal {
    /// Receives the events of a signal, or — as a signal's *input* — sends them.
    ///
    /// An input observer (the one a `Signal` generator or `Signal.pipe()` hands out) forwards
    /// straight to its signal's core. When the last reference to an input observer goes away
    /// nobody can ever send on that signal again, so the signal is interrupted: its
    /// resources are released instead of leaking with a signal that can never end.
    ///
    /// Sendable because sending from any thread is the point of an input observer (its core
    /// serializes delivery). An ordinary observer's action runs wherever its signal delivers.
    public final class Observer: @unchecked Sendable {
        /// The action of an ordinary observer; nil for an input observer.
        @usableFromInline
        let action: ((Event) -> Void)?
        /// The core an input observer feeds (retained by `init(input:)`, released by `deinit`);
        /// nil for an ordinary observer. Unmanaged so that sending borrows it instead of
        /// retaining and releasing it on every event.
        @usableFromInline
        let target: Unmanaged<Core>?

        /// An observer that runs `action` for every event it receives.
        @inlinable
        public init(_ action: @escaping (Event) -> Void) {
            self.action = action
            self.target = nil
        }

        /// An observer with one optional closure per kind of event.
        @inlinable
        public convenience init(
            value: ((Value) -> Void)? = nil,
            failed: ((Error) -> Void)? = nil,
            completed: (() -> Void)? = nil,
            interrupted: (() -> Void)? = nil
        ) {
            self.init { event in
                switch event {
                case let .value(v): value?(v)
                case let .failed(e): failed?(e)
                case .completed: completed?()
                case .interrupted: interrupted?()
                }
            }
        }

        /// The input observer of `core`.
        @inlinable
        init(input core: Core) {
            self.action = nil
            self.target = Unmanaged.passRetained(core)
        }

        deinit {
            guard let target else { return }
            target._withUnsafeGuaranteedRef { $0.inputDidDeinitialize() }
            target.release()
        }

        /// Sends (or receives) one event.
        @inline(__always)
        @inlinable
        public func send(_ event: Event) {
            if let target {
                target._withUnsafeGuaranteedRef { $0.send(event) }
            } else {
                action?(event)
            }
        }

        /// Sends a value.
        @inlinable
        public func send(value: Value) { send(.value(value)) }

        /// Sends a failure, terminating the signal.
        @inlinable
        public func send(error: Error) { send(.failed(error)) }

        /// Completes the signal.
        @inlinable
        public func sendCompleted() { send(.completed) }

        /// Interrupts the signal.
        @inlinable
        public func sendInterrupted() { send(.interrupted) }
    }
}
