import Catalog
import Host
import InstanceRuns
import JSON
import Signals
import XCTest

/// The placement as the daemon uses it: a session told to place its creations.
final class SessionPlacementTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(InstanceRuns.isAvailable, "this build has no instance runs (a sanitizer build)")
        XCTAssertTrue(InstanceRuns.install(), "the region could not be reserved")
    }

    /// Creating signups places their objects in runs, plans their temporaries, and destroying
    /// them frees every object a creation placed: their runs die and new instances reuse them.
    func testASessionsInstancesLieInRunsThatDieWithThem() {
        var configuration = SessionConfiguration()
        configuration.placement = InstanceRuns()
        var answers = 0
        let session = Session(
            registry: BuiltinCatalog.registry(), configuration: configuration, clock: TestScheduler(),
            sink: { _ in answers += 1 }
        )
        let before = InstanceRuns.statistics
        func create(_ range: Range<Int>) {
            for index in range {
                session.handle(frame: Array(#"{"jsonrpc":"2.0","id":\#(index),"method":"create","params":{"type":"signup","id":"s\#(index)"}}"#.utf8))
            }
        }
        // The first creations of a type are observed for its plan; the fourth of them also grew
        // the session's instance table, so later ones differed from its plan until it was
        // observed again.
        create(0..<20)
        let warm = InstanceRuns.statistics
        XCTAssertGreaterThanOrEqual(warm.creationsObserved - before.creationsObserved, 1)
        create(20..<40)
        let created = InstanceRuns.statistics
        // A run per instance; a creation that differs from its plan may outgrow a run it
        // reused (one of another type that fits the plan) and go on in a second.
        let runs = Int(created.runsMade + created.runsReused - before.runsMade - before.runsReused)
        XCTAssertGreaterThanOrEqual(runs, 40, "a run per instance")
        XCTAssertLessThanOrEqual(runs, 40 + Int(created.creationsDiverged - before.creationsDiverged), "a run per instance")
        XCTAssertGreaterThan(created.blocksPlaced - warm.blocksPlaced, 20 * 30, "most of an instance's objects are placed")
        XCTAssertGreaterThan(created.temporariesToGlibc - warm.temporariesToGlibc, 20 * 10, "its temporaries are glibc's")
        // Only a creation that grows the instance table (at 32) differs from the plan now.
        XCTAssertLessThanOrEqual(created.creationsDiverged - warm.creationsDiverged, 1)
        XCTAssertEqual(created.declined, before.declined)
        // An input and a destroy for each.
        for index in 0..<40 {
            session.handle(frame: Array(#"{"jsonrpc":"2.0","method":"s\#(index).emailChanged","params":["a@b.c"]}"#.utf8))
            session.handle(frame: Array(#"{"jsonrpc":"2.0","id":"d\#(index)","method":"destroy","params":{"id":"s\#(index)"}}"#.utf8))
        }
        let destroyed = InstanceRuns.statistics
        XCTAssertGreaterThanOrEqual(destroyed.runsDead - created.runsDead, 39, "destroyed instances leave their runs dead")
        for index in 0..<40 {
            session.handle(frame: Array(#"{"jsonrpc":"2.0","id":\#(index),"method":"create","params":{"type":"signup","id":"t\#(index)"}}"#.utf8))
        }
        let again = InstanceRuns.statistics
        XCTAssertGreaterThanOrEqual(again.runsReused - destroyed.runsReused, 39, "new instances reuse them whole")
        XCTAssertGreaterThan(answers, 80)
    }

    /// Destroying instances gives back every chunk of memory their runs filled; new instances
    /// still reuse the runs.
    func testDestroyingManyInstancesGivesTheirMemoryBack() {
        var configuration = SessionConfiguration()
        configuration.placement = InstanceRuns()
        configuration.maxInstances = 10_000
        var answers = 0
        let session = Session(registry: BuiltinCatalog.registry(), configuration: configuration, clock: TestScheduler(), sink: { _ in answers += 1 })
        // 3,000 signups hold some 11 MB of runs: several whole chunks.
        let count = 3_000
        for index in 0..<count {
            session.handle(frame: Array(#"{"jsonrpc":"2.0","id":1,"method":"create","params":{"type":"signup","id":"m\#(index)"}}"#.utf8))
        }
        let created = InstanceRuns.statistics
        XCTAssertGreaterThan(Int(created.bytesInLiveRuns), 4 * InstanceRuns.chunkBytes, "the instances' runs")
        for index in 0..<count {
            session.handle(frame: Array(#"{"jsonrpc":"2.0","id":2,"method":"destroy","params":{"id":"m\#(index)"}}"#.utf8))
        }
        let destroyed = InstanceRuns.statistics
        XCTAssertGreaterThanOrEqual(destroyed.chunksGivenBack - created.chunksGivenBack, 3)
        // New instances reuse the runs and work.
        answers = 0
        for index in 0..<100 {
            session.handle(frame: Array(#"{"jsonrpc":"2.0","id":1,"method":"create","params":{"type":"signup","id":"n\#(index)"}}"#.utf8))
            session.handle(frame: Array(#"{"jsonrpc":"2.0","method":"n\#(index).emailChanged","params":["a@b.c"]}"#.utf8))
            session.handle(frame: Array(#"{"jsonrpc":"2.0","method":"n\#(index).nameChanged","params":["Lisa"]}"#.utf8))
            session.handle(frame: Array(#"{"jsonrpc":"2.0","method":"n\#(index).passwordChanged","params":["pw"]}"#.utf8))
        }
        XCTAssertGreaterThanOrEqual(InstanceRuns.statistics.runsReused - destroyed.runsReused, 90)
        // An answer to each create and each instance's submitButtonEnabled once its form is filled.
        XCTAssertEqual(answers, 200)
    }

    /// For every built-in type: destroying its instances leaves their runs dead, so a run is
    /// never held by an object that outlives its instance (which would hold a whole run for
    /// one object, instance after instance).
    func testEveryBuiltInTypesRunsDieWithItsInstances() {
        var configuration = SessionConfiguration()
        configuration.placement = InstanceRuns()
        let session = Session(registry: BuiltinCatalog.registry(), configuration: configuration, clock: TestScheduler(), sink: { _ in })
        let options = [
            "updateFriend": #","options":{"friendId":1}"#,
        ]
        for type in BuiltinCatalog.registry().names {
            let count = 30
            let before = InstanceRuns.statistics
            for index in 0..<count {
                session.handle(frame: Array(#"{"jsonrpc":"2.0","id":1,"method":"create","params":{"type":"\#(type)","id":"\#(type)\#(index)"\#(options[type] ?? "")}}"#.utf8))
            }
            func liveRuns(_ statistics: InstanceRuns.Statistics) -> Int { Int(statistics.runsMade) - Int(statistics.runsDead) }
            let created = InstanceRuns.statistics
            // At least one each (a creation that outgrows a reused run goes on in a second).
            XCTAssertGreaterThanOrEqual(created.runsMade + created.runsReused - before.runsMade - before.runsReused, UInt64(count), type)
            XCTAssertGreaterThanOrEqual(liveRuns(created) - liveRuns(before), count - 2, type)
            for index in 0..<count {
                session.handle(frame: Array(#"{"jsonrpc":"2.0","id":2,"method":"destroy","params":{"id":"\#(type)\#(index)"}}"#.utf8))
            }
            // Two may stay held: the instance table's storage, placed when a creation grew it.
            XCTAssertLessThanOrEqual(liveRuns(InstanceRuns.statistics) - liveRuns(before), 2, "\(type): runs held after every instance is destroyed")
        }
    }
}
