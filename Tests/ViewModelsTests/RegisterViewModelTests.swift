import JSON
import Signals
import SignalsTesting
import ViewModels
import XCTest

final class RegisterViewModelTests: XCTestCase {
    private let scheduler = TestScheduler()
    private var service: CountingRegisterService!
    private var vm: RegisterViewModelType!
    private let registerButtonEnabled = TestObserver<Bool, Never>()
    private let isRegistering = TestObserver<Bool, Never>()
    private let errorMessage = TestObserver<String?, Never>()
    private let registered = TestObserver<String, Never>()

    private func makeViewModel(outcome: SimulatedRegisterService.Outcome = .token("abc123")) {
        service = CountingRegisterService(SimulatedRegisterService(scheduler: scheduler, latency: 0.3, outcome: outcome))
        var environment = Environment.builtIn(scheduler: scheduler)
        environment.registerService = service
        vm = RegisterViewModel(environment: environment)
        vm.outputs.registerButtonEnabled.producer.start(registerButtonEnabled.observer)
        vm.outputs.isRegistering.producer.start(isRegistering.observer)
        vm.outputs.errorMessage.observe(errorMessage.observer)
        vm.outputs.registered.observe(registered.observer)
    }

    private func fillForm() {
        vm.inputs.usernameChanged(username: "mariano@zerously.com")
        vm.inputs.passwordChanged(password: "pa55worD")
    }

    func testRegisterButtonEnabled_NoRepeatsForUnchangedValues() {
        makeViewModel()
        registerButtonEnabled.assertValues([false], "the current value is sent when observed")
        vm.inputs.usernameChanged(username: "mariano@zerously.com")
        registerButtonEnabled.assertValues([false])
        vm.inputs.passwordChanged(password: "pa55worD")
        registerButtonEnabled.assertValues([false, true])
        vm.inputs.passwordChanged(password: "pa55worD!")
        registerButtonEnabled.assertValues([false, true])
    }

    func testRegistered_ServiceAnswersLaterWithAToken() {
        makeViewModel()
        fillForm()
        vm.inputs.registerButtonPressed()
        isRegistering.assertValues([false, true])
        registerButtonEnabled.assertValues([false, true, false])
        registered.assertDidNotEmitValue()
        scheduler.advance(by: 0.299)
        isRegistering.assertValues([false, true], "still in flight until the service answers")
        scheduler.advance(by: 0.001)
        isRegistering.assertValues([false, true, false])
        registerButtonEnabled.assertValues([false, true, false, true])
        registered.assertValues(["abc123"])
        errorMessage.assertValues([nil], "a press clears the error first")
    }

    func testErrorMessage_ResponseWithoutToken() {
        makeViewModel(outcome: .noToken)
        fillForm()
        vm.inputs.registerButtonPressed()
        scheduler.advance(by: 0.3)
        errorMessage.assertValues([nil, "Invalid token"])
        registered.assertDidNotEmitValue()
        registerButtonEnabled.assertLastValue(true)
        isRegistering.assertLastValue(false)
    }

    func testErrorMessage_ServiceFailureReason() {
        makeViewModel(outcome: .failure(reason: "Dunno."))
        fillForm()
        vm.inputs.registerButtonPressed()
        scheduler.advance(by: 0.3)
        errorMessage.assertValues([nil, "Dunno."])
        registerButtonEnabled.assertLastValue(true)
        isRegistering.assertLastValue(false)
    }

    func testPress_TwiceWhileInFlightMakesOneRequest() {
        makeViewModel()
        fillForm()
        vm.inputs.registerButtonPressed()
        vm.inputs.registerButtonPressed()
        scheduler.advance(by: 0.1)
        vm.inputs.registerButtonPressed()
        scheduler.run()
        XCTAssertEqual(service.calls, 1)
        registered.assertValues(["abc123"])
        errorMessage.assertValues([nil])
    }

