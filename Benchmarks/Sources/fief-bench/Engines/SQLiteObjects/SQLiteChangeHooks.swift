import CSQLite
import Foundation

/// Change tracking on one connection with SQLite's own hooks, as a user of the C API would do it.
///
/// `sqlite3_update_hook` collects the rowids of `item` that the transaction changes,
/// `sqlite3_commit_hook` marks them as committing and `sqlite3_rollback_hook` drops them. The
/// commit hook runs inside COMMIT, before the commit is durable or visible to other connections
/// (and it cannot know whether the commit will succeed), so the store publishes the collected
/// rowids only once COMMIT has returned, through ``publishCommitted()``; GRDB does the same inside.
final class SQLiteChangeHooks {
    private let db: OpaquePointer?
    private let publish: ([Int]) -> Void
    /// Rowids changed by the open transaction.
    fileprivate var pending: [Int] = []
    /// Rowids of the transaction whose COMMIT is running or has just returned.
    fileprivate var committing: [Int] = []

    /// Installs the hooks on `connection`; `publish` receives the rowids each commit changed.
    init(connection: SQLiteConnection, publish: @escaping ([Int]) -> Void) {
        db = connection.db
        self.publish = publish
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_update_hook(db, { context, _, _, table, rowid in
            guard let context, let table, strcmp(table, "item") == 0 else { return }
            Unmanaged<SQLiteChangeHooks>.fromOpaque(context).takeUnretainedValue().pending.append(Int(rowid))
        }, context)
        sqlite3_commit_hook(db, { context in
            guard let context else { return 0 }
            let hooks = Unmanaged<SQLiteChangeHooks>.fromOpaque(context).takeUnretainedValue()
            hooks.committing += hooks.pending
            hooks.pending.removeAll()
            return 0
        }, context)
        sqlite3_rollback_hook(db, { context in
            guard let context else { return }
            Unmanaged<SQLiteChangeHooks>.fromOpaque(context).takeUnretainedValue().pending.removeAll()
        }, context)
    }

    /// Hands the rowids of the commit that just returned to the observer.
    func publishCommitted() {
        guard !committing.isEmpty else { return }
        let rowids = committing
        committing.removeAll()
        publish(rowids)
    }

    /// Removes the hooks; call before the connection closes or this object goes away.
    func uninstall() {
        sqlite3_update_hook(db, nil, nil)
        sqlite3_commit_hook(db, nil, nil)
        sqlite3_rollback_hook(db, nil, nil)
    }
}
