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
}
