/// Marks `LinkingObjects` for `@Persisted(originProperty:)`, which makes its value with
/// `init(fromType:property:)`, as in RealmSwift.
///
/// ```swift
/// @Persisted(originProperty: "dogs") var owners: LinkingObjects<Person>
/// // the same as
/// @Persisted var owners = LinkingObjects(fromType: Person.self, property: "dogs")
/// ```
public protocol LinkingObjectsProtocol {
    /// The class of the linking objects.
    associatedtype Element
    /// An unmanaged value for the objects of `fromType` that link here through `property`.
    init(fromType: Element.Type, property: String)
    /// The origin property this value was made for.
    var _fiefOriginProperty: String { get }
}

/// The objects that link to this one through a given property: backlinks, computed from
/// the other side, never stored.
///
/// ```swift
/// class Dog: Object {
///     @Persisted(originProperty: "dogs") var owners: LinkingObjects<Person>
/// }
/// print(fido.owners.count)
/// ```
public final class LinkingObjects<Element: Object>: RandomAccessCollection, LinkingObjectsProtocol {
    let target: ObjectBase?
    let originProperty: String

    init(target: ObjectBase?, originProperty: String) {
        self.target = target
        self.originProperty = originProperty
    }

    /// Where the linking objects come from, or nil while unmanaged.
    var source: ResultsSource? {
        guard let target else { return nil }
        return .backlinks(className: target.rowTable.className, key: target.rowKey, originClass: Element.className(), originProperty: originProperty)
    }

    /// The linking objects, found by scanning the origin class's link column.
    var objects: [Element] {
        guard let target, let source, let binding = target.rowRealm.readBinding(for: Element.self),
              let keys = try? source.keys(in: target.rowRealm) else { return [] }
        return keys.map { target.rowRealm.objectForKey(Element.self, $0, binding: binding) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { objects.count }
    public subscript(index: Int) -> Element { objects[index] }
}

extension LinkingObjects: _Persistable {
    public static var _fiefShape: _PersistableShape { _PersistableShape(type: .linkingObjects, objectType: Element.self) }
    public static func _fiefDefault() -> Self { Self(target: nil, originProperty: "") }
    /// The origin property. You do not use it directly.
    public var _fiefOriginProperty: String { originProperty }
    public static func _fiefFromStored(_ box: _StoredBox, _ context: _RealmContext?) -> Self { _fiefDefault() }
    public func _fiefToStored(_ context: _RealmContext?) throws -> _StoredBox { _StoredBox(value: .null) }
    public static func _fiefRead(_ access: _PropertyAccess) -> Self {
        Self(target: access.object, originProperty: access.column.property.linkOriginPropertyName ?? "")
    }
    public func _fiefWrite(_ access: _PropertyAccess) throws {
        throw RealmError.invalidValue("LinkingObjects properties are read-only")
    }
}
