@testable import Fief
import Foundation
import XCTest

final class WCItem: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted(indexed: true) var group = ""
    @Persisted var score = 0.0
}

/// The write transaction's cluster cache is written back to the file whenever it holds too many
/// values, in the middle of a transaction (a bulk load); nothing written before or after a
/// write-back may be lost or read wrongly.
final class WriteCacheTests: XCTestCase {
    private struct Expected: Equatable {
        var group: String
        var score: Double
    }

    private func check(_ realm: Realm, _ model: [Int: Expected], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(realm.objects(WCItem.self).count, model.count, file: file, line: line)
        var seen: [Int: Expected] = [:]
        for item in realm.objects(WCItem.self) { seen[item.id] = Expected(group: item.group, score: item.score) }
        XCTAssertEqual(seen, model, file: file, line: line)
        for group in Set(model.values.map(\.group)) {
            let expected = Set(model.filter { $0.value.group == group }.keys)
            let found = Set(realm.objects(WCItem.self).filter("group == %@", group).map(\.id))
            XCTAssertEqual(found, expected, "index of group \(group)", file: file, line: line)
        }
    }

    func testBulkLoadWritesBackMidTransactionAndLosesNothing() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = Realm.Configuration(fileURL: directory.appendingPathComponent("cache.realm"), objectTypes: [WCItem.self])
        let realm = try Realm(configuration: configuration)
        var model: [Int: Expected] = [:]
        var writeBacks = 0
        var fullClusterWriteBacks = 0
        try realm.write {
            realm.session!.valueLimit = 300
            for id in 0..<4_000 {
                realm.add(WCItem(value: ["id": id, "group": "g\(id % 7)", "score": Double(id)]))
                model[id] = Expected(group: "g\(id % 7)", score: Double(id))
            }
            // Read, change and delete objects whose clusters were written back.
            for id in stride(from: 0, to: 4_000, by: 10) {
                let item = realm.object(ofType: WCItem.self, forPrimaryKey: id)!
                XCTAssertEqual(item.score, Double(id))
                item.score = -Double(id)
                item.group = "changed"
                model[id] = Expected(group: "changed", score: -Double(id))
            }
            for id in stride(from: 3, to: 4_000, by: 13) {
                realm.delete(realm.object(ofType: WCItem.self, forPrimaryKey: id)!)
                model[id] = nil
            }
            // Keys in descending order, and between existing ones.
            for id in (6_000..<7_000).reversed() {
                realm.add(WCItem(value: ["id": id, "group": "late", "score": 1.5]))
                model[id] = Expected(group: "late", score: 1.5)
            }
            XCTAssertThrowsError(try realm.addObject(WCItem(value: ["id": 20]), update: .error), "a written-back object still counts as existing")
            writeBacks = realm.session!.writeBacks
            fullClusterWriteBacks = realm.session!.fullClusterWriteBacks
            check(realm, model)
        }
        XCTAssertGreaterThan(writeBacks, 10, "the cache was written back many times in the transaction")
        XCTAssertGreaterThanOrEqual(fullClusterWriteBacks, 5, "and full clusters of the first load on their own")
        check(realm, model)
        let reopened = try Realm(configuration: configuration)
        check(reopened, model)
    }

    func testRandomEditsAgreeWithAModelAcrossWriteBacks() throws {
        let realm = try Realm(configuration: memoryConfiguration([WCItem.self]))
        var rng = SplitMix64(state: 0x5eed_cace)
        var model: [Int: Expected] = [:]
        for round in 0..<4 {
            try realm.write {
                realm.session!.valueLimit = 150
                for _ in 0..<1_500 {
                    let id = Int.random(in: 0..<3_000, using: &rng)
                    switch Int.random(in: 0..<10, using: &rng) {
                    case 0..<6:
                        let value = Expected(group: "g\(Int.random(in: 0..<5, using: &rng))", score: Double(round))
                        realm.add(WCItem(value: ["id": id, "group": value.group, "score": value.score]), update: .modified)
                        model[id] = value
                    case 6..<8:
                        if let item = realm.object(ofType: WCItem.self, forPrimaryKey: id) {
                            item.score += 1
                            model[id]!.score += 1
                        } else {
                            XCTAssertNil(model[id], "object \(id) is missing")
                        }
                    default:
                        if let item = realm.object(ofType: WCItem.self, forPrimaryKey: id) { realm.delete(item) }
                        model[id] = nil
                    }
                }
            }
            check(realm, model)
        }
    }

    /// A transaction that keeps coming back to clusters it wrote back (random updates and
    /// deletes across a class larger than the cache) makes the cache grow instead of decoding
    /// the same clusters again and again; a bulk load, which never comes back, does not.
    func testRevisitingWrittenBackClustersGrowsTheCacheAndABulkLoadDoesNot() throws {
        let realm = try Realm(configuration: memoryConfiguration([WCItem.self]))
        let capacity = TableStore.clusterCapacity(pageSize: try realm.currentTxn().pageSize)
        // Room for about 8 clusters of the class's 3 columns; the class fills 80.
        let limit = 8 * 3 * capacity
        let count = 80 * capacity
        var model: [Int: Expected] = [:]
        try realm.write {
            realm.session!.valueLimit = limit
            realm.session!.writesBackFullClusters = false
            for id in 0..<count {
                realm.add(WCItem(value: ["id": id, "group": "g\(id % 3)", "score": Double(id)]))
                model[id] = Expected(group: "g\(id % 3)", score: Double(id))
            }
            XCTAssertEqual(realm.session!.valueLimit, limit, "a bulk load keeps the limit")
            XCTAssertGreaterThanOrEqual(realm.session!.writeBacks, 8)
        }
        var rng = SplitMix64(state: 0x0DE1_E7E5)
        try realm.write {
            realm.session!.valueLimit = limit
            for _ in 0..<3_000 {
                let id = Int.random(in: 0..<count, using: &rng)
                guard let item = realm.object(ofType: WCItem.self, forPrimaryKey: id) else { continue }
                if Bool.random(using: &rng) {
                    item.score += 1
                    model[id]!.score += 1
                } else {
                    realm.delete(item)
                    model[id] = nil
                }
            }
            XCTAssertGreaterThan(realm.session!.valueLimit, limit, "random edits across the class grow the cache")
            // Without growing, about one write-back every 8 edits (over 300).
            XCTAssertLessThan(realm.session!.writeBacks, 60, "the grown cache stops writing back")
            check(realm, model)
        }
        check(realm, model)
    }

    /// A bulk load in ascending key order writes each full cluster back as soon as it leaves it
    /// behind, so the cache holds about one cluster; the objects stay readable, queryable and
    /// unique in the transaction, cancelling it keeps none of them, and a transaction that comes
    /// back to a written-back cluster keeps the clusters it fills from then on.
    func testBulkLoadWritesEachFullClusterBackAndStopsWhenItComesBack() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = Realm.Configuration(fileURL: directory.appendingPathComponent("full.realm"), objectTypes: [WCItem.self])
        let realm = try Realm(configuration: configuration)
        let capacity = TableStore.clusterCapacity(pageSize: try realm.currentTxn().pageSize)
        let count = capacity * 10 + capacity / 2
        realm.beginWrite()
        for id in 0..<count { realm.add(WCItem(value: ["id": id, "group": "g\(id % 5)", "score": Double(id)])) }
        XCTAssertEqual(realm.session!.fullClusterWriteBacks, 10)
        XCTAssertLessThanOrEqual(realm.session!.clusterCount, 2, "only the cluster being filled is cached")
        XCTAssertLessThanOrEqual(realm.session!.cachedValues, 3 * capacity)
        XCTAssertEqual(realm.objects(WCItem.self).count, count)
        XCTAssertEqual(realm.objects(WCItem.self).filter("group == 'g3'").count, count / 5 + (count % 5 > 3 ? 1 : 0))
        XCTAssertThrowsError(try realm.addObject(WCItem(value: ["id": 7]), update: .error), "a written-back object still counts as existing")
        realm.cancelWrite()
        XCTAssertEqual(realm.objects(WCItem.self).count, 0, "cancelling drops the written-back clusters too")

        var model: [Int: Expected] = [:]
        try realm.write {
            for id in 0..<count {
                realm.add(WCItem(value: ["id": id, "group": "g\(id % 5)", "score": Double(id)]))
                model[id] = Expected(group: "g\(id % 5)", score: Double(id))
            }
            XCTAssertTrue(realm.session!.writesBackFullClusters)
            // Coming back to the first cluster loads it again: from then on, full clusters stay.
            let first = realm.object(ofType: WCItem.self, forPrimaryKey: 1)!
            first.score = -1
            model[1]!.score = -1
            XCTAssertFalse(realm.session!.writesBackFullClusters)
            let before = realm.session!.fullClusterWriteBacks
            for id in count..<(count + 3 * capacity) {
                realm.add(WCItem(value: ["id": id, "group": "late", "score": 0.5]))
                model[id] = Expected(group: "late", score: 0.5)
            }
            XCTAssertEqual(realm.session!.fullClusterWriteBacks, before)
            check(realm, model)
        }
        check(realm, model)
        check(try Realm(configuration: configuration), model)
    }

    /// Inserts keep the cluster the last insert used; keys that fall between the keys of a full
    /// cluster split it, and inserts into two classes in turn each keep their own cluster.
    func testInsertsBetweenKeysSplitFullClustersAndClassesInTurnKeepTheirOwn() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = Realm.Configuration(fileURL: directory.appendingPathComponent("split.realm"),
                                                objectTypes: [WCItem.self, BulkPlainItem.self])
        let realm = try Realm(configuration: configuration)
        let capacity = TableStore.clusterCapacity(pageSize: try realm.currentTxn().pageSize)
        let count = capacity * 3
        var model: [Int: Expected] = [:]
        try realm.write {
            for id in stride(from: 0, to: 2 * count, by: 2) {
                realm.add(WCItem(value: ["id": id, "group": "even", "score": Double(id)]))
                realm.add(BulkPlainItem(value: ["id": id, "name": "n\(id)"]))
                model[id] = Expected(group: "even", score: Double(id))
            }
            for id in stride(from: 1, to: 2 * count, by: 2) {
                realm.add(WCItem(value: ["id": id, "group": "odd", "score": Double(id)]))
                model[id] = Expected(group: "odd", score: Double(id))
            }
            check(realm, model)
        }
        check(realm, model)
        let reopened = try Realm(configuration: configuration)
        check(reopened, model)
        XCTAssertEqual(Array(reopened.objects(WCItem.self).sorted(byKeyPath: "id").map(\.id)), Array(0..<(2 * count)))
        let plain = reopened.objects(BulkPlainItem.self)
        XCTAssertEqual(plain.count, count)
        for item in plain { XCTAssertEqual(item.name, "n\(item.id)") }
    }
}

final class BulkPlainItem: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var name = ""
}
