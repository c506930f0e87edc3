import Fief

/// What a synced realm does when the server can no longer continue from its file: the server
/// lost the history the file needs (it was restored from a backup, or compacted), or the file
/// was itself restored from an old copy.
///
/// ```swift
/// var config = user.configuration(partitionValue: "tasks")
/// config.syncConfiguration?.clientResetMode = .recoverUnsyncedChanges(afterReset: { before, after in
///     print("reset: \(before.objects(Task.self).count) → \(after.objects(Task.self).count) tasks")
/// })
/// ```
///
/// The callbacks run on the session's own executor, while the reset is under way: use the
/// realms they get there, and do not keep them. `before` is a frozen snapshot of the file as
/// it was; `after` is the file once reset (and, in the recovering modes, once the unsynced
/// changes were applied again).
public enum ClientResetMode: Sendable {
    /// Drop the changes the server never received; the file becomes the server's copy.
    /// The default.
    case discardUnsyncedChanges(beforeReset: (@Sendable (_ before: Realm) -> Void)? = nil,
                                afterReset: (@Sendable (_ before: Realm, _ after: Realm) -> Void)? = nil)
    /// Download the server's copy, then apply the changes the server never received again, as
    /// new writes (they then sync as any write does).
    case recoverUnsyncedChanges(beforeReset: (@Sendable (_ before: Realm) -> Void)? = nil,
                                afterReset: (@Sendable (_ before: Realm, _ after: Realm) -> Void)? = nil)
    /// Recover as ``recoverUnsyncedChanges(beforeReset:afterReset:)``; changes that cannot be
    /// applied again are discarded.
    case recoverOrDiscardUnsyncedChanges(beforeReset: (@Sendable (_ before: Realm) -> Void)? = nil,
                                         afterReset: (@Sendable (_ before: Realm, _ after: Realm) -> Void)? = nil)
    /// Do nothing to the file: the session stops, lets go of the file and `errorHandler`
    /// receives the ``SyncError/Code/clientReset`` error. Close every realm of the file, delete
    /// it (`Realm.deleteFiles(for:)`) and open it again to start over from the server's copy.
    case manual(errorHandler: (@Sendable (SyncError) -> Void)? = nil)

    /// The mode's name, for logs.
    var name: String {
        switch self {
        case .discardUnsyncedChanges: "discardUnsyncedChanges"
        case .recoverUnsyncedChanges: "recoverUnsyncedChanges"
        case .recoverOrDiscardUnsyncedChanges: "recoverOrDiscardUnsyncedChanges"
        case .manual: "manual"
        }
    }
}

extension ClientResetMode {
    /// RealmSwift's former name of ``discardUnsyncedChanges(beforeReset:afterReset:)``.
    public static func discardLocal(beforeReset: (@Sendable (_ before: Realm) -> Void)? = nil,
                                    afterReset: (@Sendable (_ before: Realm, _ after: Realm) -> Void)? = nil) -> ClientResetMode {
        .discardUnsyncedChanges(beforeReset: beforeReset, afterReset: afterReset)
    }
}
