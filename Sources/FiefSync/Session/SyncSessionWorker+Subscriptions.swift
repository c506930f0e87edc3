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

    /// A new version of the set: stored in the file, then sent to the server. A closed session
    /// starts for it (and stores it as it attaches again), and closes again once its data is in.
    private func subscriptionsCommitted(_ record: SyncSubscriptionSet.Record) {
        if isClosed {
            start()
            closeAgainWhenIdleUnlessOpen()
            return
        }
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
        if let problem = Self.overWireLimits(wire) {
            // A server with the default limits would refuse the whole message, and the
            // session with it, on every connection: the set fails here instead.
            let error = SyncError(.invalidSubscriptionQuery, problem, serverCode: nil, isTransient: false)
            subscriptions.markFailed(version: version, error)
            report(error)
            return
        }
        connection.send(.query(QueryMessage(session: sessionNumber, queryVersion: version, subscriptions: wire)))
    }

    /// Why a `query` message with `subscriptions` is over what a server takes by default
    /// (``WireLimits/default``): too many subscriptions, or a name or query too long. nil if
    /// it is within them.
    static func overWireLimits(_ subscriptions: [FiefSyncProtocol.QuerySubscription]) -> String? {
        let limits = WireLimits.default
        if subscriptions.count > limits.maxSubscriptions {
            return "the set holds \(subscriptions.count) subscriptions; a server takes at most \(limits.maxSubscriptions) in one set"
        }
        var total = 0
        for subscription in subscriptions {
            for (what, text) in [("name", subscription.name), ("class name", subscription.className), ("query", subscription.query)] {
                let bytes = text.utf8.count
                if bytes > limits.maxStringLength {
                    return "subscription '\(subscription.name.prefix(64))': its \(what) is \(bytes) bytes; "
                        + "a server takes at most \(limits.maxStringLength)"
                }
                total += bytes + 5 // and its length, a varint
            }
        }
        // The message must also fit a server's 16 MiB frame, as an upload's changeset does.
        if total > SyncChangesetCoding.maximumEncodedSize {
            return "the set's names and queries add up to \(total) bytes; a server takes at most "
                + "\(SyncChangesetCoding.maximumEncodedSize) in one set"
        }
        return nil
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
