/// A change to an observed `Map`, as ``Map/observe(keyPaths:_:)`` delivers it.
///
/// ```swift
/// let token = inventory.counts.observe { change in
///     if case .update(_, let deletions, let insertions, let modifications) = change {
///         print("removed", deletions, "added", insertions, "changed", modifications)
///     }
/// }
/// ```
public enum RealmMapChange<Collection: RealmKeyedCollection> {
    /// The first delivery: the map as it is now.
    case initial(Collection)
    /// A later delivery: the keys removed, added, and whose values changed (a new value, or a
    /// change to the object the value is) since the previous delivery.
    case update(Collection, deletions: [Collection.Key], insertions: [Collection.Key], modifications: [Collection.Key])
    /// An error that ended the observation.
    case error(Swift.Error)
}
