/// Counter properties: integer properties changed by increments rather than by assignment.
/// You do not use this protocol directly; every `Object` and `EmbeddedObject` has its methods.
public protocol _CounterProperties {}

extension ObjectBase: _CounterProperties {}

extension _CounterProperties where Self: ObjectBase {
    /// Adds `delta` to an integer property, inside a write transaction. In a synced realm the
    /// change travels as an increment, not as the new value, so increments made at the same
    /// time on several devices all count (two devices adding 1 to 10 give 12, where setting
    /// the property would give 11).
    ///
    /// ```swift
    /// class Player: Object {
    ///     @Persisted var name = ""
    ///     @Persisted var score = 0
    /// }
    /// try realm.write {
    ///     player.increment(\.score, by: 5)
    /// }
    /// ```
    ///
    /// The addition wraps around on overflow. On an unmanaged object it just adds. Traps
    /// outside a write transaction, as setting a property does.
    public func increment(_ keyPath: KeyPath<Self, Int>, by delta: Int = 1) {
        _increment(_KeyPathRecorder.names(of: keyPath, on: Self.self), by: delta)
    }

    /// Adds `delta` to an optional integer property, as the overload for `Int` properties
    /// does; a nil property stays nil (there is nothing to count from).
    public func increment(_ keyPath: KeyPath<Self, Int?>, by delta: Int = 1) {
        _increment(_KeyPathRecorder.names(of: keyPath, on: Self.self), by: delta)
    }
}

extension ObjectBase {
    final func _increment(_ names: [String], by delta: Int) {
        precondition(names.count == 1, "increment(_:by:) takes a property of the object itself, not a path (\(names.joined(separator: ".")))")
        let name = names[0]
        guard let state = _managed else {
            if let value = self[name] as? Int { self[name] = value &+ delta }
            return
        }
        state.rowRealm.requireWriteTransaction("increment(_:by:)")
        guard let column = state.rowTable.column(named: name) else { preconditionFailure("\(state.rowTable.className) has no property '\(name)'") }
        do {
            try state.rowRealm.incrementValue(state, column, by: Int64(delta))
        } catch {
            preconditionFailure("Cannot increment \(state.rowTable.className).\(name): \(error)")
        }
    }
}

extension Realm {
    /// Adds `delta` to an integer property: a `set` of the new value in the local changeset,
    /// an `addInteger` in the sync changeset. A null value stays null.
    func incrementValue(_ state: ObjectBase, _ column: ColumnBinding, by delta: Int64) throws {
        guard let session else { throw RealmError.notInWriteTransaction }
        guard state.rowRealm === self else { throw RealmError.wrongRealm(state.rowTable.className) }
        guard column.type == .int, column.collection == .none, !column.property.isPrimary else {
            throw RealmError.invalidValue("\(state.rowTable.className).\(column.property.name) (\(column.property.typeDescription)) is not an integer counter")
        }
        let store = try table(state.rowTable)
        guard let current = try store.read(state.rowKey, column), !(session.deleted[state.rowTable.className]?.contains(state.rowKey) ?? false) else {
            throw RealmError.objectDeleted(state.rowTable.className)
        }
        guard case .int(let value) = current else { return }
        let new = StoredValue.int(value &+ delta)
        _ = try store.update(state.rowKey, column, new)
        session.changeset.append(.set(className: state.rowTable.className, key: state.rowKey, property: column.property.columnName, value: new))
        if let sync = activeSyncRecorder { try recordSyncAddInteger(state.rowTable, state.rowKey, column, delta, sync) }
    }
}
