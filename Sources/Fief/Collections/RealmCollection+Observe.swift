/// Observing a list, set or `LinkingObjects` of objects, as `Results` are observed: `.initial`
/// at once, then `.update` with the positions deleted, inserted and modified after each commit
/// that changes the collection or (with `keyPaths`, only those properties) its objects. The
/// collection must be managed.
///
/// ```swift
/// let token = person.dogs.observe { change in
///     if case .update(let dogs, let deletions, let insertions, _) = change { print(dogs.count, deletions, insertions) }
/// }
/// ```
extension RealmCollection where Element: ObjectBase {
    /// Observes the collection: `.initial` now, then `.update` after each commit that changes
    /// it or (with `keyPaths`) those properties of its objects. Keep the token; invalidate it
    /// to stop.
    public func observe(keyPaths: [String]? = nil, _ block: @escaping (RealmCollectionChange<Self>) -> Void) -> NotificationToken {
        let collection = self
        return _fiefResults(Element.self).observe(keyPaths: keyPaths) { block($0.reported(for: collection)) }
    }
}
