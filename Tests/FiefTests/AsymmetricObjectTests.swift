@_spi(Sync) @testable import Fief
import Foundation
import XCTest

final class AsymReading: AsymmetricObject {
    @Persisted(primaryKey: true) var _id: ObjectId
    @Persisted var sensor = ""
    @Persisted var value = 0.0
    @Persisted var place: AsymPlace?
    @Persisted var tags: List<String>
}

final class AsymPlace: EmbeddedObject {
    @Persisted var name = ""
}

final class AsymWithoutKey: AsymmetricObject {
    @Persisted var value = 0
}

final class AsymLinker: Object {
    @Persisted var reading: AsymReading?
}

/// Asymmetric classes: their declaration rules, where they may be used, and that a create is
/// recorded for upload while the realm keeps nothing of it.
final class AsymmetricObjectTests: XCTestCase {
    private var dir: URL!

    override func setUp() {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("asym-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: dir)
    }

    /// A device's copy of a flexible-sync realm, as FiefSync configures one.
    private func deviceConfiguration(_ types: [ObjectBase.Type] = [AsymReading.self, AsymPlace.self]) -> Realm.Configuration {
        var c = Realm.Configuration(fileURL: dir.appendingPathComponent("device.realm"), objectTypes: types)
        c.recordsSyncHistory = true
        c.allowsAsymmetricObjects = true
        c.syncClock = { 1000 }
        return c
    }

    private let id1 = ObjectId("64b6a1e0c2f4a2b3c4d5e6f1")
    private let id2 = ObjectId("64b6a1e0c2f4a2b3c4d5e6f2")

    private func rowCount(_ realm: Realm, _ className: String) throws -> Int {
        guard let binding = realm.binding(named: className) else { return 0 }
        let store = try realm.table(binding)
        return try store.allKeys().filter { try store.exists($0) }.count
    }

    /// The message of the schema error `body` throws (opening a realm throws it as the
    /// `reason` of a `Realm.Error`).
    private func schemaError(_ body: () throws -> Void) -> String? {
        do { try body() } catch {
            guard case .invalidSchema(let message)? = (error as? RealmError) ?? (error as? Realm.Error)?.reason else { return "unexpected \(error)" }
            return message
        }
        return nil
    }

    // MARK: Declaration

    func testSchemaReportsAsymmetricClasses() throws {
        let realm = try Realm(configuration: deviceConfiguration())
        let reading = try XCTUnwrap(realm.schema["AsymReading"])
        XCTAssertTrue(reading.isAsymmetric)
        XCTAssertFalse(reading.isEmbedded)
        XCTAssertEqual(reading.primaryKeyProperty?.name, "_id")
        XCTAssertFalse(try XCTUnwrap(realm.schema["AsymPlace"]).isAsymmetric)
        XCTAssertTrue(reading.description.hasPrefix("asymmetric class AsymReading {"))
        XCTAssertTrue(AsymReading().objectSchema.isAsymmetric)
    }

    func testAsymmetricClassMustHaveAPrimaryKey() {
        let message = schemaError { _ = try Realm(configuration: deviceConfiguration([AsymWithoutKey.self])) }
        XCTAssertEqual(message, "AsymWithoutKey: an asymmetric class must have a primary key")
    }

    func testNoClassCanLinkToAnAsymmetricClass() {
        let message = schemaError { _ = try Realm(configuration: deviceConfiguration([AsymLinker.self, AsymReading.self, AsymPlace.self])) }
        XCTAssertEqual(message, "AsymLinker.reading links to AsymReading, which is asymmetric: asymmetric objects cannot be linked to")
    }

    func testDynamicClassesFollowTheSameRules() throws {
        let realm = try Realm(configuration: Realm.Configuration(inMemoryIdentifier: "asym-dynamic-\(UUID().uuidString)", objectTypes: []))
        try realm.write {
            XCTAssertEqual(schemaError {
                try realm.dynamicAddClasses([ObjectSchema(className: "R", properties: [Property(name: "v", type: .int)], isAsymmetric: true)])
            }, "R: an asymmetric class must have a primary key")
            try realm.dynamicAddClasses([ObjectSchema(className: "R", properties: [Property(name: "id", type: .int, isPrimary: true)], isAsymmetric: true)])
            XCTAssertEqual(schemaError {
                try realm.dynamicAddClasses([ObjectSchema(className: "L", properties: [Property(name: "r", type: .object, isOptional: true, objectClassName: "R")])])
            }, "L.r links to R, which is asymmetric: asymmetric objects cannot be linked to")
        }
        XCTAssertTrue(try XCTUnwrap(realm.schema["R"]).isAsymmetric)
    }

    // MARK: Where asymmetric classes may be used

    func testLocalAndPartitionBasedRealmsRefuseAsymmetricClasses() {
        var local = Realm.Configuration(fileURL: dir.appendingPathComponent("local.realm"), objectTypes: [AsymReading.self, AsymPlace.self])
        XCTAssertEqual(schemaError { _ = try Realm(configuration: local) },
                       "AsymReading is asymmetric: asymmetric classes can only be used in a realm opened with a flexible sync configuration, not in a local or partition-based realm")
        local.recordsSyncHistory = true // a partition-based synced realm records history but allows no asymmetric class
        XCTAssertNotNil(schemaError { _ = try Realm(configuration: local) })
    }

    func testAutomaticSchemaOfALocalRealmLeavesAsymmetricClassesOut() throws {
        _ = try ClassInfo.discover(AsymReading.self)
        let realm = try Realm(configuration: Realm.Configuration(inMemoryIdentifier: "asym-auto-\(UUID().uuidString)"))
        XCTAssertNil(realm.schema["AsymReading"])
        let error = schemaError {
            try realm.write { realm.create(AsymReading.self, value: ["_id": id1]) }
        }
        XCTAssertTrue(error?.hasPrefix("AsymReading is asymmetric") == true, error ?? "no error")
    }

    // MARK: Writing

    func testCreateIsRecordedForUploadAndNotKept() throws {
        let realm = try Realm(configuration: deviceConfiguration())
        let recorded = try recordedWrite(realm) {
            realm.create(AsymReading.self, value: ["_id": id1, "sensor": "t1", "value": 21.5, "place": ["name": "attic"], "tags": ["a", "b"]])
        }
        let object = SyncObjectID.primaryKey(.objectId(id1))
        let t = { (path: SyncPathElement...) in SyncTarget(className: "AsymReading", object: object, path: path) }
        XCTAssertEqual(recorded.instructions, [
            .createObject(className: "AsymReading", object: object),
            .set(t(.property("sensor")), .string("t1"), isDefault: false),
            .set(t(.property("value")), .double(21.5), isDefault: false),
            .set(t(.property("place")), .embeddedObject, isDefault: false),
            .set(t(.property("place"), .property("name")), .string("attic"), isDefault: false),
            .listInsert(t(.property("tags")), index: 0, .string("a")),
            .listInsert(t(.property("tags")), index: 1, .string("b")),
        ])
        XCTAssertEqual(try rowCount(realm, "AsymReading"), 0)
        XCTAssertEqual(try rowCount(realm, "AsymPlace"), 0)
        // The upload survives until the server acknowledges it: it is in the file's history.
        let entries = try realm.syncHistoryEntries(after: 0)
        XCTAssertTrue(entries.contains { $0.changeset == recorded })
    }

    func testTheSameKeyMayBeCreatedAgain() throws {
        let realm = try Realm(configuration: deviceConfiguration())
        try realm.write {
            realm.create(AsymReading.self, value: ["_id": id1, "value": 1.0])
            realm.create(AsymReading.self, value: ["_id": id1, "value": 2.0])
        }
        XCTAssertEqual(try rowCount(realm, "AsymReading"), 0)
    }

    func testUploadSurvivesReopening() throws {
        do {
            let realm = try Realm(configuration: deviceConfiguration())
            try realm.write { realm.create(AsymReading.self, value: ["_id": id1, "value": 3.0]) }
        }
        let realm = try Realm(configuration: deviceConfiguration())
        let creates = try realm.syncHistoryEntries(after: 0).flatMap(\.changeset.instructions).filter {
            if case .createObject("AsymReading", _) = $0 { true } else { false }
        }
        XCTAssertEqual(creates.count, 1)
        XCTAssertEqual(try rowCount(realm, "AsymReading"), 0)
    }

    func testRebasingAPendingCreateKeepsNothing() throws {
        let realm = try Realm(configuration: deviceConfiguration())
        try realm.write {
            realm.create(AsymReading.self, value: ["_id": id1, "place": ["name": "cellar"]])
            realm.create(AsymReading.self, value: ["_id": id2, "value": 4.0])
        }
        let before = try realm.syncHistoryEntries(after: 0)
        try realm.write {
            let pending = try realm.undoPendingSyncChangesets()
            XCTAssertEqual(try rowCount(realm, "AsymReading"), 0)
            for entry in pending { try realm.redoSyncChangeset(entry) }
        }
        XCTAssertEqual(try realm.syncHistoryEntries(after: 0).map(\.changeset), before.map(\.changeset))
        XCTAssertEqual(try rowCount(realm, "AsymReading"), 0)
        XCTAssertEqual(try rowCount(realm, "AsymPlace"), 0)
    }

    // MARK: Reading

    func testDeviceCannotReadOrCreateAsymmetricObjectsDynamically() throws {
        let realm = try Realm(configuration: deviceConfiguration())
        XCTAssertThrowsError(try realm.dynamicObjects("AsymReading")) { error in
            guard case RealmError.invalidQuery(let message) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.hasPrefix("AsymReading is asymmetric"), message)
        }
        XCTAssertThrowsError(try realm.dynamicObject(ofType: "AsymReading", forPrimaryKey: id1))
        try realm.write {
            XCTAssertThrowsError(try realm.dynamicCreate("AsymReading", value: ["_id": id1])) { error in
                guard case RealmError.invalidValue(let message) = error else { return XCTFail("\(error)") }
                XCTAssertTrue(message.hasPrefix("AsymReading is asymmetric"), message)
            }
        }
    }

