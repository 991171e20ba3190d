import Catalog
import Host
import JSON
import XCTest

/// What a session tells its `CreationPlacement`: a pair of calls around each creation, made
/// or failed, and the same type identity for every instance of one type.
final class CreationPlacementTests: XCTestCase {
    private final class Recorder: CreationPlacement, @unchecked Sendable {
        var calls: [String] = []
        var types: [ObjectIdentifier] = []
        func willCreate(_ type: ObjectIdentifier) {
            calls.append("will")
            types.append(type)
        }
        func didCreate() { calls.append("did") }
    }

    private func harness(_ recorder: Recorder, maxInstances: Int = 100) -> SessionHarness {
        var configuration = SessionConfiguration()
        configuration.placement = recorder
        configuration.maxInstances = maxInstances
        return SessionHarness(registry: BuiltinCatalog.registry(), configuration: configuration)
    }

    func testEachCreationMadeOrFailedIsOnePairAndATypeKeepsItsIdentity() {
        let recorder = Recorder()
        let session = harness(recorder)
        session.send(#"{"jsonrpc":"2.0","id":1,"method":"create","params":{"type":"signup","id":"a"}}"#)
        session.send(#"{"jsonrpc":"2.0","id":2,"method":"create","params":{"type":"signup","id":"b"}}"#)
        session.send(#"{"jsonrpc":"2.0","id":3,"method":"create","params":{"type":"checkout","id":"c"}}"#)
        let failed = session.send(#"{"jsonrpc":"2.0","id":4,"method":"create","params":{"type":"checkout","id":"d","options":{"colour":1}}}"#)
        XCTAssertTrue(failed[0].contains("-32002"), failed[0])
        XCTAssertEqual(recorder.calls, ["will", "did", "will", "did", "will", "did", "will", "did"])
        XCTAssertEqual(recorder.types[0], recorder.types[1], "two signups")
        XCTAssertNotEqual(recorder.types[1], recorder.types[2], "signup and checkout")
        XCTAssertEqual(recorder.types[2], recorder.types[3], "two checkouts")
    }

    func testRequestsThatMakeNoInstanceAreNotCreations() {
        let recorder = Recorder()
        let session = harness(recorder, maxInstances: 1)
        session.send(#"{"jsonrpc":"2.0","id":1,"method":"create","params":{"type":"signup","id":"a"}}"#)
        recorder.calls = []
        let refused = session.send(#"{"jsonrpc":"2.0","id":2,"method":"create","params":{"type":"signup","id":"b"}}"#)
        XCTAssertTrue(refused[0].contains("-32001"), refused[0])
        session.send(#"{"jsonrpc":"2.0","id":3,"method":"create","params":{"type":"nosuch"}}"#)
        session.send(#"{"jsonrpc":"2.0","id":4,"method":"a.nameChanged","params":["Lisa"]}"#)
        session.send(#"{"jsonrpc":"2.0","id":5,"method":"destroy","params":{"id":"a"}}"#)
        XCTAssertEqual(recorder.calls, [])
    }
}
