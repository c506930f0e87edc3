@_spi(Sync) import Fief
@_spi(Sync) import FiefSyncProtocol
import Foundation
import XCTest

/// The server history and the client's integration, one rule at a time: duplicates change
/// nothing, gaps and compacted history are typed errors, own changesets come back in their
/// integrated form and leave the client's history.
final class HistoryProtocolTests: XCTestCase {
    private let item = SyncTarget(className: "SimItem", object: .primaryKey(.string("a")), property: "title")

    private func upload(_ origin: UInt64, _ version: UInt64, base: UInt64, _ instructions: [SyncInstruction], time: UInt64 = 1) -> ClientUpload {
        ClientUpload(originFileIdent: origin, clientVersion: version, baseServerVersion: base, timestamp: time, changeset: SyncChangeset(instructions))
    }

    func testAnUploadIntegratedTwiceIsIntegratedOnce() throws {
        var history = ServerHistory()
        let u = upload(1, 1, base: 0, [.createObject(className: "SimItem", object: .primaryKey(.string("a")))])
        XCTAssertNotNil(try history.integrate(u))
        XCTAssertNil(try history.integrate(u))
        XCTAssertEqual(history.latestVersion, 1)
        XCTAssertEqual(history.integratedClientVersions[1], 1)
    }

    func testUploadsAreTransformedPastOtherClientsOnly() throws {
        var history = ServerHistory()
        _ = try history.integrate(upload(1, 1, base: 0, [.set(item, .string("one"), isDefault: false)], time: 10))
        // File 2 did not see it, and is older: its set loses.
        let lost = try history.integrate(upload(2, 1, base: 0, [.set(item, .string("two"), isDefault: false)], time: 5))
        XCTAssertEqual(lost?.changeset.instructions, [])
        // File 1's own later write is not transformed past its own earlier one.
        let own = try history.integrate(upload(1, 2, base: 0, [.set(item, .string("again"), isDefault: false)], time: 4))
        XCTAssertEqual(own?.changeset.instructions, [.set(item, .string("again"), isDefault: false)])
    }

    func testAnUploadOnlyRepeatsTheSchemaWhenTheHistoryAddedAllOfItAsGiven() throws {
        var history = ServerHistory()
        let id = SyncPropertySchema(name: "id", type: .string, isPrimaryKey: true, isIndexed: true)
        let title = SyncPropertySchema(name: "title", type: .string)
        let schema: [SyncInstruction] = [.addClass(name: "SimItem", primaryKey: id, isEmbedded: false),
                                         .addProperty(className: "SimItem", property: title)]
        XCTAssertFalse(history.onlyRepeatsSchema([SyncChangeset(schema)]), "an empty history has no schema")
        _ = try history.integrate(upload(1, 1, base: 0, schema + [.createObject(className: "SimItem", object: .primaryKey(.string("a")))]))
        XCTAssertTrue(history.onlyRepeatsSchema([SyncChangeset(schema)]))
        XCTAssertTrue(history.onlyRepeatsSchema([SyncChangeset([schema[1]]), SyncChangeset([schema[0]])]))
        XCTAssertFalse(history.onlyRepeatsSchema([]))
        XCTAssertFalse(history.onlyRepeatsSchema([SyncChangeset(schema + [.set(item, .string("x"), isDefault: false)])]))
        var indexed = title
        indexed.isIndexed = true
        XCTAssertFalse(history.onlyRepeatsSchema([SyncChangeset([.addProperty(className: "SimItem", property: indexed)])]))
        XCTAssertFalse(history.onlyRepeatsSchema([SyncChangeset([.addClass(name: "SimItem", primaryKey: nil, isEmbedded: false)])]))
    }

