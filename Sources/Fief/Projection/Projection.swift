/// A lightweight view of an object: a class of `@Projected` properties, each reading (and
/// writing) a property of one root object, possibly through links or mapped over a list.
/// Realms fetch projections as they fetch objects, and they are observed as objects are.
///
/// ```swift
/// class Person: Object {
///     @Persisted var firstName = ""
///     @Persisted var lastName = ""
///     @Persisted var address: Address?
///     @Persisted var friends: List<Person>
/// }
///
/// class PersonCard: Projection<Person> {
///     @Projected(\Person.firstName) var name
///     @Projected(\Person.address?.city) var city
///     @Projected(\Person.friends.projectTo.firstName) var friendNames: ProjectedCollection<String>
/// }
///
/// let cards = realm.objects(PersonCard.self).filter("lastName == 'Snow'")
/// try realm.write { cards[0].name = "Jon" }            // sets the person's firstName
/// ```
///
/// Queries and sorts on `Results` of projections name the root's properties (`"lastName"`
/// above), as in RealmSwift; a key path sort (`sorted(by: \PersonCard.name)`) sorts by the root
/// property the projected property reads.
open class Projection<Root: ObjectBase & RealmCollectionValue & ThreadConfined>: RealmCollectionValue, ProjectionObservable, Hashable, CustomStringConvertible {
    /// The root object class.
    public typealias PersistedType = Root

    /// The projected object.
    public let rootObject: Root

    /// A projection of `object` (managed or not). Traps if a `@Projected` property's key path
    /// reads no stored property of the root, so a faulty projection class fails at once.
    public required init(projecting object: Root) {
        rootObject = object
        _ = ProjectionSchema.properties(of: self)
    }

    /// Whether both project the same object (the same managed object, or the same unmanaged
    /// instance).
    public static func == (lhs: Projection, rhs: Projection) -> Bool {
        lhs.rootObject.refersToSameObject(as: rhs.rootObject)
    }

    /// Hashes the projected object's identity, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        if let state = rootObject._managed {
            hasher.combine(state.rowTable.className)
            hasher.combine(state.rowKey)
        } else {
            hasher.combine(ObjectIdentifier(rootObject))
        }
    }

    /// The projection's class, root class and each projected property with the root key path it
    /// reads and its value.
    open var description: String {
        if rootObject.isInvalidated { return "\(type(of: self))<\(Root.className())> <invalidated>" }
        let lines = ProjectionSchema.properties(of: self).map { property -> String in
            let value = rootObject[keyPath: property.keyPath].map { "\($0)" } ?? "nil"
            return "\t\(property.label)(\\.\(property.originText)) = \(value);"
        }
        return "\(type(of: self))<\(Root.className())> {\n" + lines.joined(separator: "\n") + "\n}"
    }

    /// The realm managing the root object, or nil while it is unmanaged.
    public var realm: Realm? { rootObject.realm }

    /// Whether the root object was deleted (or its realm invalidated).
    public var isInvalidated: Bool { rootObject.isInvalidated }

    /// Whether the projection reads a frozen object.
    public var isFrozen: Bool { realm?.isFrozen ?? false }

    /// A projection of a frozen snapshot of the root object: immutable, readable from any
    /// thread. Traps for an unmanaged root.
    public func freeze() -> Self { Self(projecting: rootObject.freeze()) }

    /// A projection of the live root object of a frozen one (the projection itself when it is
    /// live), or nil when the object was deleted since.
    public func thaw() -> Self? { rootObject.thaw().map { Self(projecting: $0) } }
}
