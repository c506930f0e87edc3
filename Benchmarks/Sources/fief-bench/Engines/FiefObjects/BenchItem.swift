// Excluded from the build until the Fief module lands (see Package.swift).
import Fief
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
func benchItemConfiguration(path: String) -> Realm.Configuration {
    Realm.Configuration(fileURL: URL(fileURLWithPath: path), objectTypes: [BenchItem.self])
}
