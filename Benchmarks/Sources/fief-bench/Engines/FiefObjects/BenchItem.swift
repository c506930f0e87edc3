import Fief
import FiefStorage
import Foundation

/// The benchmark object as a Fief user declares it.
final class BenchItem: Object {
    @Persisted(primaryKey: true) var id: Int
    @Persisted(indexed: true) var name: String
    @Persisted var score: Double
    @Persisted var age: Int

    /// Folds this object's four fields into `digest`.
    func add(to digest: inout ObjectDigest) {
        digest.add(id: id, name: name, score: score, age: age)
    }
}

/// The configuration every Realm of the benchmark uses: the store file and its one object type.
/// Durable stores sync every commit (Fief's default, `.full`); the `.normal` mode of O9 syncs
/// at most once a second (`.relaxed`), the counterpart of SQLite's `synchronous=NORMAL`.
func benchItemConfiguration(path: String, mode: ObjectCommitMode = .durable) -> Realm.Configuration {
    var configuration = Realm.Configuration(fileURL: URL(fileURLWithPath: path), objectTypes: [BenchItem.self])
    configuration.durability = mode == .durable ? .full : .relaxed(interval: 1)
    return configuration
}
