@_spi(Sync) import Fief
@_spi(Sync) import FiefSyncProtocol
import Foundation

/// Subscriptions and rules on a sync connection (see ``SessionView``).
extension SyncConnection {
    /// A new subscription set: checked against the realm's schema (a query that does not
    /// compile is answered with `queryError`, with its position, and the session keeps its
    /// previous set), then answered with a download carrying the new view.
    func handleQuery(_ query: QueryMessage) async throws {
        guard var session = sessions[query.session] else {
            if ended.contains(query.session) { return }
            throw unknownSession(query.session, "query")
        }
        guard session.isSubscriptionBased, var view = session.view else {
            throw ConnectionFailure(.protocolViolation, "query for session \(query.session), which was not bound as subscription-based")
        }
        guard query.queryVersion >= view.queryVersion else { return }
        var names: Set<String> = []
        for subscription in query.subscriptions where !names.insert(subscription.name).inserted {
            return try await send(.queryError(QueryErrorMessage(session: query.session, queryVersion: query.queryVersion, subscriptionName: subscription.name,
                                                                message: "two subscriptions of the set are named \"\(subscription.name)\"", line: 0, column: 0)))
        }
        let invalid = try await storage("checking the subscriptions of \(session.path)") {
            try await session.realm.firstInvalidSubscription(query.subscriptions, rules: session.rules)
        }
        if let (name, error) = invalid {
            logger.debug("subscription refused", metadata: ["user": "\(user.id)", "realm": "\(session.path)", "subscription": "\(name)", "error": "\(error)"])
            return try await send(.queryError(QueryErrorMessage(session: query.session, queryVersion: query.queryVersion, subscriptionName: name,
                                                                message: error.message, line: UInt32(error.line), column: UInt32(error.column))))
        }
        view.subscriptions = query.subscriptions
        view.queryVersion = query.queryVersion
        view.hasSubscriptions = true
        session.view = view
        sessions[query.session] = session
        try await sendDownloads(query.session, force: false)
    }

    /// The rules of the realm at `path` changed, or (`path` nil) the user's custom data did:
    /// every session concerned is judged by the rules as they are now and, when they bind it
    /// differently, receives a whole new view.
    func applyNewRules(_ path: String?) async throws {
        let bound = sessions.filter { path == nil || $0.value.path.value == path }
        let paths = Dictionary(bound.map { ($0.value.path.value, $0.value.path) }, uniquingKeysWith: { first, _ in first })
        guard !paths.isEmpty else { return }
        let customData = try await storage("reading the custom data of \(user.id)") { try await self.hub.customData(of: self.user.id) }
        for realmPath in paths.values.sorted(by: { $0.value < $1.value }) {
            let rules = try await storage("reading the rules of \(realmPath)") { try await self.hub.rules(realmPath) }
            let level = try await storage("reading the permissions of \(realmPath)") { try await self.permissions.level(of: self.user, at: realmPath) }
            let applied = AppliedRules(rules, for: user, level: level, customData: customData)
            for number in bound.keys.sorted() where bound[number]?.path.value == realmPath.value {
                // Rules that bind the session as before change nothing it holds.
                guard var session = sessions[number], session.rules != applied else { continue }
                session.apply(applied)
                sessions[number] = session
                try await sendDownloads(number, force: false)
            }
        }
    }
}
