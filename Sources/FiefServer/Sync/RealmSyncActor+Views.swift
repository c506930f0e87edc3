@_spi(Sync) import Fief
@_spi(Sync) import FiefSyncProtocol
import Foundation

/// What an integration did: the uploading file's new state, and the writes the rules refused.
struct IntegrationResult: Sendable {
    var file: ClientFileState
    /// One line per refused object (empty when everything was admitted).
    var refusals: [String]
}

/// A session's compiled queries, kept between its downloads while its subscriptions, rules and
/// the realm's schema stay the same.
struct CompiledView {
    var subscriptions: [FiefSyncProtocol.QuerySubscription]?
    var rules: AppliedRules
    var schemaGeneration: Int
    var evaluator: ViewEvaluator
}

/// The realm actor's side of filtered sessions and permission rules (see ``SessionView``,
/// ``RealmReplica``).
extension RealmSyncActor {
    /// The replica, made if needed and caught up with the history.
    func currentReplica() async throws -> RealmReplica {
        let replica: RealmReplica
        if let existing = self.replica {
            replica = existing
        } else {
            replica = try await RealmReplica.open(on: self)
            self.replica = replica
        }
        do { try replica.catchUp(with: history) } catch {
            self.replica = nil
            throw error
        }
        return replica
    }

    /// How an upload under `rules` is judged (``WriteAdmission``).
    func makeAdmission(for rules: AppliedRules) async throws -> WriteAdmission {
        WriteAdmission(replica: rules.isUnrestricted ? nil : try await currentReplica(), rules: rules)
    }

    /// Checks a session's new subscriptions against the realm's schema; returns the first that
    /// does not compile, with why and where.
    func firstInvalidSubscription(_ subscriptions: [FiefSyncProtocol.QuerySubscription], rules: AppliedRules) async throws
        -> (subscription: String, error: SyncViewQueryError)? {
        try await exclusively {
            ViewEvaluator.firstInvalid(subscriptions, replica: try await currentReplica(), rules: rules)
        }
    }

    /// The compiled queries of `view` for client file `fileIdent`: the ones of its last download
    /// when nothing they depend on changed, else compiled anew (and kept).
    private func evaluator(for fileIdent: UInt64, view: SessionView, replica: RealmReplica) -> ViewEvaluator {
        if let compiled = evaluators[fileIdent], compiled.evaluator.replica === replica, compiled.subscriptions == view.subscriptions,
           compiled.rules == view.rules, compiled.schemaGeneration == replica.schemaGeneration {
            return compiled.evaluator
        }
        let evaluator = ViewEvaluator(replica: replica, view: view)
        if evaluators.count >= 10_000 { evaluators.removeAll() }
        evaluators[fileIdent] = CompiledView(subscriptions: view.subscriptions, rules: view.rules, schemaGeneration: replica.schemaGeneration, evaluator: evaluator)
        return evaluator
    }

    /// What client file `fileIdent`, whose download cursor is at `version`, holds, when this
    /// server remembers its last views (``HeldViews``): the objects of the newest view it
    /// integrated, less those the history erased since (the client applied those erasures).
    func heldView(fileIdent: UInt64, at version: UInt64) async throws -> Set<SyncObjectKey>? {
        try await exclusively {
            guard let (viewVersion, held) = heldViews.held(file: fileIdent, at: version) else { return nil }
            guard viewVersion < version else { return held }
            var remaining = held
            let since: ArraySlice<ServerHistoryEntry>
            do throws(ServerHistoryError) { since = try history.entries(after: viewVersion) } catch { return nil }
            for entry in since where entry.serverVersion <= version {
                for case let .eraseObject(className, object) in entry.changeset.instructions {
                    remaining.remove(SyncObjectKey(className: className, object: object))
                }
            }
            return remaining
        }
    }

    /// A download batch of a filtered session: the history after `version`, each changeset
    /// filtered to what `view`'s client holds, and, when the batch reaches the newest version
    /// and something changed, the change of the view, which `view` then records.
    func batch(after version: UInt64, fileIdent: UInt64, maxBytes: Int, view: inout SessionView) async throws -> (HistoryBatch, [DownloadView]) {
        try await exclusively {
            var result = try unfilteredBatch(after: version, fileIdent: fileIdent, maxBytes: maxBytes)
            guard view.hasSubscriptions else {
                // Before its first `query`, a subscription-based session gets acknowledgements
                // only: its history arrives with its first view, in the same message, so that
                // its own new objects never vanish in between.
                result.entries = []
                return (result, [])
            }
            let filtered = result.entries.map { entry, _ in
                var e = entry
                e.changeset = view.filter(asymmetric.downloadForm(entry.changeset))
                return (e, SyncChangesetCoding.encode(e.changeset))
            }
            let end = result.entries.last?.entry.serverVersion ?? version
            guard end == history.latestVersion, !result.entries.isEmpty || view.needsAnswer else {
                result.entries = filtered
                return (result, [])
            }
            let replica = try await currentReplica()
            var evaluator = evaluator(for: fileIdent, view: view, replica: replica)
            defer { evaluators[fileIdent]?.evaluator = evaluator }
            let replaces = view.held == nil
            if replaces || view.answeredQueryVersion != view.queryVersion || !evaluator.isIncremental {
                view.matched = try evaluator.allMatches()
            } else {
                var touched: Set<SyncObjectKey> = []
                for (entry, _) in result.entries {
                    for instruction in entry.changeset.instructions { if let key = instruction.objectKey { touched.insert(key) } }
                }
                try evaluator.update(&view.matched, touched: touched)
            }
            let objects = try evaluator.closure(of: view.matched)
            let change = try evaluator.change(to: objects, from: view.held)
            let answered = view.answeredQueryVersion == view.queryVersion
            // Without history the message does not move the client's cursor: unconfirmed.
            heldViews.record(file: fileIdent, version: end, held: objects, confirmed: !result.entries.isEmpty)
            view.held = objects
            view.answeredQueryVersion = view.queryVersion
            result.entries = filtered
            guard replaces || !answered || !change.isEmpty else { return (result, []) }
            return (result, DownloadView.parts(of: change, queryVersion: view.queryVersion, replacesView: replaces))
        }
    }
}
