@_spi(Sync) import Fief
@_spi(Sync) @testable import FiefServer
@_spi(Sync) import FiefSync
@_spi(Sync) import FiefSyncProtocol
import Foundation
import Logging
import ServerProcessSupport
import XCTest

final class IngestReading: AsymmetricObject {
    @Persisted(primaryKey: true) var _id: ObjectId
    @Persisted var sensor = ""
    @Persisted var value = 0.0
    @Persisted var spot: IngestSpot?
}

final class IngestSpot: EmbeddedObject {
    @Persisted var name = ""
}

/// A device of the flexible-sync realm, subscribed to every ``FlexItem``.
actor IngestDevice {
    var realm: Realm!

    init(_ user: User, types: [ObjectBase.Type]) async throws {
        var config = user.flexibleSyncConfiguration(initialSubscriptions: { subs in subs.append(QuerySubscription<FlexItem>(name: "all")) })
        config.objectTypes = types
        realm = try await Realm(configuration: config, actor: self, downloadBeforeOpen: .always)
    }

    /// Writes `count` readings numbered from `first`, and item `marker`, in one transaction.
    func ingest(from first: Int, count: Int, marker: String) throws {
        try realm.write {
            for i in first..<(first + count) {
                realm.create(IngestReading.self, value: ["_id": ObjectId.generate(), "sensor": "s\(i)", "value": Double(i),
                                                         "spot": ["name": "spot\(i)"]])
            }
            realm.create(FlexItem.self, value: ["id": marker, "owner_id": "ingest"])
        }
    }

    func settle() async throws {
        try await realm.syncSession!.wait(for: .upload, timeout: .seconds(60))
        try await realm.syncSession!.wait(for: .download, timeout: .seconds(60))
    }

    /// The items the device holds.
    func items() -> [String] {
        realm.refresh()
        return realm.objects(FlexItem.self).map(\.id).sorted()
    }

    /// The objects of `className` in the device's tables.
    func storedObjects(_ className: String) throws -> Int {
        realm.refresh()
        return try realm.syncObjectIDs(of: className).count
    }

    /// The changesets the file keeps for upload (or until the server's history holds them).
    func historyLength() throws -> Int { try realm.syncHistoryEntries(after: 0).count }

    func hasClass(_ className: String) -> Bool { realm.schema[className] != nil }

    func suspend() { realm.syncSession!.suspend() }

    func resume() { realm.syncSession!.resume() }
}

/// A server's stored history applied in order to a realm of its own, as the server's replica
/// holds the realm.
actor ReplayedHistory {
    var realm: Realm!

    init(_ entries: [ServerHistoryEntry]) async throws {
        realm = try await Realm(configuration: Realm.Configuration(inMemoryIdentifier: "replayed-\(UUID().uuidString)", objectTypes: []), actor: self)
        try realm.write {
            for entry in entries { try realm.integrateServerSyncChangeset(entry.changeset, ownFileIdent: 0) }
        }
    }

    func isAsymmetric(_ className: String) -> Bool? { realm.schema[className]?.isAsymmetric }

    /// The objects of `className` that `query` matches.
    func count(_ className: String, where query: String = "TRUEPREDICATE") throws -> Int {
        try realm.dynamicObjects(className).filtered(query).count
    }
}

/// Data ingest against the real server: asymmetric objects go up from one device, the server
/// keeps them, and no device keeps or receives them.
final class AsymmetricSyncTests: SyncTestCase {
    func testAsymmetricObjectsAreUploadedKeptByTheServerAndNeverDownloaded() async throws {
        let sensorUser = try await register("sensor", on: makeApp(device: "sensor"))
        let sensor = try await IngestDevice(sensorUser, types: [IngestReading.self, IngestSpot.self, FlexItem.self])
        try await sensor.ingest(from: 0, count: 10, marker: "first")
        try await sensor.settle()
        let sensorObjects = try await sensor.storedObjects("IngestReading")
        XCTAssertEqual(sensorObjects, 0, "the device keeps no asymmetric object")
        let sensorHistory = try await sensor.historyLength()
        XCTAssertEqual(sensorHistory, 0, "once the server holds the upload, the device's history lets it go")
        let sensorItems = await sensor.items()
        XCTAssertEqual(sensorItems, ["first"])

        // A second device subscribed to everything it can subscribe to, opened after the
        // readings were written (bootstrap) and kept open while more arrive (downloads).
        let reader = try await IngestDevice(try await register("reader", on: makeApp(device: "reader")), types: [FlexItem.self])
        try await sensor.ingest(from: 10, count: 5, marker: "second")
        try await sensor.settle()
        try await reader.settle()
        let readerItems = await reader.items()
        XCTAssertEqual(readerItems, ["first", "second"])
        let readerHasClass = await reader.hasClass("IngestReading")
        XCTAssertFalse(readerHasClass, "neither the class nor its objects come down")
        let readerHistory = try await reader.historyLength()
        XCTAssertEqual(readerHistory, 0)
        let sensorObjectsAfter = try await sensor.storedObjects("IngestReading")
        XCTAssertEqual(sensorObjectsAfter, 0)

        // Written offline: only the history holds the readings, until the server has them.
        await sensor.suspend()
        try await sensor.ingest(from: 15, count: 3, marker: "offline")
        let offlineHistory = try await sensor.historyLength()
        XCTAssertEqual(offlineHistory, 1)
        let offlineObjects = try await sensor.storedObjects("IngestReading")
        XCTAssertEqual(offlineObjects, 0)
        await sensor.resume()
        try await sensor.settle()
        let uploadedHistory = try await sensor.historyLength()
        XCTAssertEqual(uploadedHistory, 0)

        // What the server stored: every reading, in a history that builds them whole.
        let postgresURL = server.postgresURL
        XCTAssertEqual(try server.terminate(), 0, server.log)
        server = nil
        let history = try await storedHistory(path: "/default", postgresURL: postgresURL)
        let replica = try await ReplayedHistory(history.entries)
        let isAsymmetric = await replica.isAsymmetric("IngestReading")
        XCTAssertEqual(isAsymmetric, true)
        let readings = try await replica.count("IngestReading")
        XCTAssertEqual(readings, 18)
        let late = try await replica.count("IngestReading", where: "value >= 10 AND spot.name BEGINSWITH 'spot1'")
        XCTAssertEqual(late, 8)
        let items = try await replica.count("FlexItem")
        XCTAssertEqual(items, 3)
    }

    func testPartitionBasedRealmRefusesAsymmetricClasses() async throws {
        let user = try await register("partitioned", on: makeApp())
        var config = user.configuration(partitionValue: "readings")
        config.objectTypes = [IngestReading.self, IngestSpot.self]
        do {
            _ = try await RealmHolder(config)
            XCTFail("a partition-based realm opened with an asymmetric class")
        } catch {
            guard case .invalidSchema(let message)? = (error as? Realm.Error)?.reason else { return XCTFail("\(error)") }
            XCTAssertTrue(message.hasPrefix("IngestReading is asymmetric"), message)
        }
    }

    /// The history the stopped server stored for realm `path` (in its data directory, or in
    /// its PostgreSQL database).
    private func storedHistory(path: String, postgresURL: String?) async throws -> StoredHistory {
        let store: any ServerStore
        if let url = postgresURL {
            store = try PostgresServerStore(url: try XCTUnwrap(PostgresConnectionURL(url)), logger: Logging.Logger(label: "asymmetric-test"))
        } else {
            store = try EmbeddedServerStore(directory: root.appendingPathComponent("server-data"))
        }
        try await store.prepare()
        let history = try await store.history(path: path).load()
        await store.close()
        return history
    }
}
