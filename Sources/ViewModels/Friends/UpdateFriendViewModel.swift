import Signals

/// What the update-friend screen tells its view model.
public protocol UpdateFriendViewModelInputs {
    /// The screen appeared: sends the title and loads the friend.
    func viewDidLoad()
    /// The first-name field changed.
    func firstnameChanged(firstname: String)
    /// The last-name field changed.
    func lastnameChanged(lastname: String)
    /// The phone-number field changed.
    func phonenumberChanged(phonenumber: String)
    /// The submit button was tapped.
    func submitButtonTapped()
}

/// What the update-friend screen should show and do.
public protocol UpdateFriendViewModelOutputs {
    /// "Update Friend", sent on `viewDidLoad`.
    var title: Signal<String, Never> { get }
    /// The friend's first name, once loaded (fill the field with it).
    var firstname: Signal<String, Never> { get }
    /// The friend's last name, once loaded.
    var lastname: Signal<String, Never> { get }
    /// The friend's phone number, once loaded.
    var phonenumber: Signal<String, Never> { get }
    /// Whether submit is enabled: all three fields non-empty, the friend not being loaded and
    /// no save in flight (current value, false at first, sent on observation).
    var submitButtonEnabled: Property<Bool> { get }
    /// Whether the friend is being loaded or saved (current value sent on observation). Turns
    /// false after the request's fields, `navigateBack` or `alert`.
    var isLoading: Property<Bool> { get }
    /// The changes were saved: go back to the list (which should then reload, `friendUpdated`).
    var navigateBack: Signal<Void, Never> { get }
    /// Loading failed ("Could not load") or saving failed ("Could not save"), with a
    /// user-facing message and an "OK" button.
    var alert: Signal<Alert, Never> { get }
}

/// The update-friend view model's two faces.
public protocol UpdateFriendViewModelType {
    /// Inputs.
    var inputs: UpdateFriendViewModelInputs { get }
    /// Outputs.
    var outputs: UpdateFriendViewModelOutputs { get }
}

/// Editing an existing friend, from seed 004: created with the friend's id; on `viewDidLoad`
/// it sends the title and loads the friend, fills the form (and the view's fields) with it,
/// then behaves as ``AddFriendViewModel`` but saves with `FriendsService.update`.
///
/// The loaded values become the form's values, so an untouched form can be saved as is. A
/// friend that cannot be loaded leaves the fields empty (submit stays disabled until the user
/// fills them) and shows a "Could not load" alert.
public final class UpdateFriendViewModel: UpdateFriendViewModelType, UpdateFriendViewModelInputs, UpdateFriendViewModelOutputs {
    /// A form editing the friend `friendId` using `environment.friendsService`.
    public init(friendId: Int, environment: Environment) {
        let service = environment.friendsService
        title = viewDidLoadProperty.signal.mapConst("Update Friend")

        let loadsStarted = viewDidLoadProperty.signal.mapConst(true)

        // Every event of each load, as a value; interrupted when the view model goes away.
        let loads = viewDidLoadProperty.signal
            .flatMap(.latest) { service.friend(id: friendId).materialize() }
            .take(during: lifetime)
        // Results are wired before the loading state, so they are sent before isLoading ends.
        let loaded = loads.values()
        firstname = loaded.map(\.firstname)
        lastname = loaded.map(\.lastname)
        phonenumber = loaded.map(\.phonenumber)
        let loadFailed = loads.errors().map { Alert.failure("Could not load", $0) }
        let isFetching = Property(
            initial: false,
            then: Signal.merge(loadsStarted, loads.filter(\.isTerminating).mapConst(false))
        )

        let form = FriendForm(
            firstname: Signal.merge(loaded.map(\.firstname), firstnameChangedProperty.signal),
            lastname: Signal.merge(loaded.map(\.lastname), lastnameChangedProperty.signal),
            phonenumber: Signal.merge(loaded.map(\.phonenumber), phonenumberChangedProperty.signal),
            submitPressed: submitButtonTappedProperty.signal,
            blocked: isFetching,
            save: { draft in service.update(friend(friendId, draft)) },
            lifetime: lifetime
        )

        submitButtonEnabled = form.submitButtonEnabled
        isLoading = Property.combineLatest(isFetching, form.isSaving)
            .map { fetching, saving in fetching || saving }
            .skipRepeats()
        navigateBack = form.navigateBack
        alert = Signal.merge(loadFailed, form.alert)
    }

    /// Ends when the view model is deinitialized: a load or save in flight is interrupted.
    private let (lifetime, lifetimeToken) = Lifetime.make()

    private let viewDidLoadProperty = MutableProperty(())
    public func viewDidLoad() {
        viewDidLoadProperty.value = ()
    }

    private let firstnameChangedProperty = MutableProperty("")
    public func firstnameChanged(firstname: String) {
        firstnameChangedProperty.value = firstname
    }

    private let lastnameChangedProperty = MutableProperty("")
    public func lastnameChanged(lastname: String) {
        lastnameChangedProperty.value = lastname
    }

    private let phonenumberChangedProperty = MutableProperty("")
    public func phonenumberChanged(phonenumber: String) {
        phonenumberChangedProperty.value = phonenumber
    }

    private let submitButtonTappedProperty = MutableProperty(())
    public func submitButtonTapped() {
        submitButtonTappedProperty.value = ()
    }

    public let title: Signal<String, Never>
    public let firstname: Signal<String, Never>
    public let lastname: Signal<String, Never>
    public let phonenumber: Signal<String, Never>
    public let submitButtonEnabled: Property<Bool>
    public let isLoading: Property<Bool>
    public let navigateBack: Signal<Void, Never>
    public let alert: Signal<Alert, Never>

    public var inputs: UpdateFriendViewModelInputs { self }
    public var outputs: UpdateFriendViewModelOutputs { self }
}

/// The friend `id` with the form's fields.
private func friend(_ id: Int, _ draft: FriendDraft) -> Friend {
    Friend(id: id, firstname: draft.firstname, lastname: draft.lastname, phonenumber: draft.phonenumber)
}