    func testRefusals() throws {
        var history = ServerHistory()
        XCTAssertThrowsError(try history.integrate(upload(0, 1, base: 0, []))) { XCTAssertEqual($0 as? ServerHistoryError, .missingFileIdent) }
        XCTAssertThrowsError(try history.integrate(upload(1, 1, base: 3, []))) {
            XCTAssertEqual($0 as? ServerHistoryError, .baseVersionInTheFuture(base: 3, latest: 0))
        }
        for v in 1...5 as ClosedRange<UInt64> { _ = try history.integrate(upload(1, v, base: v - 1, [])) }
        history.compact(through: 3)
        XCTAssertEqual(try history.entries(after: 3).map(\.serverVersion), [4, 5])
        XCTAssertThrowsError(try history.entries(after: 2)) {
            XCTAssertEqual($0 as? ServerHistoryError, .historyCompacted(requested: 2, oldestAvailable: 3))
        }
        XCTAssertThrowsError(try history.integrate(upload(2, 1, base: 1, []))) {
            XCTAssertEqual("\($0)", "server version 1 was compacted away (the history starts after 3): client reset required")
        }
    }

    func testADownloadDeliveredTwiceChangesNothingAndOwnChangesetsLeaveTheHistory() throws {
        let a = try SyncSimulator.peer(1), b = try SyncSimulator.peer(2)
        var history = ServerHistory()
        try a.write { a.create(SimItem.self, value: ["id": "x", "title": "from a", "count": 1]) }
        for u in try ClientIntegration.uploads(from: a, after: 0) { _ = try history.integrate(u) }
        let all = try history.entries(after: 0)
        XCTAssertEqual(try ClientIntegration.integrate(all, into: b), all.count)
        XCTAssertEqual(try ClientIntegration.integrate(all, into: b), 0, "already integrated: nothing happens")
        XCTAssertEqual(b.objects(SimItem.self).first?.title, "from a")
        XCTAssertEqual(b.objects(SimItem.self).first?.count, 1)
        // A gets its own changesets back: they leave its history, its data stays.
        XCTAssertFalse(try a.syncHistoryEntries(after: try a.syncHistoryState().downloadedClientVersion).isEmpty)
        try ClientIntegration.integrate(all, into: a)
        let state = try a.syncHistoryState()
        XCTAssertEqual(state.downloadedServerVersion, history.latestVersion)
        XCTAssertEqual(try a.syncHistoryEntries(after: state.downloadedClientVersion), [])
        XCTAssertEqual(a.objects(SimItem.self).first?.title, "from a")
    }

    func testAGapIsATypedError() throws {
        let a = try SyncSimulator.peer(1)
        var history = ServerHistory()
        for v in 1...3 as ClosedRange<UInt64> {
            _ = try history.integrate(upload(2, v, base: v - 1, [.createObject(className: "SimItem", object: .primaryKey(.string("i\(v)")))]))
        }
        XCTAssertThrowsError(try ClientIntegration.integrate(try history.entries(after: 1), into: a)) {
            XCTAssertEqual($0 as? ClientIntegrationError, .gap(expected: 1, received: 2))
        }
        XCTAssertEqual(a.objects(SimItem.self).count, 0, "nothing of a refused download is applied")
    }

    func testOfflineWritesRebaseOverDownloadsAndUploadInTheirRebasedForm() throws {
        let a = try SyncSimulator.peer(1), b = try SyncSimulator.peer(2)
        var history = ServerHistory()
        try a.write { a.create(SimItem.self, value: ["id": "s", "tags": ["x", "y"]]) }
        for u in try ClientIntegration.uploads(from: a, after: 0) { _ = try history.integrate(u) }
        try ClientIntegration.integrate(try history.entries(after: 0), into: a)
        try ClientIntegration.integrate(try history.entries(after: 0), into: b)
        // Concurrently: A inserts at the front, B (offline) erases "y".
        try a.write { a.objects(SimItem.self).first!.tags.insert("w", at: 0) }
        try b.write { b.objects(SimItem.self).first!.tags.remove(at: 1) }
        for u in try ClientIntegration.uploads(from: a, after: try a.syncHistoryState().downloadedClientVersion) { _ = try history.integrate(u) }
        // B downloads A's insert before uploading: its erase is rebased to index 2.
        try ClientIntegration.integrate(try history.entries(after: try b.syncHistoryState().downloadedServerVersion), into: b)
        XCTAssertEqual(Array(b.objects(SimItem.self).first!.tags), ["w", "x"])
        let pending = try ClientIntegration.uploads(from: b, after: try b.syncHistoryState().downloadedClientVersion)
        XCTAssertEqual(pending.last?.changeset.instructions.last.map { "\($0)" }, "listErase SimItem[pk(\"s\")].tags[2]")
        for u in pending { _ = try history.integrate(u) }
        try ClientIntegration.integrate(try history.entries(after: try a.syncHistoryState().downloadedServerVersion), into: a)
        XCTAssertEqual(Array(a.objects(SimItem.self).first!.tags), ["w", "x"])
    }

