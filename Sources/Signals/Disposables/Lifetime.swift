/// Represents how long something lives: observers can attach work to its end.
///
/// A signal's generator receives the lifetime of the signal; `Lifetime.make()` gives a
/// lifetime ended by a token (typically held by an object, so the lifetime ends when the
/// object is deinitialized).
public final class Lifetime: @unchecked Sendable {
    /// Disposed when the lifetime ends.
    private let disposables: CompositeDisposable

    /// A lifetime that ends when `disposables` is disposed.
    public init(_ disposables: CompositeDisposable) {
        self.disposables = disposables
    }

    convenience init() {
        self.init(CompositeDisposable())
    }

    /// Whether the lifetime has ended.
    public var hasEnded: Bool { disposables.isDisposed }

    /// Runs `action` when the lifetime ends (at once if it already has). Returns a handle that
    /// cancels the registration.
    @discardableResult
    public func observeEnded(_ action: @escaping () -> Void) -> Disposable? {
        disposables.add(action)
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
        return lifetime.disposables.add(disposable)
    }

    /// Ends the lifetime now.
    func end() {
        disposables.dispose()
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
