import Fief
import Foundation
import XCTest

/// The read paths that skip work: a fresh read transaction finds objects by seeking the cluster
/// tree before it reads every cluster start, `Results` iteration makes objects one at a time
/// knowing their rows, and scalar properties are read in place from pinned chunks.
final class ObjectReadPathTests: XCTestCase {
    /// Many clusters (500-odd rows each), ids from -4,000 in steps of 3.
    private static let ids = Array(stride(from: -4_000, to: 8_000, by: 3))

    private func makeRealm(_ dir: URL) throws -> Realm.Configuration {
        let config = Realm.Configuration(fileURL: dir.appendingPathComponent("read-path.realm"), objectTypes: [Row.self])
        let realm = try Realm(configuration: config)
        try realm.write {
            for id in Self.ids { realm.add(Row(value: ["id": id, "score": id * 2, "label": "row \(id)", "bucket": id & 3])) }
        }
        return config
    }

    func testLookupsInAFreshTransactionFindEveryObjectAndNoOther() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = try makeRealm(dir)
        do {
            let realm = try Realm(configuration: config)
            realm.invalidate()
            // More lookups than a transaction seeks for before it reads every cluster start.
            for id in Self.ids.prefix(40) + Self.ids.suffix(40) + stride(from: -4_005, to: 8_010, by: 397) {
                let row = realm.object(ofType: Row.self, forPrimaryKey: id)
                if Self.ids.contains(id) {
                    XCTAssertEqual(row?.score, id * 2, "id \(id)")
                    XCTAssertEqual(row?.label, "row \(id)", "id \(id)")
                } else {
                    XCTAssertNil(row, "id \(id)")
                }
            }
            XCTAssertNil(realm.object(ofType: Row.self, forPrimaryKey: Int.min))
            XCTAssertNil(realm.object(ofType: Row.self, forPrimaryKey: Int.max))
            XCTAssertEqual(realm.objects(Row.self).count, Self.ids.count)
        }
    }

    func testIterationReadsEveryObjectInKeyOrder() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let realm = try Realm(configuration: try makeRealm(dir))
        realm.invalidate()
        var seen: [Int] = []
        for row in realm.objects(Row.self) {
            XCTAssertEqual(row.score, row.id * 2)
            XCTAssertEqual(row.label, "row \(row.id)")
            seen.append(row.id)
        }
        XCTAssertEqual(seen, Self.ids)
        let filtered = realm.objects(Row.self).filter("bucket == 1 AND score > 0")
        XCTAssertEqual(filtered.map(\.id), Self.ids.filter { $0 & 3 == 1 && $0 > 0 })
        XCTAssertEqual(Array(filtered).map(\.label), Self.ids.filter { $0 & 3 == 1 && $0 > 0 }.map { "row \($0)" })
    }

    func testChangesDuringIterationKeepTheSnapshotAndReadCurrentValues() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let realm = try Realm(configuration: try makeRealm(dir))
        var visited = 0
        try realm.write {
            for row in realm.objects(Row.self) {
                visited += 1
                if row.id < 0 {
                    // Inserting moves rows of the cluster: objects made afterwards find theirs again.
                    realm.add(Row(value: ["id": row.id + 1, "score": -1, "label": "new", "bucket": 0]))
                } else {
                    row.score += 1
                    XCTAssertEqual(row.score, row.id * 2 + 1)
                }
            }
        }
        XCTAssertEqual(visited, Self.ids.count)
        for row in realm.objects(Row.self) {
            if Self.ids.contains(row.id) {
                XCTAssertEqual(row.score, row.id < 0 ? row.id * 2 : row.id * 2 + 1, "id \(row.id)")
            } else {
                XCTAssertEqual(row.label, "new")
            }
        }
    }
}
