import Foundation

extension SyncError {
    /// What a ``Code/clientReset`` error of the `.manual` client reset mode asks the app to do:
    /// delete the realm file at ``originalRealmPath`` (with every realm of it closed), then
    /// open it again, which downloads the server's copy.
    ///
    /// ```swift
    /// config.syncConfiguration?.clientResetMode = .manual(errorHandler: { error in
    ///     guard let (path, _) = error.clientResetInfo() else { return }
    ///     closeEveryRealm()
    ///     try? FileManager.default.removeItem(atPath: path)
    /// })
    /// ```
    ///
    /// RealmSwift hands the token to `SyncSession.immediatelyHandleError`, which deletes the
    /// file for the app; Fief leaves the deletion to the app, which knows when the realms are
    /// closed.
    public struct ActionToken: Sendable, Equatable {
        /// The realm file to delete.
        public let originalRealmPath: String
    }

    /// For a ``Code/clientReset`` error in the `.manual` client reset mode: the path of the
    /// realm file to delete and the ``ActionToken`` saying so; nil for other errors.
    public func clientResetInfo() -> (String, ActionToken)? {
        guard code == .clientReset, let path = resetFilePath else { return nil }
        return (path, ActionToken(originalRealmPath: path))
    }

    /// For an error after which the realm file must be deleted (a ``Code/clientReset`` in the
    /// `.manual` mode): the ``ActionToken`` naming the file; nil for other errors.
    public func deleteRealmUserInfo() -> ActionToken? {
        clientResetInfo()?.1
    }
}

extension SyncError {
    /// Where the server's log of this error is: always nil, since fief-server keeps its logs
    /// on its own host (RealmSwift links to Atlas's log page).
    public var serverLogURL: URL? { nil }
}
