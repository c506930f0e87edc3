/// A dictionary from strings to values or objects, as a `@Persisted` property.
///
/// ```swift
/// class Inventory: Object { @Persisted var counts: Map<String, Int> }
/// try realm.write { inventory.counts["apples"] = 3 }
/// ```
public final class Map<Key: _MapKey, Value: _Persistable>: CustomStringConvertible {
    var unmanaged: [String: Value] = [:]  // keyed by the key's string form
    var location: CollectionLocation?

    /// An empty unmanaged map.
    public init() {}

    var context: _RealmContext? { location.map { _RealmContext(realm: $0.realm) } }

    func entries() -> [(String, StoredValue)] {
        guard let location else {
            return unmanaged.sorted { $0.key < $1.key }.map { ($0.key, (try? $0.value._fiefToStored(nil).value) ?? .null) }
        }
        let items = location.read()
        return stride(from: 0, to: items.count - 1, by: 2).compactMap { i in
            if case .string(let k) = items[i] { (k, items[i + 1]) } else { nil }
        }
    }

    /// The keys, sorted.
    public var keys: [Key] { (location == nil ? unmanaged.keys.sorted() : entries().map(\.0)).map { Key(_fiefString: $0) } }
    /// The number of entries.
    public var count: Int { location == nil ? unmanaged.count : entries().count }

    /// The value for `key`; setting nil removes the entry.
    public subscript(key: Key) -> Value? {
        get { self[string: key._fiefString] }
        set { self[string: key._fiefString] = newValue }
    }

    subscript(string key: String) -> Value? {
        get {
            guard let location else { return unmanaged[key] }
            return entries().first { $0.0 == key }.map { location.element($0.1, at: .key(key), as: Value.self) }
        }
        set {
            guard let location else { unmanaged[key] = newValue; return }
            var all = entries().filter { $0.0 != key }
            var instruction = ChangesetInstruction.set(className: location.className, key: location.state.rowKey, property: location.columnName + "." + key, value: .null)
            if let newValue, let v = try? newValue._fiefToStored(context).value {
                all.append((key, v))
                instruction = .set(className: location.className, key: location.state.rowKey, property: location.columnName + "." + key, value: v)
            }
            all.sort { $0.0 < $1.0 }
            location.write(all.flatMap { [StoredValue.string($0.0), $0.1] }, [instruction])
        }
    }

    public var description: String { "Map(\(entries().map { "\($0.0): \($0.1)" }.joined(separator: ", ")))" }
}

extension Map: _Persistable, _CollectionStoredValue {
    public static var _fiefShape: _PersistableShape {
        var shape = Value._fiefShape
        shape.collection = .map
        return shape
    }
    public static func _fiefDefault() -> Self { Self() }
    public static func _fiefFromStored(_ box: _StoredBox, _ context: _RealmContext?) -> Self {
        let map = Self()
        if case .collection(let items) = box.value {
            for i in stride(from: 0, to: items.count - 1, by: 2) {
                if case .string(let k) = items[i] { map.unmanaged[k] = Value._fiefFromStored(_StoredBox(value: items[i + 1]), context) }
            }
        }
        return map
    }
    public func _fiefToStored(_ context: _RealmContext?) throws -> _StoredBox {
        var items: [StoredValue] = []
        for key in keys.map(\._fiefString) {
            items.append(.string(key))
            items.append(try self[string: key].map { try $0._fiefToStored(context).value } ?? .null)
        }
        return _StoredBox(value: .collection(items))
    }
    public static func _fiefRead(_ access: _PropertyAccess) -> Self {
        let map = Self()
        map.location = CollectionLocation(state: access.object, column: access.column)
        return map
    }
    func _storedElements(_ realm: Realm?) throws -> StoredValue { try _fiefToStored(realm.map { _RealmContext(realm: $0) }).value }
}

/// Key types of `Map` (String). You do not use it directly.
public protocol _MapKey: Hashable {
    var _fiefString: String { get }
    init(_fiefString: String)
}

extension String: _MapKey {
    public var _fiefString: String { self }
    public init(_fiefString: String) { self = _fiefString }
}
