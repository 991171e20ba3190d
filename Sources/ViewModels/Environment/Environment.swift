import Signals

/// Everything a view model needs from the outside world, injected (never a global), so tests,
/// the daemon and apps can swap any part.
///
/// Services must deliver their events on `scheduler`: view models do no thread hopping of
/// their own, which keeps them deterministic under a `TestScheduler` and keeps the daemon's
/// attribution of outputs (which reply caused what) exact.
public struct Environment {
    /// Time and the place where all view-model work happens.
    public var scheduler: DateScheduler
    /// The registration backend (register screen).
    public var registerService: RegisterService
    /// The payment processor behind checkout.
    public var paymentService: PaymentService
    /// The friends backend (friend list, add, update).
    public var friendsService: FriendsService

    /// An environment with explicit services.
    public init(
        scheduler: DateScheduler,
        registerService: RegisterService,
        paymentService: PaymentService,
        friendsService: FriendsService
    ) {
        self.scheduler = scheduler
        self.registerService = registerService
        self.paymentService = paymentService
        self.friendsService = friendsService
    }

    /// The built-in simulated services on `scheduler`: registration answers with a token after
    /// 300 ms, payments succeed, friends live in memory seeded with sample friends.
    public static func builtIn(scheduler: DateScheduler) -> Environment {
        Environment(
            scheduler: scheduler,
            registerService: SimulatedRegisterService(scheduler: scheduler),
            paymentService: SimulatedPaymentService(scheduler: scheduler),
            friendsService: FriendsStore(scheduler: scheduler)
        )
    }
}
