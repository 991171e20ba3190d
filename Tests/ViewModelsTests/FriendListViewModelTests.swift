import Signals
import SignalsTesting
import ViewModels
import XCTest

final class FriendListViewModelTests: XCTestCase {
    private let scheduler = TestScheduler()
    private var service: FakeFriendsService!
    private var vm: FriendListViewModelType!
    private let cells = TestObserver<[FriendCell], Never>()
    private let isLoading = TestObserver<Bool, Never>()
    private let alert = TestObserver<Alert, Never>()

    private let ada = FakeFriendsService.ada
    private let grace = FakeFriendsService.grace

    override func setUp() {
        super.setUp()
        service = FakeFriendsService(scheduler: scheduler)
        makeViewModel()
    }

    private func makeViewModel() {
        vm = FriendListViewModel(environment: .friends(service, scheduler: scheduler))
        vm.outputs.cells.observe(cells.observer)
        vm.outputs.isLoading.producer.start(isLoading.observer)
        vm.outputs.alert.observe(alert.observer)
    }

    func testCells_OneNormalCellPerFriendOnViewDidLoad() {
        vm.inputs.viewDidLoad()
        cells.assertValues([])
        isLoading.assertValues([false, true])
        scheduler.advance(by: 0.1)
        cells.assertValues([[.normal(ada), .normal(grace)]])
        isLoading.assertValues([false, true, false])
        XCTAssertEqual(service.calls, ["list"])
    }

    func testCells_SingleEmptyCellWhenThereAreNoFriends() {
        service.friends = []
        vm.inputs.viewDidLoad()
        scheduler.advance(by: 0.1)
        cells.assertValues([[.empty]])
    }

    func testCells_SingleErrorCellWhenLoadingFails() {
        service.listError = ServiceError(.unreachable, reason: "connection refused")
        vm.inputs.viewDidLoad()
        scheduler.advance(by: 0.1)
        cells.assertValues([[.error(message: "The server cannot be reached. Check your connection and try again.")]])
        isLoading.assertValues([false, true, false])
        alert.assertDidNotEmitValue()
    }

    func testCells_ErrorCellTextForEveryFailureKind() {
        for (kind, text) in failureTexts {
            service.listError = failure(kind)
            vm.inputs.refresh()
            scheduler.advance(by: 0.1)
            XCTAssertEqual(cells.lastValue, [.error(message: text)], "\(kind)")
        }
    }

    func testCells_RefreshAndFriendUpdatedReload() {
        vm.inputs.viewDidLoad()
        scheduler.advance(by: 0.1)
        service.friends = [grace]
        vm.inputs.refresh()
        scheduler.advance(by: 0.1)
        service.friends = []
        vm.inputs.friendUpdated()
        scheduler.advance(by: 0.1)
        cells.assertValues([[.normal(ada), .normal(grace)], [.normal(grace)], [.empty]])
        isLoading.assertValues([false, true, false, true, false, true, false])
        XCTAssertEqual(service.calls, ["list", "list", "list"])
    }

    func testCells_ANewLoadReplacesOneInFlight() {
        vm.inputs.viewDidLoad()
        scheduler.advance(by: 0.05)
        vm.inputs.refresh()
        scheduler.advance(by: 0.05)
        cells.assertValues([])
        scheduler.advance(by: 0.05)
        cells.assertValues([[.normal(ada), .normal(grace)]])
        isLoading.assertValues([false, true, false])
        XCTAssertEqual(service.calls, ["list", "list"])
        XCTAssertEqual(service.interrupted, 1)
    }

    func testDeleteFriend_SuccessReloads() {
        vm.inputs.viewDidLoad()
        scheduler.advance(by: 0.1)
        vm.inputs.deleteFriend(id: 1)
        isLoading.assertValues([false, true, false, true])
        scheduler.advance(by: 0.1)
        XCTAssertEqual(service.calls, ["list", "delete 1", "list"])
        isLoading.assertValues([false, true, false, true], "still loading: the reload follows the delete")
        scheduler.advance(by: 0.1)
        cells.assertValues([[.normal(ada), .normal(grace)], [.normal(grace)]])
        isLoading.assertValues([false, true, false, true, false])
        alert.assertDidNotEmitValue()
    }

    func testDeleteFriend_FailureAlertsWithoutReloading() {
        service.deleteError = ServiceError(.notFound, reason: "no friend with id 9")
        vm.inputs.deleteFriend(id: 9)
        isLoading.assertValues([false, true])
        scheduler.advance(by: 0.1)
        alert.assertValues([Alert(title: "Could not delete", message: "This friend no longer exists.", button: "OK")])
        isLoading.assertValues([false, true, false])
        cells.assertDidNotEmitValue()
        XCTAssertEqual(service.calls, ["delete 9"])
    }

    func testDeleteFriend_AlertTextForEveryFailureKind() {
        for (kind, _) in failureTexts {
            service.deleteError = failure(kind)
            vm.inputs.deleteFriend(id: 1)
            scheduler.advance(by: 0.1)
        }
        alert.assertValues(failureTexts.map { Alert(title: "Could not delete", message: $0.1, button: "OK") })
    }

    func testDeleteFriend_TwoDeletesKeepLoadingUntilBothAndTheReloadFinish() {
        vm.inputs.deleteFriend(id: 1)
        scheduler.advance(by: 0.05)
        vm.inputs.deleteFriend(id: 2)
        scheduler.advance(by: 0.05)
        XCTAssertEqual(service.calls, ["delete 1", "delete 2", "list"])
        scheduler.advance(by: 0.05)
        XCTAssertEqual(service.calls, ["delete 1", "delete 2", "list", "list"])
        scheduler.advance(by: 0.1)
        isLoading.assertValues([false, true, false])
        cells.assertValues([[.empty]])
    }

    func testDeleteFriend_MissingIdInTheBuiltInStore() {
        let store = FriendsStore(scheduler: scheduler)
        let vm = FriendListViewModel(environment: .friends(store, scheduler: scheduler))
        let alert = TestObserver<Alert, Never>()
        vm.outputs.alert.observe(alert.observer)
        vm.inputs.deleteFriend(id: 99)
        scheduler.advance(by: 0.1)
        alert.assertValues([Alert(title: "Could not delete", message: "This friend no longer exists.", button: "OK")])
    }

    func testDeinit_CancelsTheLoadInFlight() {
        vm.inputs.viewDidLoad()
        weak let released = vm as? FriendListViewModel
        vm = nil
        XCTAssertNil(released, "nothing should keep the view model alive")
        XCTAssertEqual(service.interrupted, 1)
        scheduler.advance(by: 1)
        cells.assertDidNotEmitValue()
    }
}
