import Foundation

/// What a migration block receives: enumerate objects of the old schema and set values in the
/// new one, rename properties, create and delete objects.
///
/// ```swift
/// let config = Realm.Configuration(schemaVersion: 1, migrationBlock: { migration, oldSchemaVersion in
///     if oldSchemaVersion < 1 {
///         migration.enumerateObjects(ofType: Person.className()) { oldObject, newObject in
///             let firstName = oldObject!["firstName"] as! String
///             let lastName = oldObject!["lastName"] as! String
///             newObject!["name"] = "\(firstName) \(lastName)"
///         }
///     }
/// })
/// ```
public final class Migration {
    unowned let realm: Realm
    /// The schema of the file before the migration.
    public let oldSchema: Schema
    /// The schema after it.
    public var newSchema: Schema { realm.schema }
    private let plan: SchemaPlan
    /// Classes whose data `deleteData(forType:)` removed.
    private(set) var deletedClasses: Set<String> = []

    init(realm: Realm, oldSchema: Schema, plan: SchemaPlan) {
        self.realm = realm
        self.oldSchema = oldSchema
        self.plan = plan
    }

    private func oldBinding(_ className: String) -> TableBinding? {
        oldSchema[className].map { TableBinding(schema: $0, info: nil) }
    }

    /// A binding with the columns of both schema versions, so deleting an object during the
    /// migration removes its row from every column, old and new.
    private func unionBinding(_ className: String) -> TableBinding? {
        let new = realm.binding(named: className)?.schema
        let old = oldSchema[className]
        guard let base = new ?? old else { return nil }
        let newColumns = Set((new?.properties ?? []).map(\.column))
        let extra = (new == nil ? [] : old?.properties ?? []).filter { $0.isStored && !newColumns.contains($0.column) }
            .map { $0.withIndex(false).renamed("\u{0}old.\($0.name)") }
        return TableBinding(schema: ObjectSchema(className: className, properties: base.properties + extra,
                                                 isEmbedded: base.isEmbedded, isAsymmetric: base.isAsymmetric,
                                                 nextColumn: base.nextColumn), info: nil)
    }

    /// Calls `block` with each object of `typeName`, as it was (`oldObject`) and as it will be
    /// (`newObject`). Either is nil when the class does not exist on that side.
    public func enumerateObjects(ofType typeName: String, _ block: (_ oldObject: MigrationObject?, _ newObject: MigrationObject?) -> Void) {
        let old = oldBinding(typeName)
        let new = realm.binding(named: typeName)
        guard let binding = new ?? old, let store = try? realm.table(binding) else { return }
        for key in (try? store.allKeys()) ?? [] {
            // Objects deleted earlier in this enumeration are skipped.
            guard realm.rowExists(binding, key) else { continue }
            block(old.map { MigrationObject(realm: realm, binding: $0, key: key) },
                  new.map { MigrationObject(realm: realm, binding: $0, key: key) })
        }
    }

    /// Moves the data of property `oldName` to `newName` (a property of the same type). Both
    /// are the names in the file: a property a class maps with `propertiesMapping()` is named
    /// by its persisted name, as in RealmSwift (its Swift name is accepted for `newName` too).
    public func renameProperty(onType typeName: String, from oldName: String, to newName: String) {
        guard let old = oldBinding(typeName)?.column(named: oldName), let new = realm.binding(named: typeName),
              let target = new.column(persisted: newName) ?? new.column(named: newName), let store = try? realm.table(new) else { return }
        for key in (try? store.allKeys()) ?? [] {
            if let value = try? store.read(key, old) { _ = try? store.update(key, target, value) }
        }
    }

    /// Deletes every object of `typeName`. Returns whether the class existed.
    @discardableResult
    public func deleteData(forType typeName: String) -> Bool {
        guard let binding = unionBinding(typeName), let session = realm.session,
              let store = try? realm.table(binding) else { return false }
        for key in (try? store.allKeys()) ?? [] { try? realm.deleteRow(binding, key, session) }
        deletedClasses.insert(typeName)
        return true
    }

