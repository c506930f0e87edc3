/// Maps a list or set of objects to one property of each, for a ``ProjectedCollection``:
/// `\Person.dogs.projectTo.name` reads the names of a person's dogs. You get it from
/// `projectTo`; you do not make it yourself.
///
/// ```swift
/// class PersonCard: Projection<Person> {
///     @Projected(\Person.dogs.projectTo.name) var dogNames: ProjectedCollection<String>
/// }
/// ```
@dynamicMemberLookup
public struct CollectionElementMapper<Element> where Element: ObjectBase & RealmCollectionValue {
    let collection: AnyRealmCollection<Element>

    /// The collection's objects mapped through `member`.
    public subscript<V: RealmCollectionValue>(dynamicMember member: KeyPath<Element, V>) -> ProjectedCollection<V> {
        ProjectedCollection(backing: MappedObjects(base: collection, keyPath: member))
    }
}

extension List where Element: ObjectBase & RealmCollectionValue {
    /// The list's objects, to map to one of their properties in a `@Projected` key path:
    /// `\Person.dogs.projectTo.name` is a ``ProjectedCollection`` of the dogs' names.
    public var projectTo: CollectionElementMapper<Element> {
        CollectionElementMapper(collection: AnyRealmCollection(self))
    }
}

extension MutableSet where Element: ObjectBase & RealmCollectionValue {
    /// The set's objects, to map to one of their properties in a `@Projected` key path:
    /// `\Person.dogs.projectTo.name` is a ``ProjectedCollection`` of the dogs' names (the
    /// values may repeat: it is not a set).
    public var projectTo: CollectionElementMapper<Element> {
        CollectionElementMapper(collection: AnyRealmCollection(self))
    }
}
