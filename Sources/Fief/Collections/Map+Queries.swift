/// Queries over the objects a map holds (`Map<String, Pet?>`): live `Results` of its non-nil
/// values, in the order of their keys, following the map's changes. The map must be managed.
///
/// ```swift
/// let grown = owner.petsByName.where { $0.age > 2 }.sorted(byKeyPath: "name")
/// ```
///
/// RealmSwift gives `Results<Pet?>` here; Fief's `Results` hold objects, so nil values are
/// left out and the elements are `Pet`.
extension Map {
    /// The objects in the map, as `Results` to refine.
    private func objectResults<O: ObjectBase>(_ type: O.Type) -> Results<O> {
        guard let location else { preconditionFailure("Only a managed Map can be queried: add its object to a realm first") }
        return Results<O>.from(location.source, in: location.realm)
    }

    /// The objects matching a Realm Query Language predicate (arguments as `$0`, `$1`... or
    /// `%@`). A malformed query traps, as on ``Results``.
    public func filter<O: ObjectBase>(_ predicateFormat: String, _ args: Any...) -> Results<O> where Value == O? {
        do { return try objectResults(O.self).filtering(predicateFormat, args) } catch { preconditionFailure("\(error)") }
    }

    /// The objects matching a type-safe query.
    public func `where`<O: ObjectBase>(_ isIncluded: (Query<O>) -> Query<Bool>) -> Results<O> where Value == O? {
        objectResults(O.self).where(isIncluded)
    }

    /// The objects sorted by a property (or a key path through to-one links).
    public func sorted<O: ObjectBase>(byKeyPath keyPath: String, ascending: Bool = true) -> Results<O> where Value == O? {
        objectResults(O.self).sorted(byKeyPath: keyPath, ascending: ascending)
    }

    /// The objects sorted by several properties in turn.
    public func sorted<O: ObjectBase, S: Sequence>(by sortDescriptors: S) -> Results<O> where Value == O?, S.Element == SortDescriptor {
        objectResults(O.self).sorted(by: sortDescriptors)
    }

    /// The objects sorted by a Swift key path.
    public func sorted<O: ObjectBase, V: _Persistable>(by keyPath: KeyPath<O, V>, ascending: Bool = true) -> Results<O> where Value == O? {
        objectResults(O.self).sorted(by: keyPath, ascending: ascending)
    }
}
