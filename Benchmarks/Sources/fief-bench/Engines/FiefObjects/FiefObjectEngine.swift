// Excluded from the build until the Fief module lands (see Package.swift).
import Fief

/// Fief's object store, used through its RealmSwift-shaped API as an app would use it.
struct FiefObjectEngine: ObjectEngine {
    let name = "Fief"
    /// `Results.observe` comes later; until then O9 prints n/a for Fief.
    let observesChanges = false

    func settings(probeDirectory: String) throws -> [String] {
        let store = try FiefObjectStore(path: Self.path(in: probeDirectory))
        try store.close()
        return [
            "`Realm(configuration: Realm.Configuration(fileURL:objectTypes: [BenchItem.self]))`, every other setting "
                + "the default (durability: Fief's default, expected to sync each commit)",
            "`final class BenchItem: Object` with `@Persisted(primaryKey: true) var id: Int`, `@Persisted(indexed: true) var name: String`, "
                + "`@Persisted var score: Double`, `@Persisted var age: Int`",
            "O1 `realm.write { realm.add(BenchItem()) }`; O2 `realm.object(ofType:forPrimaryKey:)`; "
                + "O3 `objects.filter(\"age >= %@ AND age < %@\").count`; O4 `objects.filter(\"name == %@\")` iterated; "
                + "O5 `objects.sum(ofProperty: \"score\")`; O6/O8 `object(ofType:forPrimaryKey:)?.score += 1` in `realm.write`; "
                + "O7 `realm.delete(object)`; O10 `Array(realm.objects(BenchItem.self))` (live objects)",
            "O8 concurrent writers: each thread opens its own `Realm` on the same file",
            "O9: not yet available (`Results.observe` comes later)",
        ]
    }

    func create(in directory: String, _ mode: ObjectCommitMode) throws -> any ObjectStore {
        try FiefObjectStore(path: Self.path(in: directory))
    }

    func open(in directory: String, _ mode: ObjectCommitMode) throws -> any ObjectStore {
        try FiefObjectStore(path: Self.path(in: directory))
    }

    private static func path(in directory: String) -> String {
        "\(directory)/items.fief"
    }
}
