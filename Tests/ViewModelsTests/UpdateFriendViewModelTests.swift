import Signals
import SignalsTesting
import ViewModels
import XCTest

final class UpdateFriendViewModelTests: XCTestCase {
    private let scheduler = TestScheduler()
    private var service: FakeFriendsService!
    private var vm: UpdateFriendViewModelType!
    private let title = TestObserver<String, Never>()
    private let firstname = TestObserver<String, Never>()
    private let lastname = TestObserver<String, Never>()
    private let phonenumber = TestObserver<String, Never>()
    private let submitButtonEnabled = TestObserver<Bool, Never>()
    private let isLoading = TestObserver<Bool, Never>()
    private let navigateBack = TestObserver<Void, Never>()
    private let alert = TestObserver<Alert, Never>()

    override func setUp() {
        super.setUp()
        service = FakeFriendsService(scheduler: scheduler)
        vm = UpdateFriendViewModel(friendId: 2, environment: .friends(service, scheduler: scheduler))
        vm.outputs.title.observe(title.observer)
        vm.outputs.firstname.observe(firstname.observer)
        vm.outputs.lastname.observe(lastname.observer)
        vm.outputs.phonenumber.observe(phonenumber.observer)
        vm.outputs.submitButtonEnabled.producer.start(submitButtonEnabled.observer)
        vm.outputs.isLoading.producer.start(isLoading.observer)
        vm.outputs.navigateBack.observe(navigateBack.observer)
        vm.outputs.alert.observe(alert.observer)
    }

    private func load() {
        vm.inputs.viewDidLoad()
        scheduler.advance(by: 0.1)
    }

    func testTitle_SentOnViewDidLoad() {
        title.assertDidNotEmitValue()
        vm.inputs.viewDidLoad()
        title.assertValues(["Update Friend"])
    }

    func testFields_SentOnceTheFriendIsLoaded() {
        vm.inputs.viewDidLoad()
        isLoading.assertValues([false, true])
        firstname.assertDidNotEmitValue()
        scheduler.advance(by: 0.1)
        firstname.assertValues(["Grace"])
        lastname.assertValues(["Hopper"])
        phonenumber.assertValues(["+1 202 555 0142"])
        isLoading.assertValues([false, true, false])
        submitButtonEnabled.assertValues([false, true], "the loaded fields are complete")
        XCTAssertEqual(service.calls, ["get 2"])
    }

    func testFields_EditsAreNotEchoed() {
        load()
        vm.inputs.firstnameChanged(firstname: "Amazing Grace")
        firstname.assertValues(["Grace"])
    }

    func testSubmit_SavesWithAnUpdateThenNavigatesBack() {
        load()
        vm.inputs.phonenumberChanged(phonenumber: "+1 202 555 0199")
        vm.inputs.submitButtonTapped()
        isLoading.assertValues([false, true, false, true])
        submitButtonEnabled.assertValues([false, true, false])
        scheduler.advance(by: 0.1)
        navigateBack.assertValueCount(1)
        isLoading.assertValues([false, true, false, true, false])
        submitButtonEnabled.assertValues([false, true, false, true])
        XCTAssertEqual(service.calls, ["get 2", "update 2 Grace Hopper +1 202 555 0199"])
        XCTAssertEqual(service.friends[1], Friend(id: 2, firstname: "Grace", lastname: "Hopper", phonenumber: "+1 202 555 0199"))
        alert.assertDidNotEmitValue()
    }

    func testSubmit_UntouchedFormSavesTheLoadedValues() {
        load()
        vm.inputs.submitButtonTapped()
        scheduler.advance(by: 0.1)
        XCTAssertEqual(service.calls, ["get 2", "update 2 Grace Hopper +1 202 555 0142"])
        navigateBack.assertValueCount(1)
    }

    func testSubmit_WhileLoadingDoesNothing() {
        vm.inputs.viewDidLoad()
        vm.inputs.firstnameChanged(firstname: "G")
        vm.inputs.lastnameChanged(lastname: "H")
        vm.inputs.phonenumberChanged(phonenumber: "1")
        vm.inputs.submitButtonTapped()
        submitButtonEnabled.assertValues([false], "disabled while the friend is loading")
        scheduler.advance(by: 1)
        XCTAssertEqual(service.calls, ["get 2"])
    }

    func testSubmit_WhileAFieldIsEmptyDoesNothing() {
        load()
        vm.inputs.lastnameChanged(lastname: "")
        vm.inputs.submitButtonTapped()
        scheduler.advance(by: 1)
        submitButtonEnabled.assertValues([false, true, false])
        XCTAssertEqual(service.calls, ["get 2"])
    }

    func testSubmit_RepeatedTapsWhileSavingMakeOneUpdate() {
        load()
        vm.inputs.submitButtonTapped()
        vm.inputs.submitButtonTapped()
        vm.inputs.submitButtonTapped()
        scheduler.advance(by: 0.1)
        XCTAssertEqual(service.calls, ["get 2", "update 2 Grace Hopper +1 202 555 0142"])
        navigateBack.assertValueCount(1)
    }

    func testLoadFailure_AlertsAndLeavesTheFormEmpty() {
        service.friendError = ServiceError(.notFound, reason: "no friend with id 2")
        load()
        alert.assertValues([Alert(title: "Could not load", message: "This friend no longer exists.", button: "OK")])
        firstname.assertDidNotEmitValue()
        submitButtonEnabled.assertValues([false])
        isLoading.assertValues([false, true, false])
    }

    func testSaveFailure_AlertTextForEveryFailureKind() {
        load()
        for (kind, _) in failureTexts {
            service.updateError = failure(kind)
            vm.inputs.submitButtonTapped()
            scheduler.advance(by: 0.1)
        }
        alert.assertValues(failureTexts.map { Alert(title: "Could not save", message: $0.1, button: "OK") })
        navigateBack.assertDidNotEmitValue()
    }

    func testDeinit_CancelsTheLoadInFlight() {
        vm.inputs.viewDidLoad()
        weak let released = vm as? UpdateFriendViewModel
        vm = nil
        XCTAssertNil(released, "nothing should keep the view model alive")
        XCTAssertEqual(service.interrupted, 1)
        scheduler.advance(by: 1)
        firstname.assertDidNotEmitValue()
    }

    func testDeinit_CancelsTheSaveInFlight() {
        load()
        vm.inputs.firstnameChanged(firstname: "Amazing Grace")
        vm.inputs.submitButtonTapped()
        vm = nil
        XCTAssertEqual(service.interrupted, 1)
        scheduler.advance(by: 1)
        navigateBack.assertDidNotEmitValue()
        XCTAssertEqual(service.friends, FakeFriendsService.friends, "a cancelled save changes nothing")
    }
}