    func testOwnChangesetsComingBackAsRecordedOnlyMoveTheCursor() throws {
        let a = try SyncSimulator.peer(1)
        var history = ServerHistory()
        try a.write { a.create(SimItem.self, value: ["id": "c", "count": 0]) }
        for _ in 0..<4 { try a.write { a.objects(SimItem.self).first!.count += 1 } }
        for u in try ClientIntegration.uploads(from: a, after: 0) { _ = try history.integrate(u) }
        let n = history.latestVersion
        // The server acknowledges all but the last two: they leave the history, the last two
        // stay as recorded (their base is still 0: only A's own changesets came before them).
        XCTAssertEqual(try ClientIntegration.integrate(try history.entries(after: 0).prefix(Int(n) - 2), into: a), Int(n) - 2)
        var state = try a.syncHistoryState()
        XCTAssertEqual([state.downloadedServerVersion, state.downloadedClientVersion], [n - 2, n - 2])
        XCTAssertEqual(try a.syncHistoryEntries(after: n - 2).map(\.clientVersion), [n - 1, n])
        XCTAssertEqual(try a.syncHistoryEntries(after: n - 2).map(\.baseServerVersion), [0, 0])
        XCTAssertEqual(a.objects(SimItem.self).first?.count, 4)
        XCTAssertEqual(try ClientIntegration.integrate(try history.entries(after: n - 2), into: a), 2)
        state = try a.syncHistoryState()
        XCTAssertEqual([state.downloadedServerVersion, state.downloadedClientVersion], [n, n])
        XCTAssertEqual(try a.syncHistoryEntries(after: 0), [])
        XCTAssertEqual(a.objects(SimItem.self).first?.count, 4)
    }

    func testOwnChangesetsComingBackChangedAreIntegratedInTheServersForm() throws {
        let a = try SyncSimulator.peer(1)
        var history = ServerHistory()
        try a.write { a.create(SimItem.self, value: ["id": "a", "title": "mine"]) }
        try a.write { a.objects(SimItem.self).first!.count = 7 }
        for u in try ClientIntegration.uploads(from: a, after: 0) { _ = try history.integrate(u) }
        // The server kept A's creation without its title (as a permission refusal or a transform
        // would): the realm takes the server's form, and redoes the later changeset on top.
        var entries = Array(try history.entries(after: 0).dropLast())
        let creation = entries.count - 1
        entries[creation].changeset = SyncChangeset(entries[creation].changeset.instructions.filter {
            if case .set(let target, _, _) = $0 { return target.path != [.property("title")] }
            return true
        })
        XCTAssertNotEqual(entries[creation].changeset, try history.entries(after: 0)[creation].changeset)
        XCTAssertEqual(try ClientIntegration.integrate(entries, into: a), entries.count)
        XCTAssertEqual(a.objects(SimItem.self).first?.title, "")
        XCTAssertEqual(a.objects(SimItem.self).first?.count, 7)
        let pendingBases = try a.syncHistoryEntries(after: try a.syncHistoryState().downloadedClientVersion).map(\.baseServerVersion)
        XCTAssertEqual(pendingBases, [UInt64(entries.count)], "the pending changeset is rebased")
    }

