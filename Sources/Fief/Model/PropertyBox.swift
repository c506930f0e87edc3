/// The storage behind ``RealmProperty`` and ``RealmOptional``: a value held by the object
/// until it is managed, then read from and written to the realm. You do not use it directly.
public class _PropertyBox<Stored: _Persistable> {
    /// The object that declares the property, once it is managed (weak: the object holds the box).
    weak var owner: ObjectBase?
    /// The owner's class and row (a separate ``ManagedRow``), to reach the value should the box outlive the
    /// owner instance (`realm.objects(Person.self).first!.age.value`).
    private var ownerType: ObjectBase.Type?
    private var state: ObjectBase?
    /// The property's index in its class while managed (or recording key paths); -1 before.
    var index = -1
    /// The unmanaged value; nil until set (the type's default is used on first read).
    var unmanaged: Stored?

    init(unmanaged: Stored?) { self.unmanaged = unmanaged }

    /// The property's value: the realm's once the object is managed.
    var boxedValue: Stored {
        get {
            if index >= 0, let owner, let recorder = owner._recorder { return recorder.record(owner, index, Stored.self) }
            guard let access else { return unmanagedOrDefault }
            return Stored._fiefRead(access)
        }
        set {
            if let access {
                access.set(newValue)
            } else {
                unmanaged = newValue
            }
        }
    }

    /// How to reach the managed value; nil while unmanaged.
    private var access: _PropertyAccess? {
        guard index >= 0 else { return nil }
        if let owner { return _PropertyAccess(object: owner, index: index) }
        guard let state, let ownerType else { return nil }
        return _PropertyAccess(object: ClassInfo.of(ownerType).instantiate(state), index: index)
    }

    private var unmanagedOrDefault: Stored {
        if let unmanaged { return unmanaged }
        let value = Stored._fiefDefault()
        unmanaged = value
        return value
    }

    /// Binds the box to its managed (or recording) object.
    func bind(_ object: ObjectBase, _ index: Int) {
        owner = object
        ownerType = type(of: object)
        // A separate row reference: the object holds this box, so the box must not hold it.
        state = object._managed?.detachedRow()
        self.index = index
    }

    /// Makes the box unmanaged again.
    func unbind() {
        owner = nil
        ownerType = nil
        state = nil
        index = -1
    }

    fileprivate static func at(_ field: UnsafeRawPointer) -> _PropertyBox<Stored> {
        field.assumingMemoryBound(to: _PropertyBox<Stored>.self).pointee
    }
}

/// A model field that is a reference to a box (``RealmProperty``, ``RealmOptional``) rather
/// than a `@Persisted` struct: the object store binds the box instead of writing an index.
protocol BoxedPersistedField: PersistedField {
    static func bind(at field: UnsafeRawPointer, _ object: ObjectBase, _ index: Int)
}

extension _PropertyBox: BoxedPersistedField {
    static var valueShape: _PersistableShape { Stored._fiefShape }
    static func options(at field: UnsafeRawPointer) -> PersistedOptions { PersistedOptions() }
    static var valueOffset: Int { 0 }
    static var managedIndexOffset: Int? { nil }

    static func storedValue(at field: UnsafeMutableRawPointer, valueOffset: Int, _ context: _RealmContext?) throws -> StoredValue {
        try at(field).unmanagedOrDefault._fiefToStored(context).value
    }

    static func clearValue(at field: UnsafeMutableRawPointer) { at(field).unmanaged = nil }

    static func makeUnmanaged(at field: UnsafeMutableRawPointer, value: StoredValue, _ context: _RealmContext?) {
        let box = at(field)
        box.unbind()
        box.unmanaged = Stored._fiefFromStored(_StoredBox(value: value), context)
    }

    static func setUnmanagedAny(at field: UnsafeMutableRawPointer, _ value: Any?) -> Bool {
        guard let value = value as? Stored else { return false }
        at(field).unmanaged = value
        return true
    }

    static func bind(at field: UnsafeRawPointer, _ object: ObjectBase, _ index: Int) { at(field).bind(object, index) }
}
