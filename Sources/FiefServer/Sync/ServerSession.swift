import FiefSyncProtocol

/// One session of a sync connection: a realm file of the client, bound to a realm.
struct ServerSession {
    /// Where the session is in the protocol.
    enum State: Equatable {
        /// After `bind` (and `identAssigned`), before `ident`.
        case awaitingIdent
        /// After `ident`: uploads and downloads flow.
        case active(fileIdent: UInt64)
    }

    var realm: RealmSyncActor
    var path: RealmPath
    /// The session's number in realm subscriptions (unique in the server).
    var subscriberID: UInt64
    var state: State = .awaitingIdent
    /// The newest server version sent to the client.
    var sentThrough: UInt64 = 0
    /// The newest client version of the session's file among the entries sent.
    var ownIntegrated: UInt64 = 0
    /// Payload bytes sent so far.
    var downloadedBytes: UInt64 = 0
    /// Whether the client syncs by subscriptions (flexible or query-based sync).
    var isSubscriptionBased = false
    /// The realm's rules as they bind the session's user.
    var rules: AppliedRules = .unrestricted
    /// What the client holds, for a filtered session (subscriptions or binding rules); nil:
    /// the client holds the whole realm.
    var view: SessionView?

    /// Makes the session filtered when its subscriptions or `rules` ask for it. A session that
    /// was filtered stays so (its client holds part of the realm) and receives a whole new
    /// view.
    mutating func apply(_ rules: AppliedRules) {
        self.rules = rules
        if var view {
            view.rules = rules
            view.held = nil
            self.view = view
        } else if isSubscriptionBased || !rules.isUnrestricted {
            view = SessionView(subscriptions: isSubscriptionBased ? [] : nil, rules: rules)
        }
    }
}

/// A failure that ends the whole connection: sent as an `error` without session, then the
/// connection closes.
struct ConnectionFailure: Error {
    var message: ErrorMessage

    init(_ code: SyncErrorCode, _ text: String, tryAgain: Bool = false) {
        message = ErrorMessage(session: nil, code: code, message: text, tryAgain: tryAgain, clientResetRequired: false)
    }

    init(_ message: ErrorMessage) {
        self.message = message
    }
}
