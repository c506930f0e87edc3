/// An ordered list of values or objects, as a `@Persisted` property.
///
/// ```swift
/// class Person: Object {
///     @Persisted var dogs: List<Dog>
/// }
/// try realm.write { person.dogs.append(fido) }
/// ```
///
/// Unmanaged, it is a plain array. Managed, it reads and writes the realm.
public final class List<Element: _Persistable>: RandomAccessCollection, MutableCollection, CustomStringConvertible {
    var unmanaged: [Element] = []
    var location: CollectionLocation?

    /// An empty unmanaged list.
    public init() {}

    init(location: CollectionLocation) { self.location = location }

    private var context: _RealmContext? { location.map { _RealmContext(realm: $0.realm) } }

    func elements() -> [Element] {
        guard let location else { return unmanaged }
        let items = location.read()
        return items.indices.map { location.element(items[$0], at: .index($0), as: Element.self) }
    }

    private func stored(_ element: Element) -> StoredValue {
        do { return try element._fiefToStored(context).value } catch { preconditionFailure("\(error)") }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { location.map { $0.read().count } ?? unmanaged.count }

    public subscript(index: Int) -> Element {
        get {
            guard let location else { return unmanaged[index] }
            let items = location.read()
            precondition(index >= 0 && index < items.count, "Index \(index) is out of bounds (list has \(items.count) elements)")
            return location.element(items[index], at: .index(index), as: Element.self)
        }
        set {
            guard let location else { unmanaged[index] = newValue; return }
            var items = location.read()
            let value = stored(newValue)
            items[index] = value
            location.write(items, [.listSet(className: location.className, key: location.state.rowKey, property: location.columnName, index: index, value: value)])
        }
    }

    /// Appends an element (an unmanaged object is added to the realm).
    public func append(_ element: Element) { insert(element, at: count) }

    /// Appends every element of a sequence.
    public func append<S: Sequence>(objectsIn elements: S) where S.Element == Element {
        for e in elements { append(e) }
    }

    /// Inserts an element at `index`.
    public func insert(_ element: Element, at index: Int) {
        guard let location else { unmanaged.insert(element, at: index); return }
        var items = location.read()
        precondition(index >= 0 && index <= items.count, "Index \(index) is out of bounds")
        let value = stored(element)
        items.insert(value, at: index)
        location.write(items, [.listInsert(className: location.className, key: location.state.rowKey, property: location.columnName, index: index, value: value)])
    }

    /// Appends `element` unless the collection holds its stored form already: a set's insert,
    /// where an unmanaged object with a member's primary key is that member.
    func appendUnlessStored(_ element: Element) {
        guard let location else { unmanaged.append(element); return }
        var items = location.read()
        let value = stored(element)
        guard !items.contains(value) else { return }
        items.append(value)
        location.write(items, [.listInsert(className: location.className, key: location.state.rowKey, property: location.columnName,
                                           index: items.count - 1, value: value)])
    }

    /// Removes the element at `index`.
    public func remove(at index: Int) {
        guard let location else { unmanaged.remove(at: index); return }
        var items = location.read()
        precondition(index >= 0 && index < items.count, "Index \(index) is out of bounds")
        items.remove(at: index)
        location.write(items, [.listErase(className: location.className, key: location.state.rowKey, property: location.columnName, index: index)])
    }

    /// Removes every element (objects stay in the realm).
    public func removeAll() {
        guard let location else { unmanaged.removeAll(); return }
        location.write([], [.listClear(className: location.className, key: location.state.rowKey, property: location.columnName)])
    }

    /// Moves the element at `from` to `to`.
    public func move(from: Int, to: Int) {
        guard let location else { unmanaged.insert(unmanaged.remove(at: from), at: to); return }
        var items = location.read()
        items.insert(items.remove(at: from), at: to)
        location.write(items, [.listMove(className: location.className, key: location.state.rowKey, property: location.columnName, from: from, to: to)])
    }

    /// Swaps two elements.
    public func swapAt(_ i: Int, _ j: Int) {
        guard i != j else { return }
        let a = self[i], b = self[j]
        self[i] = b
        self[j] = a
    }

    /// The realm managing the list, if any.
    public var realm: Realm? { location?.realm }

    public var description: String { "List<\(Element.self)>(\(elements().map { "\($0)" }.joined(separator: ", ")))" }
}

extension List {
    /// The index of the first element that is `element`: the same object (by identity or
    /// managed key), or an equal value.
    public func index(of element: Element) -> Int? { elements().firstIndex { isSameElement($0, element) } }

    /// Iterates a snapshot of the elements taken when iteration starts (the list is read once).
    public func makeIterator() -> IndexingIterator<[Element]> { elements().makeIterator() }
}

extension List: _Persistable, _ArrayInitializable, _CollectionStoredValue {
    public static var _fiefShape: _PersistableShape {
        var shape = Element._fiefShape
        shape.collection = .list
        return shape
    }
    public static func _fiefDefault() -> Self { Self() }
    public static func _fiefFromStored(_ box: _StoredBox, _ context: _RealmContext?) -> Self {
        let list = Self()
        if case .collection(let items) = box.value {
            list.unmanaged = items.map { Element._fiefFromStored(_StoredBox(value: $0), context) }
        }
        return list
    }
    public func _fiefToStored(_ context: _RealmContext?) throws -> _StoredBox {
        _StoredBox(value: .collection(try elements().map { try $0._fiefToStored(context).value }))
    }
    public static func _fiefRead(_ access: _PropertyAccess) -> Self {
        let list = Self()
        list.location = CollectionLocation(state: access.object, column: access.column)
        return list
    }
    public func _fiefWrite(_ access: _PropertyAccess) throws {
        var items = try elements().map { try $0._fiefToStored(_RealmContext(realm: access.realm)).value }
        let location = CollectionLocation(state: access.object, column: access.column)
        if access.column.collection == .set,
           case .collection(let members) = access.realm.setWrittenWhole(.collection(items), over: .collection(location.read()), access.column) {
            items = members
        }
        var instructions: [ChangesetInstruction] = [.listClear(className: location.className, key: location.state.rowKey, property: location.columnName)]
        for (i, v) in items.enumerated() {
            instructions.append(.listInsert(className: location.className, key: location.state.rowKey, property: location.columnName, index: i, value: v))
        }
        location.write(items, instructions)
    }
    static func _fiefFromArray(_ items: [Any]) -> Self? {
        let list = Self()
        for item in items {
            guard let e = item as? Element else { return nil }
            list.unmanaged.append(e)
        }
        return list
    }
    func _storedElements(_ realm: Realm?) throws -> StoredValue {
        try _fiefToStored(realm.map { _RealmContext(realm: $0) }).value
    }
}
