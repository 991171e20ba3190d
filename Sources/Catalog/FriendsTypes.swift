import FoundationEssentials
import Host
import JSON
import ViewModels

// The friends screens (seed 004): a list, an add form and an update form over one
// `FriendsService`. With the built-in service they all share ONE store per session, so a
// friend added through `addFriend` shows in `friendList`.

extension BuiltinCatalog {
    /// `friendList`: the friends, with delete (seed 004).
    static func friendList(named name: String) -> ViewModelDeclaration<FriendListViewModel> {
        ViewModelDeclaration<FriendListViewModel>(
            name,
            summary: "The friend list: loads on viewDidLoad, refresh, friendUpdated and after a delete; alerts on a failed delete.",
            options: FriendsOptions.shared,
            make: { context throws(CreationFailure) in FriendListViewModel(environment: try friendsEnvironment(context)) },
            inputs: [
                .input("viewDidLoad", summary: "The screen appeared: load the friends.") { vm in vm.inputs.viewDidLoad() },
                .input("refresh", summary: "Load the friends again.") { vm in vm.inputs.refresh() },
                .input("deleteFriend", Param("id", Int.self), summary: "Delete a friend, then reload.") { vm, id in vm.inputs.deleteFriend(id: id) },
                .input("friendUpdated", summary: "Another screen saved a friend: load again.") { vm in vm.inputs.friendUpdated() },
            ],
            outputs: [
                .output("cells", \.outputs.cells, summary: "The rows: normal cells, or a single empty or error cell."),
                .output("isLoading", \.outputs.isLoading, summary: "Whether a load or delete is in flight; sent on creation."),
                .output("alert", \.outputs.alert, summary: "A failed delete: title, message, button."),
            ]
        )
    }

    /// `addFriend`: the add form (seed 004).
    static func addFriend(named name: String) -> ViewModelDeclaration<AddFriendViewModel> {
        ViewModelDeclaration<AddFriendViewModel>(
            name,
            summary: "Add a friend: submit enabled when all three fields have text and nothing is saving.",
            options: FriendsOptions.shared,
            make: { context throws(CreationFailure) in AddFriendViewModel(environment: try friendsEnvironment(context)) },
            inputs: friendFormInputs(),
            outputs: [
                .output("submitButtonEnabled", \.outputs.submitButtonEnabled, summary: "Whether submit is enabled; sent on creation."),
                .output("isLoading", \.outputs.isLoading, summary: "Whether a save is in flight; sent on creation."),
                .output("navigateBack", \.outputs.navigateBack, summary: "The friend was saved."),
                .output("alert", \.outputs.alert, summary: "A failed save: title, message, button."),
            ]
        )
    }

    /// `updateFriend`: the update form for an existing friend (seed 004).
    static func updateFriend(named name: String) -> ViewModelDeclaration<UpdateFriendViewModel> {
        ViewModelDeclaration<UpdateFriendViewModel>(
            name,
            summary: "Update a friend: viewDidLoad sends the title and loads the fields; then as addFriend, saving with an update.",
            options: FriendsOptions.shared + [FriendsOptions.friendId],
            make: { context throws(CreationFailure) in
                UpdateFriendViewModel(friendId: try context.value(of: FriendsOptions.friendId), environment: try friendsEnvironment(context))
            },
            inputs: [
                .input("viewDidLoad", summary: "The screen appeared: send the title and load the friend.") { vm in vm.inputs.viewDidLoad() },
            ] + friendFormInputs(),
            outputs: [
                .output("title", \.outputs.title, summary: "\"Update Friend\", on viewDidLoad."),
                .output("firstname", \.outputs.firstname, summary: "The loaded first name."),
                .output("lastname", \.outputs.lastname, summary: "The loaded last name."),
                .output("phonenumber", \.outputs.phonenumber, summary: "The loaded phone number."),
                .output("submitButtonEnabled", \.outputs.submitButtonEnabled, summary: "Whether submit is enabled; sent on creation."),
                .output("isLoading", \.outputs.isLoading, summary: "Whether the friend is being loaded or saved; sent on creation."),
                .output("navigateBack", \.outputs.navigateBack, summary: "The changes were saved."),
                .output("alert", \.outputs.alert, summary: "A failed load or save: title, message, button."),
            ]
        )
    }

    /// The friends screens' `create` options.
    enum FriendsOptions {
        static let service = CreateOption.service(delegating: "friendsService/list, get, create, update and delete")
        static let latency = CreateOption.latency(default: 100, summary: "Built-in store latency in milliseconds for this instance")
        /// `updateFriend` only.
        static let friendId = CreateOption.required("friendId", Int.self, summary: "the id of the friend to update")
        /// What every friends screen takes.
        static let shared: [any AnyCreateOption] = [service, latency]
    }

    /// The form inputs `addFriend` and `updateFriend` share.
    private static func friendFormInputs<Model: FriendFormInputs>() -> [InputDefinition<Model>] {
        [
            .input("firstnameChanged", Param("firstname", String.self), summary: "The first-name field changed.") { vm, text in vm.firstnameChanged(firstname: text) },
            .input("lastnameChanged", Param("lastname", String.self), summary: "The last-name field changed.") { vm, text in vm.lastnameChanged(lastname: text) },
            .input("phonenumberChanged", Param("phonenumber", String.self), summary: "The phone-number field changed.") { vm, text in vm.phonenumberChanged(phonenumber: text) },
            .input("submitButtonTapped", summary: "The submit button was tapped.") { vm in vm.submitButtonTapped() },
        ]
    }

    /// The services of a friends screen: the client's, or this session's built-in store.
    private static func friendsEnvironment(_ context: CreationContext) throws(CreationFailure) -> Environment {
        try context.environment(
            \.friendsService, chosenBy: FriendsOptions.service,
            client: { ClientFriendsService(client: $0, instance: $1) },
            builtin: { () throws(CreationFailure) in
                try sessionFriendsStore(context).answering(after: try context.seconds(of: FriendsOptions.latency))
            }
        )
    }

    /// The session's one built-in store, made by the first friends screen: a PostgreSQL
    /// database at the `database` setting (`--database URL`), a SQLite database at the
    /// `dataFile` setting (`--data-file`), otherwise in memory with the sample friends. A database that cannot be opened fails this `create` with -32002
    /// (and every later one, each trying again); a file that is not ours is never written.
    private static func sessionFriendsStore(_ context: CreationContext) throws(CreationFailure) -> FriendsStore {
        try context.storage.value(for: "friends.store") { () throws(CreationFailure) -> FriendsStore in
            do throws(FriendsStorageFailure) {
                if let url = context.settings["database"]?.stringValue {
                    return FriendsStore(storage: try PostgresFriendsStorage(url: url), scheduler: context.scheduler, log: context.log)
                }
                guard let path = context.settings["dataFile"]?.stringValue else {
                    return FriendsStore(scheduler: context.scheduler)
                }
                return FriendsStore(storage: try SQLiteFriendsStorage(path: path), scheduler: context.scheduler, log: context.log)
            } catch {
                throw CreationFailure(error.description)
            }
        }
    }
}

/// The session's friends store holds the database connection: the daemon closes it before it
/// exits (`Session.closeResources()`).
extension FriendsStore: SessionResource {}

/// The inputs of the two friend forms, so their declarations are written once.
protocol FriendFormInputs: AnyObject {
    func firstnameChanged(firstname: String)
    func lastnameChanged(lastname: String)
    func phonenumberChanged(phonenumber: String)
    func submitButtonTapped()
}

extension AddFriendViewModel: FriendFormInputs {}
extension UpdateFriendViewModel: FriendFormInputs {}
