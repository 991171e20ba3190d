import Dispatch
import Signals

/// A session on its serial executor: the one threading model behind every protocol and the REPL.
///
/// The daemon (`Daemon.StdioServer`) and the REPL (`SessionDriver`) both create their session
/// through this type, so both run it the same way: one serial queue, the executor, runs every
/// request and every scheduled action; the session's clock is a `QueueScheduler` on that queue
/// (or a `TestScheduler` under the virtual clock, moved only by `advance`). View models
/// therefore never see two threads.
///
/// Everything that touches the session goes through ``sync(_:)``, ``async(_:)`` or
/// ``asyncAfter(milliseconds:_:)``.
public final class SessionExecutor: @unchecked Sendable {
    /// The serial queue the session lives on.
    private let queue: DispatchQueue
    /// Used only on the executor (created in `init`, before any work reaches the queue, so
    /// queue submission orders its creation before every use).
    private let session: Session
    /// Whether the clock is virtual (scheduled work then never runs by itself).
    public let isVirtualClock: Bool
    private static let executorKey = DispatchSpecificKey<Bool>()

    /// Creates the executor and, on it, the session.
    ///
    /// - Parameters:
    ///   - label: the queue's name (shows in debuggers and crash reports).
    ///   - virtualClock: a `TestScheduler` clock moved only by `advance`, instead of real time.
    ///   - makeSession: builds the session with the clock (before any work is queued).
    public init(label: String, virtualClock: Bool, makeSession: (_ clock: DateScheduler) -> Session) {
        let queue = DispatchQueue(label: label)
        queue.setSpecific(key: Self.executorKey, value: true)
        self.queue = queue
        self.isVirtualClock = virtualClock
        let clock: DateScheduler = virtualClock ? TestScheduler() : QueueScheduler(queue: queue)
        session = makeSession(clock)
    }

    /// Runs `body` with the session on the executor and waits for it.
    ///
    /// Through Dispatch's non-generic `sync(execute:)`, the result carried out by hand: its
    /// generic `sync<T>` wraps the block in three more closures (a rescue for rethrowing, the
    /// flags' overload), several times the cost of this path on every request.
    public func sync<T, Failure: Error>(_ body: (Session) throws(Failure) -> T) throws(Failure) -> T {
        var value: T?
        var failure: Failure?
        queue.sync {
            do throws(Failure) {
                value = try body(session)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        // `dispatch_sync` runs its block before it returns, so one of the two is set.
        guard let value else { preconditionFailure("SessionExecutor.sync: the block did not run") }
        return value
    }

    /// Runs `body` with the session on the executor, later.
    public func async(_ body: @escaping @Sendable (Session) -> Void) {
        queue.async { [self] in body(session) }
    }

    /// Runs `body` with the session on the executor after `milliseconds`.
    public func asyncAfter(milliseconds: Int, _ body: @escaping @Sendable (Session) -> Void) {
        queue.asyncAfter(deadline: .now() + .milliseconds(milliseconds)) { [self] in body(session) }
    }

    /// Runs `body` with the session when the caller is already on the executor (inside a
    /// sink, a scheduled action or another executor call), where `sync` would deadlock.
    public func onExecutor<T>(_ body: (Session) -> T) -> T {
        precondition(isCurrent, "SessionExecutor.onExecutor called off the executor")
        return body(session)
    }

    /// Whether the caller is running on the executor.
    public var isCurrent: Bool { DispatchQueue.getSpecific(key: Self.executorKey) == true }

    /// Calls `done` on the executor once no one-shot scheduled work (a simulated service's
    /// latency, a timeout) is pending, or once `seconds` have passed, whichever is first.
    /// Under the virtual clock nothing runs by itself, so `done` is called at once.
    public func whenScheduledWorkFinishes(within seconds: Double, _ done: @escaping @Sendable (Session) -> Void) {
        let deadline = DispatchTime.now() + seconds
        async { [self] session in checkScheduledWork(session, deadline: deadline, done) }
    }

    private func checkScheduledWork(_ session: Session, deadline: DispatchTime, _ done: @escaping @Sendable (Session) -> Void) {
        if isVirtualClock || session.pendingScheduledWork == 0 || DispatchTime.now() >= deadline {
            return done(session)
        }
        // Checked again every few milliseconds: a latency finishing is rare and timing-only.
        asyncAfter(milliseconds: 5) { [self] session in checkScheduledWork(session, deadline: deadline, done) }
    }
}
