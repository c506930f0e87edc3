/// A property of a ``Projection`` that reads (and, when the key path is writable, writes) a
/// property of the projection's root object, named by a key path from the root class.
///
/// ```swift
/// class PersonCard: Projection<Person> {
///     @Projected(\Person.firstName) var name                   // reads and writes person.firstName
///     @Projected(\Person.address.city) var city               // through a link
///     @Projected(\Person.lastName.localizedUppercase) var caps // computed from a property
///     @Projected(\Person.friends.projectTo.firstName) var friendNames: ProjectedCollection<String>
/// }
/// ```
///
/// Setting a projected property of a managed object needs a write transaction, as setting the
/// root's property does.
@propertyWrapper
public struct Projected<T: ObjectBase, Value>: AnyProjected {
    let keyPath: KeyPath<T, Value>

    /// Projects the root property (or key path) `projectedKeyPath`.
    public init(_ projectedKeyPath: KeyPath<T, Value>) {
        keyPath = projectedKeyPath
    }

    /// Not used: a `@Projected` property is read and written through its projection's root
    /// object, so it can only be declared on a ``Projection`` subclass.
    @available(*, unavailable, message: "@Projected can only be used on a property of a Projection subclass")
    public var wrappedValue: Value {
        get { fatalError("@Projected is read through its Projection") }
        // swiftlint:disable:next unused_setter_value
        set { fatalError("@Projected is written through its Projection") }
    }

    /// Reads or writes the projected key path on the enclosing projection's root object. You do
    /// not call it directly: Swift calls it for `projection.name`.
    public static subscript<EnclosingSelf: Projection<T>>(
        _enclosingInstance projection: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Self>
    ) -> Value {
        get {
            projection.rootObject[keyPath: projection[keyPath: storageKeyPath].keyPath]
        }
        set {
            let keyPath = projection[keyPath: storageKeyPath].keyPath
            guard let writable = keyPath as? ReferenceWritableKeyPath<T, Value> else {
                preconditionFailure("The key path of @Projected property \(wrappedKeyPath) is not writable")
            }
            projection.rootObject[keyPath: writable] = newValue
        }
    }

    var anyKeyPath: AnyKeyPath { keyPath }

    /// The root's property names the key path reads, in order (`["address", "city"]`), and for
    /// a `projectTo` collection the element property after the collection's.
    func originNames() -> [String] {
        let recorder = _KeyPathRecorder()
        let value = T._fiefPlaceholder(recorder)[keyPath: keyPath]
        var names = recorder.names
        if let mapped = value as? any ProjectedElementNaming { names += mapped.elementPropertyNames }
        return names
    }
}

/// A `@Projected` property seen without its value type, as the projection's schema reads them.
protocol AnyProjected {
    var anyKeyPath: AnyKeyPath { get }
    func originNames() -> [String]
}
