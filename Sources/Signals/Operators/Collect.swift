extension Signal {
    /// Sends every value as one array when this signal completes, then completes. If no value
    /// was sent, the array is empty (ReactiveSwift's rule). A failure or an interruption is
    /// forwarded and the collected values are dropped.
    @inlinable
    public func collect() -> Signal<[Value], Error> {
        collect { _ in false }
    }

    /// Sends the values in arrays of `count`. When this signal completes, the values collected
    /// since the last full array are sent if there are any; if no value at all was sent, an
    /// empty array is (ReactiveSwift's rule, as for `collect()`).
    @inlinable
    public func collect(count: Int) -> Signal<[Value], Error> {
        precondition(count > 0, "collect(count:) needs a count of at least 1")
        return collect { $0.count == count }
    }

    /// Collects values and sends the array each time `shouldEmit`, given the values collected
    /// so far (the latest included), returns true; collection then starts over. On completion
    /// the remaining values are sent whatever `shouldEmit` says, or an empty array if no value
    /// was ever sent.
    @inlinable
    public func collect(_ shouldEmit: @escaping ([Value]) -> Bool) -> Signal<[Value], Error> {
        Signal<[Value], Error> { observer, lifetime in
            let state = StateBox(CollectState<Value>())
            lifetime += self.observe { event in
                switch event {
                case let .value(value):
                    let collected: [Value] = state.modify { state in
                        state.values.append(value)
                        state.hasReceivedValues = true
                        return state.values
                    }
                    // `shouldEmit` is user code: it runs outside the lock, on a copy.
                    guard shouldEmit(collected) else { return }
                    state.modify { $0.values.removeAll(keepingCapacity: true) }
                    observer.send(value: collected)
                case let .failed(error):
                    observer.send(error: error)
                case .completed:
                    let remainder: [Value]? = state.modify { state in
                        if !state.values.isEmpty || !state.hasReceivedValues { return state.values }
                        return nil
                    }
                    if let remainder { observer.send(value: remainder) }
                    observer.sendCompleted()
                case .interrupted:
                    observer.sendInterrupted()
                }
            }
        }
    }
}

extension SignalProducer {
    /// Sends every value as one array when the producer completes; see `Signal.collect()`.
    @inlinable
    public func collect() -> SignalProducer<[Value], Error> {
        lift { $0.collect() }
    }

    /// Sends the values in arrays of `count`; see `Signal.collect(count:)`.
    @inlinable
    public func collect(count: Int) -> SignalProducer<[Value], Error> {
        precondition(count > 0, "collect(count:) needs a count of at least 1")
        return lift { $0.collect(count: count) }
    }

    /// Sends the collected values whenever `shouldEmit` says so; see `Signal.collect(_:)`.
    @inlinable
    public func collect(_ shouldEmit: @escaping ([Value]) -> Bool) -> SignalProducer<[Value], Error> {
        lift { $0.collect(shouldEmit) }
    }
}

/// What one `collect` subscription has gathered.
@usableFromInline
struct CollectState<Value> {
    @inlinable
    init() {}

    @usableFromInline
    var values: [Value] = []
    /// Distinguishes "nothing was ever sent" (an empty array goes out on completion) from
    /// "everything was already sent in full arrays" (nothing more goes out).
    @usableFromInline
    var hasReceivedValues = false
}
