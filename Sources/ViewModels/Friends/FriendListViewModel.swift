import Signals

/// What the friend list tells its view model.
public protocol FriendListViewModelInputs {
    /// The screen appeared: load the friends.
    func viewDidLoad()
    /// The user pulled to refresh: load again.
    func refresh()
    /// The user deleted the friend `id`.
    func deleteFriend(id: Int)
    /// Another screen saved a friend (add or update navigated back): load again.
    func friendUpdated()
}

/// What the friend list should show.
public protocol FriendListViewModelOutputs {
    /// The rows after each load: one `normal` cell per friend, a single `empty` cell when there
    /// are none, or a single `error` cell with user-facing text when loading failed.
    var cells: Signal<[FriendCell], Never> { get }
    /// Whether a load or a delete is in flight; distinct until changed (current value, false
    /// at first, sent on observation). Turns false after the request's cells or alert.
    var isLoading: Property<Bool> { get }
    /// A delete failed: "Could not delete" with a user-facing message and an "OK" button.
    var alert: Signal<Alert, Never> { get }
}

/// The friend list's two faces.
public protocol FriendListViewModelType {
    /// Inputs.
    var inputs: FriendListViewModelInputs { get }
    /// Outputs.
    var outputs: FriendListViewModelOutputs { get }
}

/// The list of friends, from seed 004 (RxSwift MVVM Friends app).
///
/// Loads on `viewDidLoad`, `refresh`, `friendUpdated` and after each successful delete; a new
/// load replaces one still in flight. Deletes run as they are asked for (several may be in
/// flight); a failed one shows an alert and does not reload. Requests still in flight when the
/// view model goes away are cancelled.
public final class FriendListViewModel: FriendListViewModelType, FriendListViewModelInputs, FriendListViewModelOutputs {
    /// A friend list using `environment.friendsService`.
    public init(environment: Environment) {
        let service = environment.friendsService

        // Deletes first: their successes are one of the reasons to load.
        let deletesStarted = deleteFriendProperty.signal.mapConst(1)
        let deletes = deleteFriendProperty.signal
            .flatMap(.merge) { id in service.delete(id: id).materialize() }
            .take(during: lifetime)
        // Results are wired before the loading state, so they are sent before isLoading ends.
        alert = deletes.errors().map { Alert.failure("Could not delete", $0) }
        let deletesInFlight = Property(
            initial: 0,
            then: Signal.merge(deletesStarted, deletes.filter(\.isTerminating).mapConst(-1)).scan(0, +)
        )

        let loadRequests = Signal.merge(
            viewDidLoadProperty.signal,
            refreshProperty.signal,
            friendUpdatedProperty.signal,
            deletes.values()
        )
        // Observed before the load starts (see FriendForm: a synchronous answer still wins).
        let loadsStarted = loadRequests.mapConst(true)
        let loads = loadRequests
            .flatMap(.latest) { service.list().materialize() }
            .take(during: lifetime)
        cells = Signal.merge(
            loads.values().map(cells(for:)),
            loads.errors().map { [.error(message: failureMessage(for: $0))] }
        )
        let isFetching = Property(
            initial: false,
            then: Signal.merge(loadsStarted, loads.filter(\.isTerminating).mapConst(false))
        )

        isLoading = Property.combineLatest(isFetching, deletesInFlight)
            .map { fetching, deleting in fetching || deleting > 0 }
            .skipRepeats()
    }

    /// Ends when the view model is deinitialized: requests in flight are interrupted.
    private let (lifetime, lifetimeToken) = Lifetime.make()

    private let viewDidLoadProperty = MutableProperty(())
    public func viewDidLoad() {
        viewDidLoadProperty.value = ()
    }

    private let refreshProperty = MutableProperty(())
    public func refresh() {
        refreshProperty.value = ()
    }

    private let deleteFriendProperty = MutableProperty(0)
    public func deleteFriend(id: Int) {
        deleteFriendProperty.value = id
    }

    private let friendUpdatedProperty = MutableProperty(())
    public func friendUpdated() {
        friendUpdatedProperty.value = ()
    }

    public let cells: Signal<[FriendCell], Never>
    public let isLoading: Property<Bool>
    public let alert: Signal<Alert, Never>

    public var inputs: FriendListViewModelInputs { self }
    public var outputs: FriendListViewModelOutputs { self }
}

/// One normal cell per friend, or the single empty cell.
private func cells(for friends: [Friend]) -> [FriendCell] {
    friends.isEmpty ? [.empty] : friends.map(FriendCell.normal)
}
