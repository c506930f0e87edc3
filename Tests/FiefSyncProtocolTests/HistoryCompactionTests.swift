@_spi(Sync) import Fief
@_spi(Sync) import FiefSyncProtocol
import XCTest

/// In-place history compaction, one rule at a time. (The convergence simulator compacts its
/// server's history during every run and checks that every peer, and a new file replaying the
/// compacted history, still converge.)
final class HistoryCompactionTests: XCTestCase {
    private let a = SyncObjectID.primaryKey(.string("a"))
    private var title: SyncTarget { SyncTarget(className: "SimItem", object: a, property: "title") }

    private func history(_ changesets: [(origin: UInt64, time: UInt64, [SyncInstruction])]) throws -> ServerHistory {
        var history = ServerHistory()
        for (i, c) in changesets.enumerated() {
            // Each upload saw everything before it: no transform, the entries are as given.
            _ = try history.integrate(ClientUpload(originFileIdent: c.origin, clientVersion: UInt64(i + 1), baseServerVersion: UInt64(i),
                                                   timestamp: c.time, changeset: SyncChangeset(c.2)))
        }
        return history
    }

    private func set(_ value: String, isDefault: Bool = false) -> SyncInstruction {
        .set(title, .string(value), isDefault: isDefault)
    }

    func testASetOverwrittenByANewerSetGoesAndVersionsStay() throws {
        var h = try history([(1, 10, [set("one")]), (2, 20, [set("two")])])
        let changed = h.compactInPlace()
        XCTAssertEqual(changed.map(\.serverVersion), [1])
        XCTAssertEqual(h.entries.map(\.changeset.instructions), [[], [set("two")]])
        XCTAssertEqual(h.latestVersion, 2)
        XCTAssertEqual(h.compactInPlace(), [], "a second pass finds nothing more")
    }

    func testALaterSetWithAnOlderTimestampKeepsTheEarlierOne() throws {
        // An add concurrent with both would survive the later set but not the earlier one.
        var h = try history([(1, 30, [set("one")]), (2, 20, [set("two")])])
        XCTAssertEqual(h.compactInPlace(), [])
    }

    func testADefaultValueNeverReplacesAnExplicitOne() throws {
        var h = try history([(1, 10, [set("one")]), (2, 20, [set("", isDefault: true)])])
        XCTAssertEqual(h.compactInPlace(), [])
        var defaults = try history([(1, 10, [set("", isDefault: true)]), (2, 20, [set("two")])])
        XCTAssertEqual(defaults.compactInPlace().map(\.serverVersion), [1])
    }

    func testChangesOfAnObjectErasedLaterGoButItsCreateStays() throws {
        let create = SyncInstruction.createObject(className: "SimItem", object: a)
        let tags = SyncTarget(className: "SimItem", object: a, property: "tags")
        let other = SyncTarget(className: "SimItem", object: .primaryKey(.string("b")), property: "title")
        var h = try history([
            (1, 10, [create, set("one"), .listInsert(tags, index: 0, .string("x")), .set(other, .string("kept"), isDefault: false)]),
            (2, 20, [.eraseObject(className: "SimItem", object: a)]),
            (1, 30, [create, set("again")]),
        ])
        _ = h.compactInPlace()
        XCTAssertEqual(h.entries.map(\.changeset.instructions), [
            [create, .set(other, .string("kept"), isDefault: false)],
            [.eraseObject(className: "SimItem", object: a)],
            [create, set("again")],
        ])
    }

    func testSetsOfEmbeddedObjectsAndNestedPathsStay() throws {
        let address = SyncTarget(className: "SimItem", object: a, property: "address")
        let city = SyncTarget(className: "SimItem", object: a, path: [.property("address"), .property("city")])
        var h = try history([
            (1, 10, [.set(address, .embeddedObject, isDefault: false), .set(city, .string("Oslo"), isDefault: false)]),
            (2, 20, [.set(address, .embeddedObject, isDefault: false), .set(city, .string("Bergen"), isDefault: false)]),
        ])
        XCTAssertEqual(h.compactInPlace(), [])
    }
}