    func testSetsAndMapsWrittenWholeHoldOneOrderInEveryCopy() throws {
        let a = try SyncSimulator.peer(1), b = try SyncSimulator.peer(2)
        var history = ServerHistory()
        try a.write { a.create(SimItem.self, value: ["id": "s", "labels": ["a", "b"], "attrs": ["x": 1]]) }
        for u in try ClientIntegration.uploads(from: a, after: 0) { _ = try history.integrate(u) }
        try ClientIntegration.integrate(try history.entries(after: 0), into: a)
        try ClientIntegration.integrate(try history.entries(after: 0), into: b)
        // Written whole in another order: the changeset records only what was added, which
        // every other copy appends, and the writer stores that order at once.
        try a.write { a.create(SimItem.self, value: ["id": "s", "labels": ["c", "a", "b"], "attrs": ["y": 2, "x": 1]], update: .modified) }
        XCTAssertEqual(Array(a.objects(SimItem.self).first!.labels), ["a", "b", "c"])
        // The same members in another order change nothing.
        try a.write { a.create(SimItem.self, value: ["id": "s", "labels": ["b", "c", "a"]], update: .modified) }
        XCTAssertEqual(Array(a.objects(SimItem.self).first!.labels), ["a", "b", "c"])
        let sent = history.latestVersion
        for u in try ClientIntegration.uploads(from: a, after: try a.syncHistoryState().downloadedClientVersion) { _ = try history.integrate(u) }
        // Written after the upload: still pending when the changesets come back.
        try a.write { a.objects(SimItem.self).first!.title = "later" }
        try ClientIntegration.integrate(try history.entries(after: sent), into: a)
        try ClientIntegration.integrate(try history.entries(after: sent), into: b)
        for peer in [a, b] {
            XCTAssertEqual(Array(peer.objects(SimItem.self).first!.labels), ["a", "b", "c"])
            XCTAssertEqual(Array(peer.objects(SimItem.self).first!.attrs.keys), ["x", "y"])
        }
        // Taken as recorded: the pending changeset was not undone and rebased past them.
        XCTAssertEqual(try a.syncHistoryEntries(after: 0).map(\.baseServerVersion), [sent])
        XCTAssertGreaterThan(history.latestVersion, sent)
    }

    func testAnEditInsideAListInASetGivesTheWriterTheOthersOrder() throws {
        let a = try SyncSimulator.peer(1), b = try SyncSimulator.peer(2)
        var history = ServerHistory()
        try a.write { a.create(SimItem.self, value: ["id": "s", "bag": [AnyRealmValue.fromArray([.string("x")]), AnyRealmValue.int(1)]]) }
        for u in try ClientIntegration.uploads(from: a, after: 0) { _ = try history.integrate(u) }
        try ClientIntegration.integrate(try history.entries(after: 0), into: a)
        try ClientIntegration.integrate(try history.entries(after: 0), into: b)
        // Recorded as the old list erased and the new one inserted, which the others append.
        try a.write { a.objects(SimItem.self).first!.bag[0].listValue!.append(.string("y")) }
        let sent = history.latestVersion
        for u in try ClientIntegration.uploads(from: a, after: try a.syncHistoryState().downloadedClientVersion) { _ = try history.integrate(u) }
        try ClientIntegration.integrate(try history.entries(after: sent), into: a)
        try ClientIntegration.integrate(try history.entries(after: sent), into: b)
        func text(_ v: AnyRealmValue) -> String {
            switch v {
            case .int(let i): "\(i)"
            case .string(let s): s
            case .list(let l): "[" + l.map(text).joined(separator: ",") + "]"
            default: "?"
            }
        }
        for peer in [a, b] { XCTAssertEqual(peer.objects(SimItem.self).first!.bag.map(text), ["1", "[x,y]"]) }
    }
}
