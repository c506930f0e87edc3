@_spi(Sync) @testable import Fief
import Foundation
import XCTest

final class WholeSetOwner: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var tags: MutableSet<String>
    @Persisted var pets: MutableSet<WholeSetPet>
    @Persisted var mixed: MutableSet<AnyRealmValue>
    @Persisted var ratings: MutableSet<Double>
}

final class WholeSetPet: Object {
    @Persisted(primaryKey: true) var name = ""
}

/// A set written whole keeps the members that stay in their order and appends the new ones,
/// at every write site: that is the order its sync changeset (erase the members that left,
/// insert the new ones) gives every other copy.
final class SetWrittenWholeTests: XCTestCase {
    private var dir: URL!

    override func setUp() { dir = temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    private func realm(synced: Bool = false, schemaVersion: UInt64 = 0, migration: MigrationBlock? = nil) throws -> Realm {
        var c = Realm.Configuration(fileURL: dir.appendingPathComponent("s.realm"), schemaVersion: schemaVersion, migrationBlock: migration,
                                    objectTypes: [WholeSetOwner.self, WholeSetPet.self])
        c.recordsSyncHistory = synced
        return try Realm(configuration: c)
    }

    private func tags(_ realm: Realm) -> [String] { Array(realm.object(ofType: WholeSetOwner.self, forPrimaryKey: 1)!.tags) }

    func testAnUpdateKeepsTheMembersThatStayInTheirOrder() throws {
        let realm = try realm()
        try realm.write { realm.create(WholeSetOwner.self, value: ["id": 1, "tags": ["a", "b"]]) }
        try realm.write { realm.create(WholeSetOwner.self, value: ["id": 1, "tags": ["c", "a", "b"]], update: .modified) }
        XCTAssertEqual(tags(realm), ["a", "b", "c"])
        try realm.write { realm.create(WholeSetOwner.self, value: ["id": 1, "tags": ["x", "c", "x"]], update: .all) }
        XCTAssertEqual(tags(realm), ["c", "x"], "the members that left go, the new one comes after, once")
        try realm.write { realm.create(WholeSetOwner.self, value: ["id": 1, "tags": [String]()], update: .modified) }
        XCTAssertEqual(tags(realm), [])
    }

    func testASetHoldsOneNaNAndFindsIt() throws {
        let realm = try realm(synced: true)
        try realm.write { realm.create(WholeSetOwner.self, value: ["id": 1, "ratings": [Double.nan, 1.0, Double.nan]]) }
        let owner = realm.object(ofType: WholeSetOwner.self, forPrimaryKey: 1)!
        XCTAssertEqual(owner.ratings.count, 2, "a new object's set holds one NaN")
        try realm.write {
            owner.ratings.insert(.nan)
            owner.mixed.insert(.double(.nan))
            owner.mixed.insert(.double(.nan))
            owner.mixed.insert(.float(.nan))
        }
        XCTAssertEqual(owner.ratings.count, 2)
        XCTAssertEqual(owner.mixed.count, 2, "one NaN of each kind")
        XCTAssertTrue(owner.ratings.contains(.nan))
        XCTAssertTrue(owner.mixed.contains(.double(.nan)))
        try realm.write {
            owner.ratings.remove(.nan)
            owner.mixed.remove(.double(.nan))
        }
        XCTAssertEqual(Array(owner.ratings), [1.0])
        XCTAssertEqual(owner.mixed.count, 1)
        // Written whole: NaN is one new member; written again, it stays where it is.
        try realm.write { realm.create(WholeSetOwner.self, value: ["id": 1, "ratings": [Double.nan, 2.0, 1.0, Double.nan]], update: .modified) }
        XCTAssertEqual(owner.ratings.count, 3)
        XCTAssertEqual(owner.ratings[0], 1.0)
        XCTAssertTrue(owner.ratings[1].isNaN)
        XCTAssertEqual(owner.ratings[2], 2.0)
        let before = try realm.syncHistoryEntries(after: 0).count
        try realm.write { realm.create(WholeSetOwner.self, value: ["id": 1, "ratings": [2.0, Double.nan, 1.0]], update: .modified) }
        XCTAssertEqual(owner.ratings.count, 3)
        XCTAssertEqual(try realm.syncHistoryEntries(after: 0).count, before, "the same members change nothing and record nothing")
    }

    func testTheSettersKeepTheMembersThatStayInTheirOrder() throws {
        let realm = try realm()
        try realm.write { realm.create(WholeSetOwner.self, value: ["id": 1, "tags": ["a", "b"]]) }
        let owner = realm.object(ofType: WholeSetOwner.self, forPrimaryKey: 1)!
        try realm.write { owner["tags"] = ["c", "b", "a"] }
        XCTAssertEqual(tags(realm), ["a", "b", "c"], "dynamic setter")
        let given = MutableSet<String>()
        for t in ["d", "c", "a"] { given.insert(t) }
        try realm.write { owner.tags = given }
        XCTAssertEqual(tags(realm), ["a", "c", "d"], "property setter")
        try realm.write { try realm.dynamicObject(ofType: "WholeSetOwner", forPrimaryKey: 1)!.setValue(["e", "d", "c", "a"], forProperty: "tags") }
        XCTAssertEqual(tags(realm), ["a", "c", "d", "e"], "dynamic object")
    }

    func testAMigrationAssignmentKeepsTheMembersThatStayInTheirOrder() throws {
        do {
            let realm = try realm()
            try realm.write { realm.create(WholeSetOwner.self, value: ["id": 1, "tags": ["a", "b"]]) }
        }
        let migrated = try realm(schemaVersion: 1) { migration, _ in
            migration.enumerateObjects(ofType: "WholeSetOwner") { _, new in new?["tags"] = ["z", "b", "a"] }
            let given = List<String>()
            given.append(objectsIn: ["q", "q", "r"])
            migration.create("WholeSetOwner", value: ["id": 2, "tags": given])
        }
        XCTAssertEqual(tags(migrated), ["a", "b", "z"])
        XCTAssertEqual(Array(migrated.object(ofType: WholeSetOwner.self, forPrimaryKey: 2)!.tags), ["q", "r"], "a list given for a set")
    }

    func testLinksToObjectsDeletedInTheTransactionAreNotKept() throws {
        let realm = try realm()
        try realm.write {
            let p1 = realm.create(WholeSetPet.self, value: ["name": "p1"]), p2 = realm.create(WholeSetPet.self, value: ["name": "p2"])
            realm.create(WholeSetOwner.self, value: ["id": 1, "pets": [p1, p2]])
        }
        try realm.write {
            realm.delete(realm.object(ofType: WholeSetPet.self, forPrimaryKey: "p1")!)
            let p3 = realm.create(WholeSetPet.self, value: ["name": "p3"])
            realm.create(WholeSetOwner.self, value: ["id": 1, "pets": [p3, realm.object(ofType: WholeSetPet.self, forPrimaryKey: "p2")!]],
                         update: .modified)
        }
        XCTAssertEqual(realm.object(ofType: WholeSetOwner.self, forPrimaryKey: 1)!.pets.map(\.name), ["p2", "p3"])
    }

    func testTheSyncChangesetReplaysToTheStoredOrderAndAReorderRecordsNothing() throws {
        let realm = try realm(synced: true)
        try realm.write { realm.create(WholeSetOwner.self, value: ["id": 1, "tags": ["a", "b"]]) }
        var latest = try realm.syncHistoryState().latestClientVersion
        try realm.write { realm.create(WholeSetOwner.self, value: ["id": 1, "tags": ["b", "c", "a"]], update: .modified) }
        let target = SyncTarget(className: "WholeSetOwner", object: .primaryKey(.int(1)), property: "tags")
        XCTAssertEqual(try realm.syncHistoryEntries(after: latest).map(\.changeset.instructions), [[.setInsert(target, .string("c"))]])
        XCTAssertEqual(tags(realm), ["a", "b", "c"])
        latest = try realm.syncHistoryState().latestClientVersion
        try realm.write { realm.create(WholeSetOwner.self, value: ["id": 1, "tags": ["c", "b", "a"]], update: .modified) }
        XCTAssertEqual(try realm.syncHistoryEntries(after: latest).count, 0)
        XCTAssertEqual(tags(realm), ["a", "b", "c"])
    }

    func testObjectsWithOnePrimaryKeyAreOneMember() throws {
        let realm = try realm()
        try realm.write {
            realm.create(WholeSetOwner.self, value: ["id": 1, "pets": [["name": "p"], ["name": "p"], ["name": "q"]]], update: .modified)
        }
        let owner = realm.object(ofType: WholeSetOwner.self, forPrimaryKey: 1)!
        XCTAssertEqual(owner.pets.map(\.name), ["p", "q"], "a new object's set")
        try realm.write { owner.pets.insert(WholeSetPet(value: ["name": "q"])) }
        XCTAssertEqual(owner.pets.map(\.name), ["p", "q"], "an insert of the member's primary key")
        try realm.write { owner.pets.insert(WholeSetPet(value: ["name": "r"])) }
        XCTAssertEqual(owner.pets.map(\.name), ["p", "q", "r"])
    }
}
