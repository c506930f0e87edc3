@_spi(Sync) import Fief
@_spi(Sync) import FiefSyncProtocol
import Foundation

/// What the client of one filtered session holds of a realm, and what it asked for.
///
/// A session is filtered when it syncs by subscriptions (flexible or query-based sync) or when
/// the realm's rules bind its user. Its downloads carry only the instructions on objects it
/// holds (and schema changes), and, once caught up with the history, the change of its view:
/// the objects its subscriptions match and its read rules allow, with the objects links from
/// them reach (when readable). Nothing of a view is stored: after a reconnect, the first view
/// replaces whatever the client holds (``held`` is nil).
struct SessionView: Sendable {
    /// The subscriptions (flexible sync); nil: every object (a full-sync session bound by rules).
    var subscriptions: [FiefSyncProtocol.QuerySubscription]?
    /// The version of `subscriptions`.
    var queryVersion: UInt64 = 0
    /// The version the client last received a view for.
    var answeredQueryVersion: UInt64?
    /// The objects the client holds; nil when unknown.
    var held: Set<SyncObjectKey>?
    /// The objects the subscriptions and read rules select, before links are followed.
    var matched: Set<SyncObjectKey> = []
    /// The rules that bind the session's user.
    var rules: AppliedRules
    /// Whether the view can be computed: a subscription-based session waits for its first
    /// `query` (sent right after `ident`), so that its client is not first told to drop
    /// everything and then sent it again.
    var hasSubscriptions: Bool

    init(subscriptions: [FiefSyncProtocol.QuerySubscription]?, rules: AppliedRules) {
        self.subscriptions = subscriptions
        self.rules = rules
        hasSubscriptions = subscriptions == nil
    }

    /// Whether the client is owed a view even if the history did not move.
    var needsAnswer: Bool { hasSubscriptions && (held == nil || answeredQueryVersion != queryVersion) }

    /// The part of `changeset` the client may see: schema changes, and changes of objects it holds.
    func filter(_ changeset: SyncChangeset) -> SyncChangeset {
        let held = held ?? []
        return SyncChangeset(changeset.instructions.filter { instruction in
            guard let key = instruction.objectKey else { return true }
            return held.contains(key)
        })
    }
}
