/// The subscriptions a flexible-sync realm adds before its first use, and whether they are
/// added again on every open. ``User/flexibleSyncConfiguration(clientResetMode:initialSubscriptions:rerunOnOpen:)``
/// makes one; ``SyncConfiguration/initialSubscriptions`` reads it back.
///
/// ```swift
/// let config = user.flexibleSyncConfiguration(initialSubscriptions: { subs in
///     subs.append(QuerySubscription<Todo>(name: "mine") { $0.owner == user.id })
/// }, rerunOnOpen: true)
/// config.syncConfiguration?.initialSubscriptions?.rerunOnOpen   // true
/// ```
///
/// The callback runs inside a subscription update (as the block of
/// ``SyncSubscriptionSet/update(_:)`` does) when the realm is opened for the first time on
/// this device, and on every open when ``rerunOnOpen`` is true (for subscriptions whose query
/// depends on the time or on the user, re-made each launch).
public final class InitialSubscriptionsConfiguration: Sendable {
    /// Adds, changes or removes subscriptions on the set it is given.
    public let callback: @Sendable (SyncSubscriptionSet) -> Void
    /// Whether ``callback`` runs on every open of the realm, not only the first.
    public let rerunOnOpen: Bool

    /// Subscriptions made by `callback`, the first time the realm opens (every time with
    /// `rerunOnOpen`).
    public init(callback: @escaping @Sendable (SyncSubscriptionSet) -> Void, rerunOnOpen: Bool = false) {
        self.callback = callback
        self.rerunOnOpen = rerunOnOpen
    }
}
