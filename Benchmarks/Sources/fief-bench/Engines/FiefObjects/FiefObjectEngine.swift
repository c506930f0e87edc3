import Fief

/// Fief's object store, used through its RealmSwift-shaped API as an app would use it.
struct FiefObjectEngine: ObjectEngine {
    let name = "Fief"
    let observesChanges = true

    func settings(probeDirectory: String) throws -> [String] {
        let store = try FiefObjectStore(path: Self.path(in: probeDirectory), mode: .durable)
        try store.close()
        return [
            "`Realm(configuration: Realm.Configuration(fileURL:objectTypes: [BenchItem.self]))`, every other setting "
                + "the default (durability `.full`: every commit synced before it returns)",
            "`final class BenchItem: Object` with `@Persisted(primaryKey: true) var id: Int`, `@Persisted(indexed: true) var name: String`, "
                + "`@Persisted var score: Double`, `@Persisted var age: Int`",
            "O1 `realm.write { realm.add(BenchItem()) }`; O2 `realm.object(ofType:forPrimaryKey:)`; "
                + "O3 `objects.filter(\"age >= %@ AND age < %@\").count`; O4 `objects.filter(\"name == %@\")` iterated; "
                + "O5 `objects.sum(ofProperty: \"score\")`; O6/O8 `object(ofType:forPrimaryKey:)?.score += 1` in `realm.write`; "
                + "O7 `realm.delete(object)`; O10 `Array(realm.objects(BenchItem.self))` (live objects); "
                + "O11/O12 `Realm(configuration:)` then `object(ofType:forPrimaryKey:)`; "
                + "O13 `for o in realm.objects(BenchItem.self) { sum += o.score }`; "
                + "O14 as O1 with `BenchPlainItem`, the same class with `name` not indexed",
            "O8a/b concurrent writers: each thread opens its own `Realm` on the same file and commits with `realm.write` "
                + "(durable; concurrent commits share syncs); O8c/d: each writer is an actor with its own "
                + "`try await Realm(configuration:actor:)`, committing with `try await realm.asyncWrite { }` (durable)",
            "O9: an actor-isolated `Realm(configuration:actor:)` observes `objects(BenchItem.self).filter(\"id == %@\")` "
                + "with `observe { change in }` on its actor; the store's thread-confined Realm commits; "
                + "durability `.relaxed(interval: 1)` (synced at most once a second, like SQLite's NORMAL)",
        ]
    }

    func create(in directory: String, _ mode: ObjectCommitMode) throws -> any ObjectStore {
        try FiefObjectStore(path: Self.path(in: directory), mode: mode)
    }

    func open(in directory: String, _ mode: ObjectCommitMode) throws -> any ObjectStore {
        try FiefObjectStore(path: Self.path(in: directory), mode: mode)
    }

    func createUnindexed(in directory: String) throws -> any ObjectLoading {
        try FiefUnindexedStore(path: Self.path(in: directory))
    }

    private static func path(in directory: String) -> String {
        "\(directory)/items.fief"
    }
}
