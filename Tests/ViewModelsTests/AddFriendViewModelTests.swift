import Signals
import SignalsTesting
import ViewModels
import XCTest

final class AddFriendViewModelTests: XCTestCase {
    private let scheduler = TestScheduler()
    private var service: FakeFriendsService!
    private var vm: AddFriendViewModelType!
    private let submitButtonEnabled = TestObserver<Bool, Never>()
    private let isLoading = TestObserver<Bool, Never>()
    private let navigateBack = TestObserver<Void, Never>()
    private let alert = TestObserver<Alert, Never>()

    override func setUp() {
        super.setUp()
        makeViewModel(FakeFriendsService(scheduler: scheduler))
    }

    private func makeViewModel(_ service: FakeFriendsService) {
        self.service = service
        vm = AddFriendViewModel(environment: .friends(service, scheduler: scheduler))
        vm.outputs.submitButtonEnabled.producer.start(submitButtonEnabled.observer)
        vm.outputs.isLoading.producer.start(isLoading.observer)
        vm.outputs.navigateBack.observe(navigateBack.observer)
        vm.outputs.alert.observe(alert.observer)
    }

    private func fillForm() {
        vm.inputs.firstnameChanged(firstname: "Katherine")
        vm.inputs.lastnameChanged(lastname: "Johnson")
        vm.inputs.phonenumberChanged(phonenumber: "+1 757 555 0100")
    }

    func testSubmitButtonEnabled_WhenAllThreeFieldsHaveText() {
        submitButtonEnabled.assertValues([false], "a property: its current value is sent on observation")
        vm.inputs.firstnameChanged(firstname: "Katherine")
        vm.inputs.lastnameChanged(lastname: "Johnson")
        submitButtonEnabled.assertValues([false])
        vm.inputs.phonenumberChanged(phonenumber: "+1 757 555 0100")
        submitButtonEnabled.assertValues([false, true])
        vm.inputs.lastnameChanged(lastname: "Johnson-Goble")
        submitButtonEnabled.assertValues([false, true], "no repeats for unchanged values")
        vm.inputs.firstnameChanged(firstname: "")
        submitButtonEnabled.assertValues([false, true, false])
    }

    func testSubmit_WhileDisabledDoesNothing() {
        vm.inputs.firstnameChanged(firstname: "Katherine")
        vm.inputs.submitButtonTapped()
        scheduler.advance(by: 1)
        XCTAssertEqual(service.calls, [])
        isLoading.assertValues([false])
        navigateBack.assertDidNotEmitValue()
        alert.assertDidNotEmitValue()
    }

    func testSubmit_SavesThenNavigatesBack() {
        fillForm()
        vm.inputs.submitButtonTapped()
        isLoading.assertValues([false, true])
        submitButtonEnabled.assertValues([false, true, false])
        navigateBack.assertDidNotEmitValue()
        scheduler.advance(by: 0.1)
        navigateBack.assertValueCount(1)
        isLoading.assertValues([false, true, false])
        submitButtonEnabled.assertValues([false, true, false, true])
        alert.assertDidNotEmitValue()
        XCTAssertEqual(service.calls, ["create Katherine Johnson +1 757 555 0100"])
        XCTAssertEqual(service.friends.last, Friend(id: 3, firstname: "Katherine", lastname: "Johnson", phonenumber: "+1 757 555 0100"))
    }

    func testSubmit_RepeatedTapsWhileSavingMakeOneSave() {
        fillForm()
        vm.inputs.submitButtonTapped()
        vm.inputs.submitButtonTapped()
        scheduler.advance(by: 0.05)
        vm.inputs.submitButtonTapped()
        scheduler.advance(by: 0.1)
        XCTAssertEqual(service.calls.count, 1)
        navigateBack.assertValueCount(1)
        isLoading.assertValues([false, true, false])
    }

    func testSubmit_UsesTheFieldsOfTheMomentOfTheTap() {
        fillForm()
        vm.inputs.submitButtonTapped()
        vm.inputs.firstnameChanged(firstname: "Kathy")
        scheduler.advance(by: 0.1)
        XCTAssertEqual(service.calls, ["create Katherine Johnson +1 757 555 0100"])
    }

    func testSubmit_FailureAlertsAndEnablesTheButtonAgain() {
        service.createError = ServiceError(.storage, reason: "disk full")
        fillForm()
        vm.inputs.submitButtonTapped()
        scheduler.advance(by: 0.1)
        alert.assertValues([Alert(title: "Could not save", message: "Your change could not be saved.", button: "OK")])
        navigateBack.assertDidNotEmitValue()
        isLoading.assertValues([false, true, false])
        submitButtonEnabled.assertValues([false, true, false, true])
    }

    func testAlert_TextForEveryFailureKind() {
        XCTAssertEqual(failureTexts.map(\.0), ServiceError.Kind.allCases, "every kind has a text")
        fillForm()
        for (kind, _) in failureTexts {
            service.createError = failure(kind)
            vm.inputs.submitButtonTapped()
            scheduler.advance(by: 0.1)
        }
        alert.assertValues(failureTexts.map { Alert(title: "Could not save", message: $0.1, button: "OK") })
    }

    func testSubmit_ServiceFailingSynchronouslyLeavesTheFormUsable() {
        let service = FakeFriendsService(scheduler: scheduler, latency: nil)
        service.createError = ServiceError(.unreachable, reason: "the client disconnected before answering")
        let vm = AddFriendViewModel(environment: .friends(service, scheduler: scheduler))
        let isLoading = TestObserver<Bool, Never>()
        let submitButtonEnabled = TestObserver<Bool, Never>()
        vm.outputs.isLoading.producer.start(isLoading.observer)
        vm.outputs.submitButtonEnabled.producer.start(submitButtonEnabled.observer)
        vm.inputs.firstnameChanged(firstname: "Katherine")
        vm.inputs.lastnameChanged(lastname: "Johnson")
        vm.inputs.phonenumberChanged(phonenumber: "+1 757 555 0100")
        vm.inputs.submitButtonTapped()
        isLoading.assertValues([false, true, false])
        submitButtonEnabled.assertValues([false, true, false, true])
    }

    func testDeinit_CancelsTheSaveInFlight() {
        fillForm()
        vm.inputs.submitButtonTapped()
        weak let released = vm as? AddFriendViewModel
        vm = nil
        XCTAssertNil(released, "nothing should keep the view model alive")
        XCTAssertEqual(service.interrupted, 1)
        scheduler.advance(by: 1)
        navigateBack.assertDidNotEmitValue()
        XCTAssertEqual(service.friends, FakeFriendsService.friends, "a cancelled save changes nothing")
    }
}
