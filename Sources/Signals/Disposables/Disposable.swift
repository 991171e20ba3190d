import Synchronization

/// Something that can be cancelled once; disposing again does nothing.
public protocol Disposable: AnyObject {
    /// Whether `dispose()` has been called.
    var isDisposed: Bool { get }
    /// Releases the resource or cancels the work. Idempotent and thread-safe.
    func dispose()
}

/// A disposable that runs a closure the first time it is disposed.
public final class AnyDisposable: Disposable, @unchecked Sendable {
    /// Guards `action`.
    @usableFromInline
    let lock = Lock()
    /// The action; taken out (and so released) by the first `dispose()`.
    @usableFromInline
    var action: (() -> Void)?
    @usableFromInline
    let disposed = Atomic<Bool>(false)

    /// A disposable that runs `action` once, on first disposal.
    @inlinable
    public init(_ action: @escaping () -> Void) {
        self.action = action
    }

    /// A disposable with nothing to do; it only records that it was disposed.
    @inlinable
    public init() {
        self.action = nil
    }

    /// Wraps another disposable.
    @inlinable
    public convenience init(_ disposable: Disposable) {
        self.init { disposable.dispose() }
    }

    @inlinable
    public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    @inlinable
    public func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let work: (() -> Void)? = lock.withLock {
            defer { action = nil }
            return action
        }
        work?()
    }
}

/// Disposes the wrapped disposable when this object is deinitialized: ties work to a scope.
public final class ScopedDisposable<Inner: Disposable>: Disposable {
    /// The wrapped disposable.
    public let inner: Inner

    /// Ties `inner` to the lifetime of this object.
    @inlinable
    public init(_ inner: Inner) {
        self.inner = inner
    }

    deinit { inner.dispose() }

    @inlinable
    public var isDisposed: Bool { inner.isDisposed }

    @inlinable
    public func dispose() { inner.dispose() }
}

extension ScopedDisposable where Inner == AnyDisposable {
    /// Ties any disposable to the lifetime of this object.
    @inlinable
    public convenience init(_ disposable: Disposable) {
        self.init(AnyDisposable(disposable))
    }
}