    func testPress_WhileDisabledDoesNothing() {
        makeViewModel()
        vm.inputs.usernameChanged(username: "short")
        vm.inputs.passwordChanged(password: "pa55worD")
        vm.inputs.registerButtonPressed()
        scheduler.run()
        XCTAssertEqual(service.calls, 0)
        isRegistering.assertValues([false])
        errorMessage.assertDidNotEmitValue()
    }

    func testErrorMessage_NewPressClearsThePreviousError() {
        makeViewModel(outcome: .failure(reason: "Dunno."))
        fillForm()
        vm.inputs.registerButtonPressed()
        scheduler.advance(by: 0.3)
        vm.inputs.registerButtonPressed()
        errorMessage.assertValues([nil, "Dunno.", nil])
        scheduler.advance(by: 0.3)
        errorMessage.assertValues([nil, "Dunno.", nil, "Dunno."])
        XCTAssertEqual(service.calls, 2)
    }

    func testCredentials_AreThoseOfThePressMoment() {
        makeViewModel()
        fillForm()
        vm.inputs.registerButtonPressed()
        vm.inputs.usernameChanged(username: "someone-else@example.com")
        XCTAssertEqual(service.usernames, ["mariano@zerously.com"])
    }

    func testDeallocation_WithARequestInFlightCancelsIt() {
        weak var weakVM: RegisterViewModel?
        let tokens = TestObserver<String, Never>()
        let inner = SimulatedRegisterService(scheduler: scheduler, latency: 0.3, outcome: .token("late"))
        do {
            var environment = Environment.builtIn(scheduler: scheduler)
            environment.registerService = inner
            let local = RegisterViewModel(environment: environment)
            weakVM = local
            local.registered.observe(tokens.observer)
            local.usernameChanged(username: "mariano@zerously.com")
            local.passwordChanged(password: "pa55worD")
            local.registerButtonPressed()
            XCTAssertEqual(scheduler.pendingActionCount, 1)
        }
        XCTAssertNil(weakVM, "a view model with a request in flight is still freed")
        XCTAssertEqual(scheduler.pendingActionCount, 0, "the in-flight request was cancelled")
        scheduler.run()
        tokens.assertDidNotEmitValue()
    }
}

/// Counts calls and remembers usernames, forwarding to a real service.
final class CountingRegisterService: RegisterService {
    private let wrapped: RegisterService
    private(set) var calls = 0
    private(set) var usernames: [String] = []

    init(_ wrapped: RegisterService) {
        self.wrapped = wrapped
    }

    func register(username: String, password: String) -> SignalProducer<JSONValue, ServiceError> {
        SignalProducer { [self] observer, lifetime in
            calls += 1
            usernames.append(username)
            lifetime += wrapped.register(username: username, password: password).start(observer)
        }
    }
}

extension RegisterViewModelTests {
    func testOrder_PressClearsErrorAndMarksInFlightBeforeTheServiceIsCalled() {
        var log: [String] = []
        let logging = LoggingRegisterService { log.append("service called") }
        var environment = Environment.builtIn(scheduler: scheduler)
        environment.registerService = logging
        let vm = RegisterViewModel(environment: environment)
        vm.errorMessage.observeValues { log.append("errorMessage \($0 ?? "nil")") }
        vm.isRegistering.signal.observeValues { log.append("isRegistering \($0)") }
        vm.usernameChanged(username: "mariano@zerously.com")
        vm.passwordChanged(password: "pa55worD")
        vm.registerButtonPressed()
        XCTAssertEqual(log, ["errorMessage nil", "isRegistering true", "service called"])
    }
}

/// Records when it is called; never answers.
final class LoggingRegisterService: RegisterService {
    private let onCall: () -> Void

    init(onCall: @escaping () -> Void) {
        self.onCall = onCall
    }

    func register(username: String, password: String) -> SignalProducer<JSONValue, ServiceError> {
        SignalProducer { [onCall] _, _ in onCall() }
    }
}
