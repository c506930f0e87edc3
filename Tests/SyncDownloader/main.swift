// fief-sync-downloader: a child process for ChaosClientKillTests. It opens a synced realm with
// FiefSync and downloads it, printing where its file's download cursor started; the test
// SIGKILLs it at random moments of the download and starts it again.
//
//   fief-sync-downloader BASE_URL ROOT USER PASSWORD REALM [WRITES]
//
// Prints "file PATH" and "cursor N" once the file is open (N: the server version its download cursor was at),
// then "downloaded COUNT SUM" once everything the server had is integrated, and exits 0. With
// WRITES, it first commits that many items ("child-i", value 1000 + i) and prints "wrote WRITES"
// (MultiProcessSyncTests: while another process syncs the file, that process uploads them).

@_spi(Sync) import Fief
import FiefSync
import Foundation

/// The same class as the test's writer (ChaosClientKillTests.KilledDownloadItem).
final class KilledDownloadItem: Object {
    @Persisted(primaryKey: true) var id = ""
    @Persisted var value = 0
    @Persisted var text = ""
}

let arguments = CommandLine.arguments
guard arguments.count == 6 || (arguments.count == 7 && Int(arguments[6]) != nil) else {
    FileHandle.standardError.write(Data("usage: fief-sync-downloader BASE_URL ROOT USER PASSWORD REALM [WRITES]\n".utf8))
    exit(2)
}
let (baseURL, root, username, password, realmName) = (arguments[1], arguments[2], arguments[3], arguments[4], arguments[5])

func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

do {
    let app = App(id: "kill-test", configuration: AppConfiguration(baseURL: baseURL, rootDirectory: URL(fileURLWithPath: root)))
    // After a kill the user is still in the app's cache: no new login.
    let user: User
    if let cached = app.currentUser { user = cached } else { user = try await app.login(credentials: .emailPassword(email: username, password: password)) }
    let host = baseURL.replacingOccurrences(of: "http://", with: "")
    var configuration = user.configuration(realmURL: URL(string: "realm://\(host)/~/\(realmName)")!)
    configuration.objectTypes = [KilledDownloadItem.self]
    let realm = try await Realm(configuration: configuration, actor: MainActor.shared, downloadBeforeOpen: .never)
    say("file \(realm.configuration.fileURL!.path)")
    say("cursor \(try realm.syncHistoryState().downloadedServerVersion)")
    if arguments.count == 7, let writes = Int(arguments[6]) {
        try realm.write {
            for i in 0..<writes {
                realm.create(KilledDownloadItem.self, value: ["id": "child-\(i)", "value": 1_000 + i, "text": "from the child"])
            }
        }
        say("wrote \(writes)")
    }
    try await realm.syncSession!.wait(for: .download, timeout: .seconds(120))
    realm.refresh()
    let items = realm.objects(KilledDownloadItem.self)
    say("downloaded \(items.count) \(items.reduce(0) { $0 + $1.value })")
    exit(0)
} catch {
    FileHandle.standardError.write(Data("fief-sync-downloader: \(error)\n".utf8))
    exit(1)
}
