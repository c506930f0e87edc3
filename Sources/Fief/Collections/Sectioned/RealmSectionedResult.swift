/// What ``SectionedResults`` and ``ResultsSection`` share: a live (or frozen) collection that
/// can be frozen, thawed and observed.
public protocol RealmSectionedResult: RandomAccessCollection, Equatable, ThreadConfined {
    /// The realm of the sectioned collection, or nil when it is unmanaged.
    var realm: Realm? { get }
    /// Whether the sectioned collection can no longer be used (the object owning it was
    /// deleted, or its realm invalidated).
    var isInvalidated: Bool { get }
    /// The number of sections (``SectionedResults``) or elements (``ResultsSection``).
    var count: Int { get }
    /// Whether this is a frozen snapshot.
    var isFrozen: Bool { get }
    /// A frozen snapshot: immutable, readable from any thread.
    func freeze() -> Self
    /// The live version of a frozen snapshot (itself when live), or nil when the collection's
    /// owner was deleted since.
    func thaw() -> Self?
    /// Observes the sections: `.initial` now, then `.update` after each commit that changes
    /// them. Keep the token; invalidate it to stop.
    func observe(keyPaths: [String]?, _ block: @escaping (SectionedResultsChange<Self>) -> Void) -> NotificationToken
}

extension RealmSectionedResult where Element: RealmFetchable {
    /// Observes a section with key paths of its objects (`[\.name]`): only changes to those
    /// properties count as modifications.
    public func observe(keyPaths: [PartialKeyPath<Element>], _ block: @escaping (SectionedResultsChange<Self>) -> Void) -> NotificationToken {
        observe(keyPaths: keyPaths.map { Element._fiefPropertyNames($0).joined(separator: ".") }, block)
    }
}

extension RealmSectionedResult where Element: RealmSectionedResult, Element.Element: RealmFetchable {
    /// Observes sectioned results with key paths of their objects (`[\.name]`): only changes to
    /// those properties count as modifications.
    public func observe(keyPaths: [PartialKeyPath<Element.Element>],
                        _ block: @escaping (SectionedResultsChange<Self>) -> Void) -> NotificationToken {
        observe(keyPaths: keyPaths.map { Element.Element._fiefPropertyNames($0).joined(separator: ".") }, block)
    }
}
