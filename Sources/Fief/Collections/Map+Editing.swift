/// Reading and editing a map's entries, as RealmSwift's `Map` has them.
///
/// ```swift
/// try realm.write {
///     inventory.counts.updateValue(3, forKey: "apples")
///     inventory.counts.merge(["pears": 2, "apples": 1]) { $0 + $1 }   // apples 4, pears 2
///     inventory.counts.removeObject(for: "pears")
/// }
/// ```
extension Map {
    /// The entries, sorted by key.
    func pairs() -> [(key: Key, value: Value)] {
        guard let location else { return unmanaged.sorted { $0.key < $1.key }.map { (Key(_fiefString: $0.key), $0.value) } }
        return entries().map { (Key(_fiefString: $0.0), location.element($0.1, at: .key($0.0), as: Value.self)) }
    }

    /// The values, in the order of their sorted keys.
    public var values: [Value] { pairs().map(\.value) }

    /// Sets the value for `key`, adding the entry if it is new.
    public func updateValue(_ value: Value, forKey key: Key) { self[key] = value }

    /// Adds the entries of a sequence of key-value pairs; for a key already present,
    /// `combine` (given the current and the new value) chooses the value kept.
    public func merge<S: Sequence>(_ sequence: S, uniquingKeysWith combine: (Value, Value) throws -> Value) rethrows
        where S.Element == (key: Key, value: Value) {
        for (key, value) in sequence {
            self[key] = try self[key].map { try combine($0, value) } ?? value
        }
    }

    /// Adds the entries of a dictionary, as the merge of a sequence of pairs does.
    public func merge(_ other: [Key: Value], uniquingKeysWith combine: (Value, Value) throws -> Value) rethrows {
        try merge(other.map { (key: $0.key, value: $0.value) }, uniquingKeysWith: combine)
    }

    /// Adds the entries of another map, as the merge of a sequence of pairs does.
    public func merge(_ other: Map<Key, Value>, uniquingKeysWith combine: (Value, Value) throws -> Value) rethrows {
        try merge(other.pairs(), uniquingKeysWith: combine)
    }

    /// Removes the entry for `key`, if any.
    public func removeObject(for key: Key) { self[key] = nil }

    /// Removes every entry (objects stay in the realm).
    public func removeAll() {
        guard let location else { unmanaged.removeAll(); return }
        let removals = entries().map {
            ChangesetInstruction.set(className: location.className, key: location.state.rowKey, property: location.columnName + "." + $0.0, value: .null)
        }
        guard !removals.isEmpty else { return }
        location.write([], removals)
    }

    /// Whether some entry satisfies `predicate`.
    public func contains(where predicate: (_ key: Key, _ value: Value) throws -> Bool) rethrows -> Bool {
        try pairs().contains { try predicate($0.key, $0.value) }
    }

    /// The value for the key `key` (a map's keys are its properties, in key-value coding).
    public func value(forKey key: String) -> Value? { self[Key(_fiefString: key)] }

    /// The value at a key path: the map's value for the first component, then the rest of the
    /// path read from that object (`"fido.name"`).
    public func value(forKeyPath keyPath: String) -> Any? {
        let parts = keyPath.split(separator: ".", maxSplits: 1).map(String.init)
        guard let first = parts.first, let value = self.value(forKey: first) else { return nil }
        guard parts.count == 2 else { return value }
        return (DynamicValues.unwrap(value) as? ObjectBase)?.value(forKeyPath: parts[1])
    }

    /// Sets the value for the key `key`; nil (or a value of another type) removes the entry.
    public func setValue(_ value: Any?, forKey key: String) {
        guard let value = DynamicValues.unwrap(value) else { self[Key(_fiefString: key)] = nil; return }
        self[Key(_fiefString: key)] = value as? Value
    }
}
