/// A disposable that disposes many others together. Disposables added after it was disposed
/// are disposed at once.
public final class CompositeDisposable: Disposable, @unchecked Sendable {
    /// Guards `children` and `nextToken`.
    @usableFromInline
    let lock = Lock()
    /// nil once disposed; otherwise the children, each with the token that removes it.
    @usableFromInline
    var children: [(token: UInt64, disposable: Disposable)]? = []
    @usableFromInline
    var nextToken: UInt64 = 0

    /// An empty composite.
    @inlinable
    public init() {}

    /// A composite holding `disposables`.
    @inlinable
    public init<S: Sequence>(_ disposables: S) where S.Element == Disposable {
        for disposable in disposables { add(disposable) }
    }

    @inlinable
    public var isDisposed: Bool {
        lock.withLock { children == nil }
    }

    /// Adds a disposable. Returns a handle that removes it again without disposing it, or nil
    /// when the composite was already disposed (then `disposable` has been disposed).
    @discardableResult
    @inlinable
    public func add(_ disposable: Disposable?) -> Disposable? {
        guard let disposable else { return nil }
        let token: UInt64? = lock.withLock {
            guard children != nil else { return nil }
            nextToken += 1
            children?.append((nextToken, disposable))
            return nextToken
        }
        guard let token else {
            disposable.dispose()
            return nil
        }
        return AnyDisposable { [weak self] in
            self?.remove(token)
        }
    }

    /// Adds an action to run on disposal.
    @discardableResult
    @inlinable
    public func add(_ action: @escaping () -> Void) -> Disposable? {
        add(AnyDisposable(action))
    }

    @inlinable
    func remove(_ token: UInt64) {
        // Take the removed child out under the lock but release it outside: its deinit may
        // run arbitrary code.
        let removed: Disposable? = lock.withLock {
            guard let index = children?.firstIndex(where: { $0.token == token }) else { return nil }
            return children?.remove(at: index).disposable
        }
        _ = removed
    }

    @inlinable
    public func dispose() {
        let taken: [(token: UInt64, disposable: Disposable)]? = lock.withLock {
            defer { children = nil }
            return children
        }
        // Dispose outside the lock: children may run arbitrary code, even add to us again.
        for child in taken ?? [] { child.disposable.dispose() }
    }

    /// Adds `disposable` to `composite`.
    @discardableResult
    @inlinable
    public static func += (composite: CompositeDisposable, disposable: Disposable?) -> Disposable? {
        composite.add(disposable)
    }

    /// Adds `action` to `composite`.
    @discardableResult
    @inlinable
    public static func += (composite: CompositeDisposable, action: @escaping () -> Void) -> Disposable? {
        composite.add(action)
    }
}