    // MARK: Sync changesets

    func testReceivedInstructionsOnAsymmetricClassesAreSkippedByADevice() throws {
        let realm = try Realm(configuration: deviceConfiguration())
        let object = SyncObjectID.primaryKey(.objectId(id1))
        try deliver(SyncChangeset([
            .createObject(className: "AsymReading", object: object),
            .set(SyncTarget(className: "AsymReading", object: object, path: [.property("value")]), .double(9), isDefault: false),
            .addClass(name: "Other", primaryKey: SyncPropertySchema(name: "id", type: .int, isPrimaryKey: true, isIndexed: true),
                      isEmbedded: false, isAsymmetric: true),
        ]), to: realm, ownFileIdent: 1)
        XCTAssertEqual(try rowCount(realm, "AsymReading"), 0)
        XCTAssertNil(realm.schema["Other"])
    }

    func testTheServersCopyKeepsAsymmetricObjects() throws {
        let device = try Realm(configuration: deviceConfiguration())
        let upload = try recordedWrite(device) {
            device.create(AsymReading.self, value: ["_id": id1, "sensor": "t9", "place": ["name": "roof"]])
        }
        let schema = try XCTUnwrap(device.syncHistoryEntries(after: 0).first?.changeset)
        // The server's replica: a realm without sync history, its schema built from changesets.
        let server = try Realm(configuration: Realm.Configuration(inMemoryIdentifier: "asym-server-\(UUID().uuidString)", objectTypes: []))
        try server.write {
            try server.integrateServerSyncChangeset(schema, ownFileIdent: 0)
            try server.integrateServerSyncChangeset(upload, ownFileIdent: 0)
        }
        XCTAssertTrue(try XCTUnwrap(server.schema["AsymReading"]).isAsymmetric)
        let stored = try XCTUnwrap(server.dynamicObject(ofType: "AsymReading", forPrimaryKey: id1))
        XCTAssertEqual(stored["sensor"] as? String, "t9")
        XCTAssertFalse(server.syncTopLevelClassNames.contains("AsymReading"))
    }

