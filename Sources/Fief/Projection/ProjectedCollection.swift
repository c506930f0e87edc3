/// A `@Projected` list or set of objects seen as one property of each object: the values of
/// that property, in the collection's order, read live. Made by `projectTo`:
///
/// ```swift
/// class PersonCard: Projection<Person> {
///     @Projected(\Person.dogs.projectTo.name) var dogNames: ProjectedCollection<String>
/// }
/// print(Array(card.dogNames))                          // ["Rex", "Fido"]
/// try realm.write { card.dogNames[0] = "Max" }         // renames person.dogs[0]
/// ```
///
/// A set projects to its objects' values in the set's order, duplicates included.
public struct ProjectedCollection<Element>: RandomAccessCollection, CustomStringConvertible, ThreadConfined
    where Element: RealmCollectionValue {
    /// Positions are `Int`s from 0.
    public typealias Index = Int

    let backing: any ProjectedBacking<Element>

    /// The index of the first object of the underlying collection matching a Realm Query
    /// Language predicate on the objects' properties, or nil.
    ///
    /// ```swift
    /// let i = card.dogNames.index(matching: "age > %@", 3)
    /// ```
    public func index(matching predicateFormat: String, _ args: Any...) -> Int? {
        backing.index(matching: predicateFormat, args)
    }

    /// Observes the underlying collection: `.initial` now, then `.update` after each commit
    /// that inserts, removes or moves its objects or changes their properties (with
    /// `keyPaths`, only those properties of the objects). Keep the token; invalidate it to
    /// stop. The collection must be managed.
    ///
    /// ```swift
    /// let token = card.dogNames.observe(keyPaths: ["name"]) { change in
    ///     if case .update(let names, _, let insertions, _) = change { print(Array(names), insertions) }
    /// }
    /// ```
    public func observe(keyPaths: [String]? = nil,
                        _ block: @escaping (RealmCollectionChange<ProjectedCollection<Element>>) -> Void) -> NotificationToken {
        let collection = self
        return backing.observe(keyPaths: keyPaths) { block($0.reported(for: collection)) }
    }

    /// The projected value of the object at `position`; setting it sets that object's property
    /// (in a write transaction for managed objects).
    public subscript(position: Int) -> Element {
        get { backing.element(at: position) }
        nonmutating set { backing.set(newValue, at: position) }
    }

    /// 0.
    public var startIndex: Int { 0 }
    /// The number of objects in the underlying collection.
    public var endIndex: Int { backing.count }
    /// The realm of the underlying collection, or nil while it is unmanaged.
    public var realm: Realm? { backing.realm }
    /// Whether the underlying collection can no longer be used.
    public var isInvalidated: Bool { backing.isInvalidated }
    /// Whether the underlying collection is frozen.
    public var isFrozen: Bool { backing.isFrozen }

    /// The values, one a line.
    public var description: String {
        var text = "ProjectedCollection<\(Element.self)> {\n"
        for (i, value) in enumerated() { text += "\t[\(i)] \(value)\n" }
        return text + "}"
    }

    /// The position of the first object whose projected value is `object`, or nil (values are
    /// compared by their stored form, objects by identity).
    public func index(of object: Element) -> Int? {
        guard let wanted = try? object._fiefToStored(nil).value else {
            if let wantedObject = object as? ObjectBase {
                return firstIndex { ($0 as? ObjectBase)?.refersToSameObject(as: wantedObject) ?? false }
            }
            return nil
        }
        return firstIndex { (try? $0._fiefToStored(nil).value) == wanted }
    }

    /// The same projection of a frozen snapshot of the underlying collection.
    public func freeze() -> ProjectedCollection<Element> { ProjectedCollection(backing: backing.freeze()) }

    /// The same projection of the live collection of a frozen one, or nil when its object was
    /// deleted since.
    public func thaw() -> ProjectedCollection<Element>? { backing.thaw().map { ProjectedCollection(backing: $0) } }
}

/// What a `ProjectedCollection` reads: a collection of objects and the key path mapped over it.
protocol ProjectedBacking<Element> {
    associatedtype Element
    var count: Int { get }
    func element(at index: Int) -> Element
    func set(_ value: Element, at index: Int)
    var realm: Realm? { get }
    var isInvalidated: Bool { get }
    var isFrozen: Bool { get }
    func freeze() -> any ProjectedBacking<Element>
    func thaw() -> (any ProjectedBacking<Element>)?
    func index(matching predicateFormat: String, _ args: [Any]) -> Int?
    func observe(keyPaths: [String]?, _ block: @escaping (RealmCollectionChange<Void>) -> Void) -> NotificationToken
    /// How to find the same backing in another realm of the file (see `Relocatable`).
    func relocation() -> ((Realm) -> (any ProjectedBacking<Element>)?)?
}

/// Objects of class `O` mapped through `keyPath`.
struct MappedObjects<O: ObjectBase, Element: RealmCollectionValue>: ProjectedBacking {
    let base: AnyRealmCollection<O>
    let keyPath: KeyPath<O, Element>

    var count: Int { base.count }
    func element(at index: Int) -> Element { base[index][keyPath: keyPath] }
    func set(_ value: Element, at index: Int) {
        guard let writable = keyPath as? ReferenceWritableKeyPath<O, Element> else {
            preconditionFailure("The projected key path \(keyPath) is not writable")
        }
        base[index][keyPath: writable] = value
    }
    var realm: Realm? { base.realm }
    var isInvalidated: Bool { base.isInvalidated }
    var isFrozen: Bool { base.isFrozen }
    func freeze() -> any ProjectedBacking<Element> { MappedObjects(base: base.freeze(), keyPath: keyPath) }
    func thaw() -> (any ProjectedBacking<Element>)? { base.thaw().map { MappedObjects(base: $0, keyPath: keyPath) } }
    func index(matching predicateFormat: String, _ args: [Any]) -> Int? {
        let matches: Results<O>
        do { matches = try base._fiefResults(O.self).filtering(predicateFormat, args) } catch { preconditionFailure("\(error)") }
        return matches.first.flatMap { base.index(of: $0) }
    }
    func observe(keyPaths: [String]?, _ block: @escaping (RealmCollectionChange<Void>) -> Void) -> NotificationToken {
        base.observe(keyPaths: keyPaths) { block($0.reported(for: ())) }
    }
}

/// A value that names, for key path recording, the element property a `projectTo` mapped.
protocol ProjectedElementNaming {
    var elementPropertyNames: [String] { get }
}

extension ProjectedCollection: ProjectedElementNaming {
    var elementPropertyNames: [String] { backing.elementPropertyNames }
}

extension ProjectedBacking {
    var elementPropertyNames: [String] {
        guard let mapped = self as? any ElementKeyPathNaming else { return [] }
        return mapped.names
    }
}

/// The element property names of a mapped key path.
protocol ElementKeyPathNaming {
    var names: [String] { get }
}

extension MappedObjects: ElementKeyPathNaming {
    var names: [String] { O._fiefPropertyNames(keyPath) }
}