    /// Creates an object of `typeName` in the new schema from a dictionary of values.
    @discardableResult
    public func create(_ typeName: String, value: Any = [String: Any]()) -> MigrationObject {
        guard let binding = realm.binding(named: typeName) else { preconditionFailure("Object type '\(typeName)' is not in the new schema") }
        do {
            let key = binding.keyIsPrimaryKey
                ? TableBinding.key(forIntPrimaryKey: Int64((value as? [String: Any])?[binding.primaryKey!.property.name] as? Int ?? 0))
                : try realm.nextKey(binding)
            var row = binding.columns.map(\.defaultValue)
            if let dict = value as? [String: Any] {
                for (k, v) in dict { if let c = binding.column(named: k) { row[c.position] = try DynamicAccess.storedValue(v, for: c.property, realm: realm) } }
            }
            try realm.table(binding).insert(key, row)
            if let session = realm.session {
                session.changeset.append(.createObject(className: typeName, key: key, primaryKey: binding.primaryKey.map { row[$0.position] } ?? .null))
                if let sync = realm.activeSyncRecorder {
                    let pk = binding.primaryKey.map { row[$0.position] } ?? .null
                    realm.recordSyncCreate(binding, key, primaryKey: pk, sync)
                    try realm.recordSyncInitialValues(binding, key, row, sync)
                }
            }
            return MigrationObject(realm: realm, binding: binding, key: key)
        } catch {
            preconditionFailure("Cannot create \(typeName): \(error)")
        }
    }

    /// Deletes an object during the migration.
    public func delete(_ object: MigrationObject) {
        guard let session = realm.session, let binding = unionBinding(object.className) else { return }
        try? realm.deleteRow(binding, object.key, session)
    }

    /// Drops the data of removed and changed columns.
    func finish() throws {
        guard let session = realm.session else { return }
        try TableStore.flush(session)
        for (className, property) in plan.droppedColumns where property.isStored {
            guard let tree = try session.txn.tree("c." + className) else { continue }
            var doomed: [[UInt8]] = []
            try tree.forEach { k, _ in
                if k.count == 10 && ClusterKey.column(k) == property.column { doomed.append(Array(k)) }
                return true
            }
            for k in doomed { try tree.delete(k) }
            _ = try session.txn.dropTree("i.\(className).\(property.column)")
        }
        for name in plan.file.objectSchema.map(\.className) where realm.binding(named: name) == nil {
            _ = try session.txn.dropTree("c." + name)
        }
    }
}

/// An object seen by a migration (or through a class with no Swift model): properties are
/// read and written by name, with the subscript or as members (`object.name`).
@dynamicMemberLookup
public final class DynamicObject {
    let realm: Realm
    let binding: TableBinding
    let key: UInt64

    init(realm: Realm, binding: TableBinding, key: UInt64) {
        self.realm = realm
        self.binding = binding
        self.key = key
    }

    /// The object's class name.
    public var className: String { binding.className }

    /// A property's value by name (nil for unknown names).
    public subscript(name: String) -> Any? {
        get {
            guard let c = binding.column(named: name), let v = try? realm.table(binding).read(key, c) else { return nil }
            return DynamicAccess.anyValue(v, c.property, realm: realm)
        }
        set {
            guard let c = binding.column(named: name) else { preconditionFailure("Property '\(name)' does not exist on object type '\(className)'.") }
            do {
                let store = try realm.table(binding)
                var value = try DynamicAccess.storedValue(newValue, for: c.property, realm: realm)
                if c.collection == .set { value = realm.setWrittenWhole(value, over: try store.read(key, c), c) }
                let old = try store.update(key, c, value)
                realm.session?.changeset.append(.set(className: className, key: key, property: c.property.columnName, value: value))
                if let sync = realm.activeSyncRecorder { try realm.recordSyncSet(binding, key, c, old: old, new: value, sync) }
            } catch {
                preconditionFailure("Cannot set \(className).\(name): \(error)")
            }
        }
    }
}

/// The objects a migration block receives.
public typealias MigrationObject = DynamicObject
