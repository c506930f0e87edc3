import Foundation

/// One section of ``SectionedResults``: the elements sharing one key, in sort order. Live: it
/// reads the section with its key from the current sections (empty once no element has that
/// key).
///
/// ```swift
/// let a = byLetter[0]
/// print(a.key, a.count, a.first?.name ?? "-")
/// ```
public struct ResultsSection<Key: _Persistable & Hashable, T: RealmCollectionValue>: RealmSectionedResult {
    /// The section's elements.
    public typealias Element = T

    let store: SectionedStore<Key, T>
    /// The key every element of the section has.
    public let key: Key

    init(store: SectionedStore<Key, T>, key: Key) {
        self.store = store
        self.key = key
    }

    /// The section's key, so sections can be `Identifiable` (SwiftUI lists them by it).
    public var id: Key { key }

    private var elements: [T] {
        let layout = store.layout
        guard let section = layout.sectionOfKey[key] else { return [] }
        return layout.items[section]
    }

    /// The element at `index` in the section.
    public subscript(_ index: Int) -> T {
        let elements = elements
        precondition(index >= 0 && index < elements.count, "Index \(index) is out of bounds (the section has \(elements.count) elements)")
        return elements[index]
    }

    /// 0.
    public var startIndex: Int { 0 }
    /// The number of elements in the section.
    public var endIndex: Int { elements.count }
    /// The number of elements in the section.
    public var count: Int { endIndex }

    /// Iterates the section's elements as they are when iteration starts.
    public func makeIterator() -> SectionIterator<T> { SectionIterator(elements: elements) }

    /// The realm of the sectioned collection, or nil when it is unmanaged.
    public var realm: Realm? { store.realm }
    /// Whether the sectioned collection can no longer be used.
    public var isInvalidated: Bool { store.isInvalidated }
    /// Whether this is a frozen snapshot.
    public var isFrozen: Bool { store.isFrozen }
    /// A frozen snapshot of the section.
    public func freeze() -> ResultsSection { ResultsSection(store: store.freeze(), key: key) }
    /// The live section of a frozen snapshot (itself when live), or nil when the collection's
    /// owner was deleted since.
    public func thaw() -> ResultsSection? { store.thaw().map { ResultsSection(store: $0, key: key) } }

    /// Observes this section: `.initial` now, then `.update` after each commit that changes its
    /// elements, removes it (`sectionsToDelete`) or brings it back (`sectionsToInsert`).
    /// Positions are those of the whole ``SectionedResults`` (the section index is the
    /// section's place among all sections), as in RealmSwift. Commits that change only other
    /// sections are not reported.
    ///
    /// ```swift
    /// let token = byLetter[0].observe { change in
    ///     if case .update(let section, let deletions, let insertions, _, _, _) = change { print(section.count, deletions, insertions) }
    /// }
    /// ```
    public func observe(keyPaths: [String]? = nil, _ block: @escaping (SectionedResultsChange<ResultsSection>) -> Void) -> NotificationToken {
        let token = store.observe(keyPaths: keyPaths) { [self] old, new, all in
            let c = all.restricted(to: key, old: old, new: new)
            guard !c.isEmpty else { return }
            block(.update(self, deletions: c.deletions, insertions: c.insertions, modifications: c.modifications,
                          sectionsToInsert: c.sectionsToInsert, sectionsToDelete: c.sectionsToDelete))
        }
        block(.initial(self))
        return token
    }

    /// Whether both are the section with the same key of the same sectioning.
    public static func == (lhs: ResultsSection, rhs: ResultsSection) -> Bool { lhs.store === rhs.store && lhs.key == rhs.key }
}

extension ResultsSection: Identifiable {}

extension ResultsSection: CustomStringConvertible {
    /// The key and the elements.
    public var description: String {
        "ResultsSection<\(Key.self), \(T.self)>(\(key)) {\n" + map { "\t\($0)" }.joined(separator: "\n") + "\n}"
    }
}

/// Iterates the elements of a ``ResultsSection``.
public struct SectionIterator<Element: RealmCollectionValue>: IteratorProtocol {
    private var elements: IndexingIterator<[Element]>

    init(elements: [Element]) { self.elements = elements.makeIterator() }

    /// The next element, or nil after the last.
    public mutating func next() -> Element? { elements.next() }
}

/// The former name of ``SectionIterator``.
@available(*, deprecated, renamed: "SectionIterator")
public typealias RLMSectionIterator = SectionIterator
