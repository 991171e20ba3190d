/// Holds one disposable at a time: setting a new one disposes the previous one.
public final class SerialDisposable: Disposable, @unchecked Sendable {
    /// Guards `current` and `disposed`.
    @usableFromInline
    let lock = Lock()
    @usableFromInline
    var current: Disposable?
    @usableFromInline
    var disposed = false

    /// A serial disposable holding `inner`.
    @inlinable
    public init(_ inner: Disposable? = nil) {
        current = inner
    }

    @inlinable
    public var isDisposed: Bool {
        lock.withLock { disposed }
    }

    /// The current inner disposable. Setting it disposes the previous one; setting it after
    /// disposal disposes the new one at once.
    @inlinable
    public var inner: Disposable? {
        get { lock.withLock { current } }
        set {
            let (old, wasDisposed): (Disposable?, Bool) = lock.withLock {
                let old = current
                current = disposed ? nil : newValue
                return (old, disposed)
            }
            old?.dispose()
            if wasDisposed { newValue?.dispose() }
        }
    }

    @inlinable
    public func dispose() {
        let old: Disposable? = lock.withLock {
            guard !disposed else { return nil }
            disposed = true
            defer { current = nil }
            return current
        }
        old?.dispose()
    }
}
