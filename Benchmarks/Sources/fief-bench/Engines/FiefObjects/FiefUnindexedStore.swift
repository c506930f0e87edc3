import Fief
import Foundation

/// The benchmark object without a secondary index: ``BenchItem`` with `name` not indexed.
final class BenchPlainItem: Object {
    @Persisted(primaryKey: true) var id: Int
    @Persisted var name: String
    @Persisted var score: Double
    @Persisted var age: Int
}

/// A durable Realm of ``BenchPlainItem`` objects: the bulk insert without an index (O14).
final class FiefUnindexedStore: ObjectLoading {
    private var opened: Realm?

    /// Opens (creating if needed) the Realm at `path` with the default durability (`.full`).
    init(path: String) throws {
        opened = try Realm(configuration: Realm.Configuration(fileURL: URL(fileURLWithPath: path),
                                                              objectTypes: [BenchPlainItem.self]))
    }

    func insert(_ data: ObjectDataset, _ range: Range<Int>) throws {
        let realm = try live()
        try realm.write {
            for i in range {
                let item = BenchPlainItem()
                item.id = i
                item.name = data.names[i]
                item.score = data.scores[i]
                item.age = data.ages[i]
                realm.add(item)
            }
        }
    }

    func readAll() throws -> ObjectDigest {
        let items = Array(try live().objects(BenchPlainItem.self))
        var digest = ObjectDigest()
        for item in items { digest.add(id: item.id, name: item.name, score: item.score, age: item.age) }
        return digest
    }

    /// Drops the Realm; Fief closes the file when its last Realm instance goes away.
    func close() throws {
        opened = nil
    }

    private func live() throws -> Realm {
        guard let opened else { throw BenchError.harness("Fief store used after close") }
        return opened
    }
}
