/// Represents how long something lives: observers can attach work to its end.
///
/// A signal's generator receives the lifetime of the signal; `Lifetime.make()` gives a
/// lifetime ended by a token (typically held by an object, so the lifetime ends when the
/// object is deinitialized).
///
/// The disposables are held here directly (not in a separate `CompositeDisposable`): every
/// operator's signal has a lifetime, so its size is the memory cost of every small graph.
public final class Lifetime: @unchecked Sendable {
    /// Guards `children` and `nextToken`.
    private let lock = Lock()
    /// What to dispose at the end; nil once ended.
    @exclusivity(unchecked) private var children: ContiguousArray<(token: UInt32, disposable: Disposable)>? = []
    @exclusivity(unchecked) private var nextToken: UInt32 = 0

    init() {}

    /// A lifetime that ends when `disposables` is disposed.
    public convenience init(_ disposables: CompositeDisposable) {
        self.init()
        disposables.add(AnyDisposable { [weak self] in self?.end() })
    }

    /// Whether the lifetime has ended.
    public var hasEnded: Bool {
        lock.withLock { children == nil }
    }

    /// Runs `action` when the lifetime ends (at once if it already has). Returns a handle that
    /// cancels the registration.
    @discardableResult
    public func observeEnded(_ action: @escaping () -> Void) -> Disposable? {
        add(AnyDisposable(action))
    }

    /// A signal that completes when the lifetime ends.
    public var ended: Signal<Never, Never> {
        Signal { observer, signalLifetime in
            signalLifetime += self.observeEnded { observer.sendCompleted() }
        }
    }

    /// Disposes `disposable` when `lifetime` ends.
    @discardableResult
    public static func += (lifetime: Lifetime, disposable: Disposable?) -> Disposable? {
        guard let disposable else { return nil }
        return lifetime.add(disposable)
    }

    /// Adds `disposable` (disposing it at once if the lifetime has ended).
    private func add(_ disposable: Disposable) -> Disposable? {
        let token: UInt32? = lock.withLock {
            guard children != nil else { return nil }
            nextToken &+= 1
            children?.append((nextToken, disposable))
            return nextToken
        }
        guard let token else {
            disposable.dispose()
            return nil
        }
        return Handle(lifetime: self, token: token)
    }

    /// Forgets a child without disposing it.
    private func remove(_ token: UInt32) {
        let removed: Disposable? = lock.withLock {
            guard let index = children?.firstIndex(where: { $0.token == token }) else { return nil }
            return children?.remove(at: index).disposable
        }
        // Released outside the lock: its deinit may run arbitrary code.
        _ = removed
    }

    /// Ends the lifetime now: disposes every child, outside the lock.
    func end() {
        let taken = lock.withLock { () -> ContiguousArray<(token: UInt32, disposable: Disposable)>? in
            defer { children = nil }
            return children
        }
        for child in taken ?? [] { child.disposable.dispose() }
    }

    /// A lifetime and the token that ends it when the token is deinitialized (or `dispose()`d).
    public static func make() -> (lifetime: Lifetime, token: Token) {
        let lifetime = Lifetime()
        return (lifetime, Token(lifetime))
    }

    /// A lifetime that has already ended.
    public static let empty: Lifetime = {
        let lifetime = Lifetime()
        lifetime.end()
        return lifetime
    }()

    /// Removes one child from its lifetime without disposing it (what `+=` returns).
    private final class Handle: Disposable, @unchecked Sendable {
        private weak var lifetime: Lifetime?
        private let token: UInt32

        init(lifetime: Lifetime, token: UInt32) {
            self.lifetime = lifetime
            self.token = token
        }

        var isDisposed: Bool { lifetime == nil }

        func dispose() {
            lifetime?.remove(token)
            lifetime = nil
        }
    }

    /// Ends its lifetime when deinitialized: store it in the object whose lifetime it is.
    public final class Token: @unchecked Sendable {
        private let lifetime: Lifetime

        init(_ lifetime: Lifetime) {
            self.lifetime = lifetime
        }

        /// Ends the lifetime now rather than at deinitialization.
        public func dispose() {
            lifetime.end()
        }

        deinit {
            lifetime.end()
        }
    }
}
