@_spi(Sync) import Fief
@_spi(Sync) import FiefSyncProtocol
import Foundation

/// The flexible-sync side of a session: the subscription set is stored in the realm file and
/// sent to the server in `query` messages; downloads carry the view that answers it.
extension SyncSessionWorker {
    /// Loads the set stored in the file into the session's set (or stores a newer one made
    /// before the file was open, by `initialSubscriptions`), and hears of later versions.
    func attachSubscriptions() throws {
        guard let realm else { return }
        let stored = try realm.storedSyncSubscriptions().map { try JSONDecoder().decode(SyncSubscriptionSet.Record.self, from: Data($0)) }
        let current = subscriptions.attach(stored: stored) { [weak self] record in
            guard let self else { return }
            Task { await self.subscriptionsCommitted(record) }
        }
        if current != stored { try store(current) }
    }

    /// A new version of the set: stored in the file, then sent to the server.
    private func subscriptionsCommitted(_ record: SyncSubscriptionSet.Record) {
        do {
            try store(record)
        } catch {
            report(SyncError(.fileError, "storing the subscriptions failed: \(error)", isTransient: true))
        }
        sendQuery()
    }

    private func store(_ record: SyncSubscriptionSet.Record) throws {
        guard let realm else { return }
        let bytes = Array(try JSONEncoder().encode(record))
        try realm.write { try realm.storeSyncSubscriptions(bytes) }
    }

    /// Sends the current set to the server, if this connection has not sent it yet.
    func sendQuery() {
        guard isIdentified, let connection else { return }
        let version = subscriptions.version
        guard sentQueryVersion != version else { return }
        sentQueryVersion = version
        let wire = subscriptions.all.map { FiefSyncProtocol.QuerySubscription(name: $0.wireName, className: $0.objectClassName, query: $0.queryString) }
        connection.send(.query(QueryMessage(session: sessionNumber, queryVersion: version, subscriptions: wire)))
    }

    /// The server refused a version of the set: the set is in error (its data stays that of the
    /// last good version) and the error handlers hear why.
    func subscriptionSetRefused(_ refusal: QueryErrorMessage) {
        let position = refusal.line > 0 ? " at line \(refusal.line), column \(refusal.column)" : ""
        let error = SyncError(.invalidSubscriptionQuery,
                              "the server refused subscription '\(refusal.subscriptionName)'\(position): \(refusal.message)",
                              serverCode: nil, isTransient: true)
        subscriptions.markFailed(version: refusal.queryVersion, error)
        report(error)
    }
}
