// fief-sync-writer: a child process for SyncHistoryCrashTests. It opens a synced realm file and
// commits write transactions until it is killed, printing "committed N" after each commit.
//
//   fief-sync-writer PATH START
//
// Transaction N creates KillItem N, renames an earlier item, and every fifth one deletes one.

@_spi(Sync) import Fief
import Foundation

final class KillItem: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var name = ""
    @Persisted var tags: List<String>
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let start = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: fief-sync-writer PATH START\n".utf8))
    exit(2)
}
var configuration = Realm.Configuration(fileURL: URL(fileURLWithPath: arguments[1]), objectTypes: [KillItem.self])
configuration.recordsSyncHistory = true
do {
    let realm = try Realm(configuration: configuration)
    var n = start
    while true {
        try realm.write {
            realm.create(KillItem.self, value: ["id": n, "name": "item \(n)", "tags": ["a", "b\(n % 7)"]], update: .modified)
            if n > 0, let earlier = realm.object(ofType: KillItem.self, forPrimaryKey: n / 2) {
                earlier.name = "renamed by \(n)"
                earlier.tags.append("t\(n)")
            }
            if n % 5 == 4, let victim = realm.object(ofType: KillItem.self, forPrimaryKey: n / 3) { realm.delete(victim) }
        }
        FileHandle.standardOutput.write(Data("committed \(n)\n".utf8))
        n += 1
    }
} catch {
    FileHandle.standardError.write(Data("fief-sync-writer: \(error)\n".utf8))
    exit(1)
}
