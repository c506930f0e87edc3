import Fief

/// One `Realm` on the benchmark's file, confined to the thread that opened it. Observers (O9)
/// and the actor writers (O8) open their own actor-isolated Realms on the same file.
final class FiefObjectStore: ObjectStore, ObjectActorWriting {
    private let path: String
    private let configuration: Realm.Configuration
    private var opened: Realm?

    /// Opens (creating if needed) the Realm at `path`, with the durability of `mode`.
    init(path: String, mode: ObjectCommitMode) throws {
        self.path = path
        configuration = benchItemConfiguration(path: path, mode: mode)
        opened = try Realm(configuration: configuration)
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

    func iterateScores() throws -> Double {
        var sum = 0.0
        for item in try live().objects(BenchItem.self) { sum += item.score }
        return sum
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

    /// Refreshes first: a thread-confined Realm sees other Realms' commits (O8's writers) only
    /// after `refresh()` or a write of its own, as in Realm.
    func readAll() throws -> ObjectDigest {
        let realm = try live()
        realm.refresh()
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

    /// An actor-isolated Realm observing `objects(BenchItem.self).filter("id == %@")` on its
    /// actor; this store's thread-confined Realm commits, and the commit reaches the observer's
    /// actor through Fief's notifier.
    func observeScore(id: Int, _ onScore: @escaping @Sendable (Double) -> Void) throws -> any ObjectObservation {
        let observer = FiefScoreObserver()
        let configuration = self.configuration
        try AsyncBridge.wait { try await observer.start(configuration, id: id, onScore: onScore) }
        return FiefObservation(observer)
    }

    func writerSource() -> any ObjectWriterSource {
        FiefObjectWriterSource(path: path)
    }

    /// `actors` writer actors, each with its own `Realm(configuration:actor:)`, committing with
    /// `asyncWrite` (durable: each call returns once its commit is synced, shared syncs allowed).
    func commitFromActors(_ ids: [Int], actors: Int) throws -> Double {
        let configuration = benchItemConfiguration(path: path, mode: .durable)
        return try AsyncBridge.wait { try await FiefActorGang.run(configuration, ids: ids, actors: actors) }
    }

    /// Drops this store's Realm; Fief closes the file when its last Realm instance goes away.
    func compact() throws {
        opened = nil
        var compacting = configuration
        compacting.shouldCompactOnLaunch = { _, _ in true }
        opened = try Realm(configuration: compacting)
    }

    func close() throws {
        opened = nil
    }

    private func live() throws -> Realm {
        guard let opened else { throw BenchError.harness("Fief store used after close") }
        return opened
    }
}
