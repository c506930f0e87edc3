/// A collection of values or objects by key, managed by a realm or not yet: `Map`. Code
/// written against it takes any keyed collection.
///
/// ```swift
/// func total<M: RealmKeyedCollection>(_ counts: M) -> Int where M.Value == Int { counts.sum() }
/// ```
public protocol RealmKeyedCollection<Key, Value>: Sequence, CustomStringConvertible {
    /// The key type.
    associatedtype Key: _MapKey
    /// The value type.
    associatedtype Value: _Persistable

    /// The realm managing the collection, or nil while it is unmanaged.
    var realm: Realm? { get }
    /// Whether the collection can no longer be used (its owning object was deleted, or its
    /// realm invalidated).
    var isInvalidated: Bool { get }
    /// The number of entries.
    var count: Int { get }
    /// The entries, as text.
    var description: String { get }
    /// Whether the collection is a frozen snapshot.
    var isFrozen: Bool { get }
    /// The keys, sorted.
    var keys: [Key] { get }
    /// The values, in the order of their sorted keys.
    var values: [Value] { get }
    /// The value for `key`; setting nil removes the entry.
    subscript(key: Key) -> Value? { get set }
    /// Sets the value for `key`, adding the entry if it is new.
    func updateValue(_ value: Value, forKey key: Key)
    /// Removes the entry for `key`, if any.
    func removeObject(for key: Key)
    /// Removes every entry.
    func removeAll()
    /// The value for the key `key`.
    func value(forKey key: String) -> Value?
    /// The value at a key path through the value for its first component.
    func value(forKeyPath keyPath: String) -> Any?
    /// Sets the value for the key `key`.
    func setValue(_ value: Any?, forKey key: String)
    /// Whether some entry satisfies `predicate`.
    func contains(where predicate: (_ key: Key, _ value: Value) throws -> Bool) rethrows -> Bool
    /// A frozen snapshot. Traps for an unmanaged collection.
    func freeze() -> Self
    /// The live collection of a frozen one, or nil when its owning object was deleted since.
    func thaw() -> Self?
}

extension RealmKeyedCollection {
    /// Calls `body` with each value's stored form.
    private func storedValues(_ body: (StoredValue) -> Void) {
        for value in values { body((try? value._fiefToStored(nil).value) ?? .null) }
    }

    /// Calls `body` with property `property` of each object value (nil values are skipped).
    private func storedProperties(_ property: String, _ body: (StoredValue) -> Void) {
        for value in values {
            guard let object = DynamicValues.unwrap(value) as? ObjectBase else { continue }
            body(ValueAggregates.stored(property, of: object))
        }
    }

    /// The smallest value of a property of the object values, or nil when there is none.
    public func min<T: _Persistable>(ofProperty property: String) -> T? { ValueAggregates.extreme(-1) { storedProperties(property, $0) } }
    /// The largest value of a property of the object values, or nil when there is none.
    public func max<T: _Persistable>(ofProperty property: String) -> T? { ValueAggregates.extreme(1) { storedProperties(property, $0) } }
    /// The sum of a numeric property of the object values (0 when empty).
    public func sum<T: _Persistable>(ofProperty property: String) -> T { ValueAggregates.sum(property) { storedProperties(property, $0) } }
    /// The average of a numeric property of the object values, or nil when empty.
    public func average<T: _Persistable>(ofProperty property: String) -> T? { ValueAggregates.average { storedProperties(property, $0) } }

    /// The smallest value of a property named by a key path, or nil when there is none.
    public func min<O: ObjectBase, T: _Persistable>(of keyPath: KeyPath<O, T>) -> T? where Value == O? {
        min(ofProperty: _KeyPathRecorder.names(of: keyPath, on: O.self).joined(separator: "."))
    }
    /// The largest value of a property named by a key path, or nil when there is none.
    public func max<O: ObjectBase, T: _Persistable>(of keyPath: KeyPath<O, T>) -> T? where Value == O? {
        max(ofProperty: _KeyPathRecorder.names(of: keyPath, on: O.self).joined(separator: "."))
    }
    /// The sum of a numeric property named by a key path (0 when empty).
    public func sum<O: ObjectBase, T: _Persistable>(of keyPath: KeyPath<O, T>) -> T where Value == O? {
        sum(ofProperty: _KeyPathRecorder.names(of: keyPath, on: O.self).joined(separator: "."))
    }
    /// The average of a numeric property named by a key path, or nil when empty.
    public func average<O: ObjectBase, T: _Persistable>(of keyPath: KeyPath<O, T>) -> T? where Value == O? {
        average(ofProperty: _KeyPathRecorder.names(of: keyPath, on: O.self).joined(separator: "."))
    }

    /// The values sorted, as an array (RealmSwift returns `Results`; see
    /// ``RealmCollection/sorted(ascending:)``).
    public func sorted(ascending: Bool = true) -> [Value] where Value: SortableType {
        ValueAggregates.sorted(values, ascending: ascending)
    }
}

extension RealmKeyedCollection where Value: MinMaxType {
    /// The smallest value, or nil when empty (nil values are skipped).
    public func min() -> Value? { ValueAggregates.extreme(-1, storedValues) }
    /// The largest value, or nil when empty (nil values are skipped).
    public func max() -> Value? { ValueAggregates.extreme(1, storedValues) }
}

extension RealmKeyedCollection where Value: AddableType {
    /// The sum of the values (0 when empty).
    public func sum() -> Value { ValueAggregates.sum("value", storedValues) }
    /// The average of the values, or nil when empty.
    public func average<T: _Persistable>() -> T? { ValueAggregates.average(storedValues) }
}
