import Foundation

/// What ``SectionedResults`` and their ``ResultsSection``s read: a live (or frozen) collection,
/// how to sort it and how to key each element. The sections are worked out again when the
/// realm changes.
final class SectionedStore<Key: _Persistable & Hashable, Element: RealmCollectionValue> {
    let realm: Realm?
    let isFrozen: Bool
    private let sortedElements: () -> [Element]
    private let sectionKey: (Element) -> Key
    private let invalidated: () -> Bool
    private let freezer: () -> SectionedStore
    private let thawer: () -> SectionedStore?
    /// How to make the same sections of the same collection in another realm (see `Relocatable`).
    private let relocator: () -> ((Realm) -> SectionedStore?)?
    /// The stored class of object elements (nil for values), for modification checks.
    private let className: String?
    private var cached: (stamp: Realm.ChangeStamp?, layout: SectionLayout<Key, Element>)?
    /// Identities given to values (objects use their keys).
    private var interned: [StoredValue: UInt64] = [:]

    private init(realm: Realm?, isFrozen: Bool, sortedElements: @escaping () -> [Element], sectionKey: @escaping (Element) -> Key,
                 invalidated: @escaping () -> Bool, freezer: @escaping () -> SectionedStore, thawer: @escaping () -> SectionedStore?,
                 relocator: @escaping () -> ((Realm) -> SectionedStore?)?) {
        self.realm = realm
        self.isFrozen = isFrozen
        self.sortedElements = sortedElements
        self.sectionKey = sectionKey
        self.invalidated = invalidated
        self.freezer = freezer
        self.thawer = thawer
        self.relocator = relocator
        className = (Element.self as? any RealmFetchable.Type)?.className()
    }

    /// Sections of `base`, whose elements `order` gives sorted, keyed by `key`.
    static func make<C: RealmCollection>(_ base: C, order: @escaping (C) -> [Element], key: @escaping (Element) -> Key)
        -> SectionedStore where C.Element == Element {
        SectionedStore(realm: base.realm, isFrozen: base.isFrozen, sortedElements: { order(base) }, sectionKey: key,
                       invalidated: { base.isInvalidated },
                       freezer: { make(base.freeze(), order: order, key: key) },
                       thawer: { base.thaw().map { make($0, order: order, key: key) } },
                       relocator: {
                           Fief.relocation(of: base).map { find in { realm in find(realm).map { make($0, order: order, key: key) } } }
                       })
    }

    /// How to find these sections in another realm of the file, or nil for a collection that
    /// cannot be found again there.
    func relocation() -> ((Realm) -> SectionedStore?)? { relocator() }

    var isInvalidated: Bool { invalidated() }
    func freeze() -> SectionedStore { isFrozen ? self : freezer() }
    func thaw() -> SectionedStore? { isFrozen ? thawer() : self }

    /// The current sections (worked out again after the realm changed).
    var layout: SectionLayout<Key, Element> {
        // Frozen sections may be read from several threads: the cache is filled under the
        // frozen realm's lock.
        guard let realm else { return layoutNow }
        return realm.frozenReading { layoutNow }
    }

    private var layoutNow: SectionLayout<Key, Element> {
        let stamp = realm?.changeStamp
        if let cached, cached.stamp != nil, cached.stamp == stamp { return cached.layout }
        let fresh = evaluate()
        cached = (stamp, fresh)
        return fresh
    }

    private func evaluate() -> SectionLayout<Key, Element> {
        guard !invalidated() else { return SectionLayout() }
        return SectionLayout(sortedElements(), key: sectionKey, identity: identity)
    }

    private func identity(_ element: Element) -> UInt64 {
        if let object = element as? any RealmFetchable, let key = object._fiefObject._managed?.rowKey { return key }
        let stored = (try? element._fiefToStored(nil).value) ?? .null
        if let id = interned[stored] { return id }
        let id = UInt64(interned.count)
        interned[stored] = id
        return id
    }

    /// Calls `report` with the old and new sections and their changes after each commit that
    /// changes them (objects' properties count only along `keyPaths` when given).
    func observe(keyPaths: [String]?,
                 _ report: @escaping (SectionLayout<Key, Element>, SectionLayout<Key, Element>, SectionChanges) -> Void) -> NotificationToken {
        guard let realm else { preconditionFailure("Only sections of a managed collection can be observed.") }
        precondition(!isFrozen, "Frozen sectioned results cannot be observed.")
        realm.checkIsolation()
        precondition(!realm.isInWriteTransaction, "Cannot observe sectioned results inside a write transaction.")
        let token = NotificationToken()
        realm.startObserving()
        let paths = keyPaths.flatMap { $0.isEmpty ? nil : $0.map { $0.split(separator: ".").map(String.init) } }
        var last = layout
        let className = self.className
        let observer = RealmNotifier.SummaryObserver(token: token) { [self] summary in
            let new = layout
            let modified: (UInt64) -> Bool = { key in
                guard let className else { return false }
                guard let summary else { return true }
                return RealmNotifier.isModified(realm, summary, className, key, paths)
            }
            let (d, i, m) = CollectionDiff.diff(old: last.identities, new: new.identities, modified: modified)
            let changes = SectionChanges(old: last, new: new, deletions: d, insertions: i, modifications: m)
            let old = last
            last = new
            if !changes.isEmpty { report(old, new, changes) }
        }
        realm.notifier.summaryObservers.append(observer)
        return token
    }
}
