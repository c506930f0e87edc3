// Excluded from the build until the Fief module lands (see Package.swift).
import Fief

/// One `Realm` on the benchmark's file, confined to the thread that opened it.
final class FiefObjectStore: ObjectStore {
    private let path: String
    private var opened: Realm?

    /// Opens (creating if needed) the Realm at `path`.
    init(path: String) throws {
        self.path = path
        opened = try Realm(configuration: benchItemConfiguration(path: path))
    }

    func insert(_ data: ObjectDataset, _ range: Range<Int>) throws {
        let realm = try live()
        try realm.write {
            for i in range {
                let item = BenchItem()
                item.id = i
                item.name = data.names[i]
                item.score = data.scores[i]
                item.age = data.ages[i]
                realm.add(item)
            }
        }
    }

    func lookup(_ ids: [Int]) throws -> ObjectDigest {
        let realm = try live()
        var digest = ObjectDigest()
        for id in ids {
            realm.object(ofType: BenchItem.self, forPrimaryKey: id)?.add(to: &digest)
        }
        return digest
    }

    func count(ages: Range<Int>) throws -> Int {
        try live().objects(BenchItem.self).filter("age >= %@ AND age < %@", ages.lowerBound, ages.upperBound).count
    }

    func query(names: [String]) throws -> ObjectDigest {
        let items = try live().objects(BenchItem.self)
        var digest = ObjectDigest()
        for name in names {
            for item in items.filter("name == %@", name) { item.add(to: &digest) }
        }
        return digest
    }

    func sumScores() throws -> Double {
        try live().objects(BenchItem.self).sum(ofProperty: "score")
    }

    func incrementScores(_ ids: ArraySlice<Int>) throws {
        let realm = try live()
        try realm.write {
            for id in ids { realm.object(ofType: BenchItem.self, forPrimaryKey: id)?.score += 1 }
        }
    }

    func delete(_ ids: ArraySlice<Int>) throws {
        let realm = try live()
        try realm.write {
            for id in ids {
                if let item = realm.object(ofType: BenchItem.self, forPrimaryKey: id) { realm.delete(item) }
            }
        }
    }

    func readAll() throws -> ObjectDigest {
        // Commits of other threads' Realms (O8's writers) reach this one only when it refreshes:
        // the harness's thread runs no run loop, so nothing refreshes it automatically.
        let realm = try live()
        _ = realm.refresh()
        let items = Array(realm.objects(BenchItem.self))
        var digest = ObjectDigest()
        for item in items { item.add(to: &digest) }
        return digest
    }

    func incrementScore(id: Int, beforeCommit: () -> Void) throws {
        let realm = try live()
        try realm.write {
            realm.object(ofType: BenchItem.self, forPrimaryKey: id)?.score += 1
            beforeCommit()
        }
    }

    /// Not yet available: `realm.objects(BenchItem.self).observe { change in ... }` comes later.
    func observeScore(id: Int, _ onScore: @escaping @Sendable (Double) -> Void) throws -> any ObjectObservation {
        throw BenchError.engine(name: "Fief", operation: "observe", message: "change notifications are not available yet")
    }

    func writerSource() -> any ObjectWriterSource {
        FiefObjectWriterSource(path: path)
    }

    /// Drops this store's Realm; Fief closes the file when its last Realm instance goes away.
    func close() throws {
        opened = nil
    }

    private func live() throws -> Realm {
        guard let opened else { throw BenchError.harness("Fief store used after close") }
        return opened
    }
}
