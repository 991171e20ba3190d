import Signals

/// What the add-friend screen tells its view model.
public protocol AddFriendViewModelInputs {
    /// The first-name field changed.
    func firstnameChanged(firstname: String)
    /// The last-name field changed.
    func lastnameChanged(lastname: String)
    /// The phone-number field changed.
    func phonenumberChanged(phonenumber: String)
    /// The submit button was tapped.
    func submitButtonTapped()
}

/// What the add-friend screen should show and do.
public protocol AddFriendViewModelOutputs {
    /// Whether submit is enabled: all three fields non-empty and no save in flight. A property,
    /// like register's button: its current value (false) is sent on observation.
    var submitButtonEnabled: Property<Bool> { get }
    /// Whether a save is in flight (current value sent on observation). Turns false after the
    /// save's `navigateBack` or `alert`.
    var isLoading: Property<Bool> { get }
    /// The friend was saved: go back to the list (which should then reload, `friendUpdated`).
    var navigateBack: Signal<Void, Never> { get }
    /// The save failed: "Could not save" with a user-facing message and an "OK" button.
    var alert: Signal<Alert, Never> { get }
}

/// The add-friend view model's two faces.
public protocol AddFriendViewModelType {
    /// Inputs.
    var inputs: AddFriendViewModelInputs { get }
    /// Outputs.
    var outputs: AddFriendViewModelOutputs { get }
}

/// Adding a friend, from seed 004 (RxSwift MVVM Friends app): the shared ``FriendForm``
/// saving with `FriendsService.create`.
///
/// Submit is enabled when all three fields contain text and no save is in flight; a tap while
/// disabled does nothing, so repeated taps while saving make one save. A save still in flight
/// when the view model goes away is cancelled.
public final class AddFriendViewModel: AddFriendViewModelType, AddFriendViewModelInputs, AddFriendViewModelOutputs {
    /// An add-friend form using `environment.friendsService`.
    public init(environment: Environment) {
        let service = environment.friendsService
        let form = FriendForm(
            firstname: firstnameChangedProperty.signal,
            lastname: lastnameChangedProperty.signal,
            phonenumber: phonenumberChangedProperty.signal,
            submitPressed: submitButtonTappedProperty.signal,
            blocked: Property(value: false),
            save: { draft in service.create(draft) },
            lifetime: lifetime
        )

        submitButtonEnabled = form.submitButtonEnabled
        isLoading = form.isSaving
        navigateBack = form.navigateBack
        alert = form.alert
    }

    /// Ends when the view model is deinitialized: a save in flight is interrupted.
    private let (lifetime, lifetimeToken) = Lifetime.make()

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

    public let submitButtonEnabled: Property<Bool>
    public let isLoading: Property<Bool>
    public let navigateBack: Signal<Void, Never>
    public let alert: Signal<Alert, Never>

    public var inputs: AddFriendViewModelInputs { self }
    public var outputs: AddFriendViewModelOutputs { self }
}
