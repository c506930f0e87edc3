import Fief
import Foundation
import XCTest

/// Randomised, model-based checks of the object store against a Swift dictionary: inserts in
/// random key order (cluster splits), updates, deletes, reopen.
final class StorageModelTests: XCTestCase {
    func testRandomOperationsMatchModel() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = Realm.Configuration(fileURL: dir.appendingPathComponent("model.realm"), objectTypes: [Row.self])
        var rng = SplitMix64(state: 42)
        var model: [Int: (score: Int, label: String, bucket: Int)] = [:]

        func verify(_ realm: Realm, _ step: String) {
            let rows = realm.objects(Row.self)
            XCTAssertEqual(rows.count, model.count, step)
            XCTAssertEqual(rows.map(\.id), model.keys.sorted(), "objects are in primary-key order: \(step)")
            let sample = model.keys.sorted().prefix(50)
            for id in sample {
                let r = realm.object(ofType: Row.self, forPrimaryKey: id)
                XCTAssertEqual(r?.score, model[id]?.score, step)
                XCTAssertEqual(r?.label, model[id]?.label, step)
            }
            for b in 0..<4 {
                XCTAssertEqual(rows.filter("bucket == \(b)").count, model.values.filter { $0.bucket == b }.count, "bucket \(b) \(step)")
            }
            XCTAssertEqual(rows.filter("score > 500").count, model.values.filter { $0.score > 500 }.count, step)
            XCTAssertEqual(rows.sum(ofProperty: "score") as Int, model.values.reduce(0) { $0 + $1.score }, step)
            XCTAssertEqual(rows.sorted(byKeyPath: "score").last?.score, model.values.map(\.score).max(), step)
        }

        do {
            let realm = try Realm(configuration: config)
            for round in 0..<4 {
                try realm.write {
                    for _ in 0..<1500 {
                        let id = Int.random(in: -5000...5000, using: &rng)
                        let op = Int.random(in: 0..<10, using: &rng)
                        if op < 6 {
                            let v = (score: Int.random(in: 0...1000, using: &rng), label: "l\(id)", bucket: Int.random(in: 0..<4, using: &rng))
                            realm.create(Row.self, value: ["id": id, "score": v.score, "label": v.label, "bucket": v.bucket], update: .modified)
                            model[id] = v
                        } else if op < 8, let existing = realm.object(ofType: Row.self, forPrimaryKey: id) {
                            realm.delete(existing)
                            model[id] = nil
                        } else if let existing = realm.object(ofType: Row.self, forPrimaryKey: id) {
                            existing.score += 1
                            existing.bucket = (existing.bucket + 1) % 4
                            model[id]!.score += 1
                            model[id]!.bucket = (model[id]!.bucket + 1) % 4
                        }
                    }
                }
                verify(realm, "round \(round)")
            }
        }
        let reopened = try Realm(configuration: config)
        verify(reopened, "after reopen")
    }

    func testManyObjectsInOneWrite() throws {
        let realm = try Realm(configuration: memoryConfiguration([QPet.self, QOwner.self]))
        try realm.write {
            for i in 0..<20_000 { realm.add(QPet(value: ["name": "p\(i)", "age": i % 100])) }
        }
        XCTAssertEqual(realm.objects(QPet.self).count, 20_000)
        XCTAssertEqual(realm.objects(QPet.self).filter("age == 7").count, 200)
        XCTAssertEqual(realm.objects(QPet.self).filter("name == 'p19999'").first?.age, 99)
        try realm.write { realm.delete(realm.objects(QPet.self).filter("age < 50")) }
        XCTAssertEqual(realm.objects(QPet.self).count, 10_000)
        XCTAssertEqual(realm.objects(QPet.self).min(ofProperty: "age") as Int?, 50)
    }
}
