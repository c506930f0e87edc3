@_spi(Sync) import Fief
@_spi(Sync) import FiefSyncProtocol
import Foundation
import XCTest

/// Objects a user holds stay valid when a download is integrated under their pending writes:
/// the integration undoes the pending changesets and redoes them on top of the server's, and an
/// object those changesets created comes back as the same object, not as a new one.
final class LiveObjectsAcrossIntegrationTests: XCTestCase {
    /// Peer A, holding the object `id` it created offline (with `values`), integrates what peer
    /// B created meanwhile (`theirs`); returns A and the object A holds.
    private func integrateUnderHeldObject(_ id: String, _ values: [String: Any], theirs: [String: Any]) throws -> (Realm, SimItem) {
        let a = try SyncSimulator.peer(1), b = try SyncSimulator.peer(2)
        var history = ServerHistory()
        try b.write { b.create(SimItem.self, value: theirs) }
        for u in try ClientIntegration.uploads(from: b, after: 0) { _ = try history.integrate(u) }
        try a.write { a.create(SimItem.self, value: values.merging(["id": id]) { $1 }) }
        let held = try XCTUnwrap(a.object(ofType: SimItem.self, forPrimaryKey: id))
        try a.write { held.count += 1 }
        try ClientIntegration.integrate(try history.entries(after: 0), into: a)
        return (a, held)
    }

    func testAnObjectCreatedOfflineStaysValidWhenADownloadIsIntegrated() throws {
        let (a, mine) = try integrateUnderHeldObject("mine", ["count": 1], theirs: ["id": "theirs", "title": "b"])
        XCTAssertFalse(mine.isInvalidated)
        XCTAssertEqual(mine.count, 2)
        try a.write { mine.increment(\.count, by: 1) }
        XCTAssertEqual(a.object(ofType: SimItem.self, forPrimaryKey: "mine")?.count, 3)
        XCTAssertEqual(a.objects(SimItem.self).count, 2)
    }

    /// Another device created an object with the same primary key: the two are one object after
    /// the download, and the one this device holds is it.
    func testAHeldObjectIsTheMergedOneWhenAnotherDeviceCreatedTheSamePrimaryKey() throws {
        let (a, held) = try integrateUnderHeldObject("shared", ["count": 5], theirs: ["id": "shared", "title": "from b"])
        XCTAssertFalse(held.isInvalidated)
        XCTAssertEqual(a.objects(SimItem.self).count, 1)
        XCTAssertEqual(held.count, 6)
        XCTAssertEqual(held.title, "from b")
        try a.write { held.increment(\.count, by: 1) }
        XCTAssertEqual(a.object(ofType: SimItem.self, forPrimaryKey: "shared")?.count, 7)
    }
}
