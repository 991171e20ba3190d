import Signals

/// The form the add and update screens share (seed 004's `FriendViewModel` protocol): three
/// fields, a submit button enabled when all three have text, one save at a time, then back or
/// an alert. Each screen owns its inputs and composes one of these in its `init`; only what
/// is saved (a create or an update) and what else blocks the form differ.
final class FriendForm {
    /// Whether submit is enabled: all three fields non-empty, no save in flight, and nothing
    /// else blocking the form. Starts false.
    let submitButtonEnabled: Property<Bool>
    /// Whether a save is in flight. Starts false.
    let isSaving: Property<Bool>
    /// A save succeeded.
    let navigateBack: Signal<Void, Never>
    /// A save failed: "Could not save" with the failure's user-facing text.
    let alert: Signal<Alert, Never>

    /// A form over the values of its three fields (each starts empty) and presses of submit.
    ///
    /// - Parameters:
    ///   - blocked: other work during which submit is disabled (the update screen's fetch).
    ///   - save: the service call for a press of an enabled button, with the fields of that moment.
    ///   - lifetime: the owning view model's; a save still in flight when it ends is interrupted.
    init(
        firstname: Signal<String, Never>,
        lastname: Signal<String, Never>,
        phonenumber: Signal<String, Never>,
        submitPressed: Signal<Void, Never>,
        blocked: Property<Bool>,
        save: @escaping (FriendDraft) -> SignalProducer<Friend, ServiceError>,
        lifetime: Lifetime
    ) {
        let draft = Property.combineLatest(
            Property(initial: "", then: firstname),
            Property(initial: "", then: lastname),
            Property(initial: "", then: phonenumber)
        )
        .map(FriendDraft.init(firstname:lastname:phonenumber:))

        let isSaving = MutableProperty(false)
        let enabled = Property.combineLatest(draft.map(isComplete), isSaving, blocked)
            .map { complete, saving, blocked in complete && !saving && !blocked }
            .skipRepeats()

        // Presses of an enabled button only, carrying the fields of that moment: a press while
        // disabled or while saving does nothing.
        let attempts = submitPressed
            .filter { [enabled] in enabled.value }
            .map { [draft] _ in draft.value }

        // Observed before the save starts, so a service that answers synchronously still
        // leaves `isSaving` false at the end (true is set first, then the answer's false).
        let savesStarted = attempts.mapConst(true)

        // Every event of each save, as a value; interrupted when the view model goes away.
        let saves = attempts
            .flatMap(.latest) { draft in save(draft).materialize() }
            .take(during: lifetime)

        // Results are wired before the saving state, so they are sent before isSaving ends.
        navigateBack = saves.values().mapConst(())
        alert = saves.errors().map { Alert.failure("Could not save", $0) }
        isSaving <~ Signal.merge(savesStarted, saves.filter(\.isTerminating).mapConst(false))

        self.isSaving = Property(capturing: isSaving)
        submitButtonEnabled = enabled
    }
}

/// All three fields contain text.
private func isComplete(_ draft: FriendDraft) -> Bool {
    !draft.firstname.isEmpty && !draft.lastname.isEmpty && !draft.phonenumber.isEmpty
}
