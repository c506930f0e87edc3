@_spi(Sync) import Fief
@_spi(Sync) import FiefSyncProtocol
import Foundation

/// Computes a session's view on the realm's replica: which objects its subscriptions and read
/// rules select, the objects links from them reach, and what the client must receive to hold
/// exactly those.
struct ViewEvaluator {
    let replica: RealmReplica
    let rules: AppliedRules
    /// Per class, the queries that select its objects (a subscription and the read filter).
    private var queries: [String: [SyncViewQuery]] = [:]
    private var readFilters: [String: SyncViewQuery?] = [:]
    /// The objects each object of the last ``closure(of:)`` links to.
    private var links: [SyncObjectKey: [SyncObjectKey]] = [:]

    /// The evaluator of `view`. Subscriptions that do not compile (their error was sent when
    /// they arrived) select nothing.
    init(replica: RealmReplica, view: SessionView) {
        self.replica = replica
        rules = view.rules
        let realm = replica.realm
        let wanted: [(className: String, query: String)] = view.subscriptions.map { subs in subs.map { ($0.className, $0.query) } }
            ?? realm.syncTopLevelClassNames.map { ($0, "TRUEPREDICATE") }
        for (className, query) in wanted where realm.schema[className]?.isAsymmetric != true {
            guard let read = rules.readFilter(for: className) else { continue }
            let text = read == "TRUEPREDICATE" ? query : "(\(query)) AND (\(read))"
            guard let compiled = try? SyncViewQuery(realm: realm, className: className, query: text, variables: rules.variables) else { continue }
            queries[className, default: []].append(compiled)
        }
    }

    /// Whether only a change of an object itself can change whether it is selected, so that
    /// re-checking the objects a batch touched keeps ``SessionView/matched`` exact.
    var isIncremental: Bool { queries.values.allSatisfy { $0.allSatisfy(\.readsOnlyOwnProperties) } }

    /// Every selected object.
    func allMatches() throws -> Set<SyncObjectKey> {
        var out: Set<SyncObjectKey> = []
        for (className, list) in queries {
            for query in list {
                for object in try query.matchingObjects() { out.insert(SyncObjectKey(className: className, object: object)) }
            }
        }
        return out
    }

    /// `matched` after the objects in `touched` changed.
    func update(_ matched: inout Set<SyncObjectKey>, touched: Set<SyncObjectKey>) throws {
        for key in touched {
            matched.remove(key)
            guard let list = queries[key.className] else { continue }
            for query in list where try query.matches(key.object) {
                matched.insert(key)
                break
            }
        }
    }

    /// `matched` with every readable object that links from it reach (when the realm has links).
    mutating func closure(of matched: Set<SyncObjectKey>) throws -> Set<SyncObjectKey> {
        links = [:]
        guard replica.hasLinks else { return matched }
        var view = matched
        var frontier = Array(matched)
        while let key = frontier.popLast() {
            guard let state = try replica.realm.syncObjectState(className: key.className, object: key.object) else { continue }
            let targets = SyncInstruction.linkedObjects(in: state)
            if !targets.isEmpty { links[key] = targets }
            for linked in targets where !view.contains(linked) {
                guard try isReadable(linked) else { continue }
                view.insert(linked)
                frontier.append(linked)
            }
        }
        return view
    }

    private mutating func isReadable(_ key: SyncObjectKey) throws -> Bool {
        let filter: SyncViewQuery?
        if let cached = readFilters[key.className] {
            filter = cached
        } else {
            filter = rules.readFilter(for: key.className).flatMap { try? SyncViewQuery(realm: replica.realm, className: key.className, query: $0, variables: rules.variables) }
            readFilters[key.className] = filter
        }
        return try filter?.matches(key.object) ?? false
    }

    /// What the client must apply to go from holding `held` (nil: unknown) to holding `view`:
    /// every entering object's creation first (so links between them resolve), then their
    /// states, then again the state of each held object that links to an entering one (its link
    /// was nil on the client while the target was missing), then the erasures of the objects
    /// that left.
    func change(to view: Set<SyncObjectKey>, from held: Set<SyncObjectKey>?) throws -> SyncChangeset {
        let enteringSet = held.map { view.subtracting($0) } ?? view
        var entering = enteringSet.sorted { $0.description < $1.description }
        if let held, !enteringSet.isEmpty {
            entering += links.filter { key, targets in held.contains(key) && view.contains(key) && targets.contains(where: enteringSet.contains) }
                .keys.sorted { $0.description < $1.description }
        }
        var creations: [SyncInstruction] = []
        var values: [SyncInstruction] = []
        for key in entering {
            guard let state = try replica.realm.syncObjectState(className: key.className, object: key.object) else { continue }
            creations.append(state[0])
            values.append(contentsOf: state.dropFirst())
        }
        let leaving = (held?.subtracting(view) ?? []).sorted { $0.description < $1.description }
        return SyncChangeset(creations + values + leaving.map { .eraseObject(className: $0.className, object: $0.object) })
    }

    /// Checks a subscription set against the realm's schema: the first subscription whose
    /// query does not compile, with why and where.
    static func firstInvalid(_ subscriptions: [FiefSyncProtocol.QuerySubscription], replica: RealmReplica,
                             rules: AppliedRules) -> (subscription: String, error: SyncViewQueryError)? {
        for s in subscriptions {
            if replica.realm.schema[s.className]?.isAsymmetric == true {
                return (s.name, SyncViewQueryError(message: "\(s.className) is asymmetric: its objects are never sent to devices, so it cannot be subscribed to",
                                                   line: 0, column: 0))
            }
            do {
                _ = try SyncViewQuery(realm: replica.realm, className: s.className, query: s.query, variables: rules.variables)
            } catch {
                return (s.name, error)
            }
        }
        return nil
    }
}