    func testAsymmetricFlagIsCarriedInChangesetsAndTheFile() throws {
        let add = SyncInstruction.addClass(name: "R", primaryKey: SyncPropertySchema(name: "id", type: .int, isPrimaryKey: true, isIndexed: true),
                                           isEmbedded: false, isAsymmetric: true)
        XCTAssertEqual(try SyncChangesetCoding.decode(SyncChangesetCoding.encode(SyncChangeset([add]))), SyncChangeset([add]))

        let realm = try Realm(configuration: deviceConfiguration())
        let first = try XCTUnwrap(realm.syncHistoryEntries(after: 0).first)
        XCTAssertTrue(first.changeset.instructions.contains {
            if case .addClass("AsymReading", _, false, true) = $0 { true } else { false }
        })
        let record = SchemaCoding.encode(realm.schema, synced: true)
        XCTAssertEqual(record.first, SchemaCoding.syncedVersion)
        XCTAssertTrue(SchemaCoding.isSynced(record))
        XCTAssertTrue(try XCTUnwrap(SchemaCoding.decode(record)["AsymReading"]).isAsymmetric)
        // Records before asymmetric classes: version 1 and 2, flags byte 0 or 1.
        var old = SchemaCoding.encode(Schema([ObjectSchema(className: "E", properties: [Property(name: "n", type: .int)], isEmbedded: true)]), synced: true)
        old[0] = 2
        XCTAssertTrue(SchemaCoding.isSynced(old))
        XCTAssertTrue(try XCTUnwrap(SchemaCoding.decode(old)["E"]).isEmbedded)
        var bad = old
        let flags = try XCTUnwrap(bad.firstIndex(of: UInt8(ascii: "E")).map { $0 + 1 })
        bad[flags] = 2 // the asymmetric flag in a record version that has no such flag
        XCTAssertThrowsError(try SchemaCoding.decode(bad))
    }
}
