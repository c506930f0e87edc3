import Foundation

/// A collection's elements sorted and grouped into sections by a key: one ``ResultsSection``
/// per distinct key, in sort order. Live: the sections follow the realm's changes. Made by
/// `sectioned(by:ascending:)` and its variants on results, lists and sets.
///
/// ```swift
/// let byLetter = realm.objects(Contact.self).sectioned(by: \.firstLetter, ascending: true)
/// for section in byLetter {
///     print(section.key, section.map(\.name))
/// }
/// let first = byLetter[IndexPath(item: 0, section: 0)]
/// ```
public struct SectionedResults<Key: _Persistable & Hashable, SectionElement: RealmCollectionValue>: RealmSectionedResult {
    /// Each section.
    public typealias Element = ResultsSection<Key, SectionElement>

    let store: SectionedStore<Key, SectionElement>

    /// The section keys, in section order.
    public var allKeys: [Key] { store.layout.keys }

    /// The section at `index`.
    public subscript(_ index: Int) -> ResultsSection<Key, SectionElement> {
        let keys = store.layout.keys
        precondition(index >= 0 && index < keys.count, "Section index \(index) is out of bounds (there are \(keys.count) sections)")
        return ResultsSection(store: store, key: keys[index])
    }

    /// The element at `indexPath` (its `section`, then its `item` in that section).
    public subscript(_ indexPath: IndexPath) -> SectionElement {
        self[indexPath.section][indexPath.item]
    }

    /// 0.
    public var startIndex: Int { 0 }
    /// The number of sections.
    public var endIndex: Int { store.layout.keys.count }
    /// The number of sections.
    public var count: Int { endIndex }

    /// Iterates the sections as they are when iteration starts.
    public func makeIterator() -> SectionedResultsIterator<Key, SectionElement> {
        SectionedResultsIterator(store: store, keys: store.layout.keys)
    }

    /// The realm of the sectioned collection, or nil when it is unmanaged.
    public var realm: Realm? { store.realm }
    /// Whether the sectioned collection can no longer be used.
    public var isInvalidated: Bool { store.isInvalidated }
    /// Whether this is a frozen snapshot.
    public var isFrozen: Bool { store.isFrozen }
    /// A frozen snapshot of the sections: immutable, readable from any thread.
    public func freeze() -> SectionedResults { SectionedResults(store: store.freeze()) }
    /// The live sections of a frozen snapshot (themselves when live), or nil when the
    /// collection's owner was deleted since.
    public func thaw() -> SectionedResults? { store.thaw().map { SectionedResults(store: $0) } }

    /// Observes the sections: `.initial` now, then `.update` after each commit that changes
    /// them, with the sections and elements deleted, inserted and modified (see
    /// ``SectionedResultsChange``). With `keyPaths`, only changes to those properties of the
    /// objects count as modifications (insertions and deletions always count). Delivered on the
    /// realm's actor, or on a thread-confined realm's thread after its writes and refreshes.
    ///
    /// ```swift
    /// let token = byLetter.observe(keyPaths: ["name"]) { change in
    ///     if case .update(let sections, _, let insertions, _, let newSections, _) = change {
    ///         print(sections.allKeys, insertions, newSections)
    ///     }
    /// }
    /// ```
    public func observe(keyPaths: [String]? = nil, _ block: @escaping (SectionedResultsChange<SectionedResults>) -> Void) -> NotificationToken {
        let token = store.observe(keyPaths: keyPaths) { [self] _, _, c in
            block(.update(self, deletions: c.deletions, insertions: c.insertions, modifications: c.modifications,
                          sectionsToInsert: c.sectionsToInsert, sectionsToDelete: c.sectionsToDelete))
        }
        block(.initial(self))
        return token
    }

    /// Whether both are the same sectioning (made by the same `sectioned` call, or frozen or
    /// thawed from it, in the same state).
    public static func == (lhs: SectionedResults, rhs: SectionedResults) -> Bool { lhs.store === rhs.store }
}

extension SectionedResults: CustomStringConvertible {
    /// The section keys and their element counts.
    public var description: String {
        let layout = store.layout
        let sections = zip(layout.keys, layout.items).map { "\t[\($0.0)] \($0.1.count) elements" }
        return "SectionedResults<\(Key.self), \(SectionElement.self)> {\n" + sections.joined(separator: "\n") + "\n}"
    }
}

/// Iterates the sections of ``SectionedResults``.
public struct SectionedResultsIterator<Key: _Persistable & Hashable, Element: RealmCollectionValue>: IteratorProtocol {
    let store: SectionedStore<Key, Element>
    let keys: [Key]
    var index = 0

    init(store: SectionedStore<Key, Element>, keys: [Key]) {
        self.store = store
        self.keys = keys
    }

    /// The next section, or nil after the last.
    public mutating func next() -> ResultsSection<Key, Element>? {
        guard index < keys.count else { return nil }
        defer { index += 1 }
        return ResultsSection(store: store, key: keys[index])
    }
}

/// The former name of ``SectionedResultsIterator``.
@available(*, deprecated, renamed: "SectionedResultsIterator")
public typealias RLMSectionedResultsIterator = SectionedResultsIterator
