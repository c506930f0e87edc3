import Fief

/// Each writer thread opens its own Realm on the same file, as Realm instances are confined to
/// the thread that opened them. Their durable `write` commits share syncs (group commit) when
/// several wait at once.
struct FiefObjectWriterSource: ObjectWriterSource {
    let path: String

    func makeWriter() throws -> any ObjectWriter {
        FiefObjectWriter(realm: try Realm(configuration: benchItemConfiguration(path: path)))
    }
}

/// A writer thread's own Realm.
final class FiefObjectWriter: ObjectWriter {
    private var realm: Realm?

    init(realm: Realm) {
        self.realm = realm
    }

    func incrementScore(id: Int) throws {
        guard let realm else { throw BenchError.harness("Fief writer used after close") }
        try realm.write {
            realm.object(ofType: BenchItem.self, forPrimaryKey: id)?.score += 1
        }
    }

    func close() throws {
        realm = nil
    }
}
