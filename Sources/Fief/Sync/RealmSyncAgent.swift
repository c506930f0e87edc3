/// The sync client's part in opening a realm. A synced configuration (FiefSync's
/// `syncConfiguration`) carries one; Fief calls it at the two moments only the client knows
/// what to do: before an asynchronous open, to wait for the server's data as the open
/// behaviour asks, and after every open, to make sure the file is syncing.
@_spi(Sync) public protocol RealmSyncAgent: Sendable {
    /// Before `Realm(configuration:actor:downloadBeforeOpen:)` opens the file: waits as
    /// `behavior` asks (`.always`: download what the server has; `.once`: only for a new file),
    /// throwing what prevented it (no connection, a refused session, cancellation).
    func prepareToOpen(_ configuration: Realm.Configuration, behavior: Realm.OpenBehavior) async throws
    /// After any realm instance of the configuration opened: starts syncing the file in the
    /// background if it is not already (cheap when it is).
    func realmDidOpen(_ configuration: Realm.Configuration)
    /// Before the file is opened: throws when the configuration cannot be used (for example a
    /// user who logged out).
    func validate(_ configuration: Realm.Configuration) throws
    /// Whether this configuration is the sync session's own open of its realm, which keeps
    /// the file open for the session, not for an app.
    var isSessionsOwnOpen: Bool { get }
    /// The agent of an app's realm of the file: the session's own instance shows it in its
    /// `configuration`, so that a realm the app opens from it (say in a client reset's
    /// callbacks, or by thawing a frozen copy) is the app's.
    var forApp: any RealmSyncAgent { get }
    /// After the last realm instance an app had open on the file went away (frozen realms and
    /// the session's own instance aside), from the thread that released it: the session may
    /// close once its work is done.
    func appRealmsDidClose(_ configuration: Realm.Configuration)
}

extension Realm {
    /// Whether an app has a realm instance of `configuration`'s file open in this process
    /// (frozen realms and a sync session's own instance aside).
    @_spi(Sync) public static func isOpenByApp(_ configuration: Configuration) -> Bool {
        RealmCoordinator.hasAppRealms(configuration)
    }
}
