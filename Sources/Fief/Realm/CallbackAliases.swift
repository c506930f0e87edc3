// RealmSwift names its callback types at the top level; these are the same types.

/// A block observing a whole realm (see ``Realm/observe(_:)``).
public typealias NotificationBlock = Realm.NotificationBlock

/// A migration function: `(migration, oldSchemaVersion)` (see ``Realm/Configuration/migrationBlock``).
public typealias MigrationBlock = Realm.MigrationBlock

/// The block ``Migration/enumerateObjects(ofType:_:)`` calls with each object, as it was and
/// as it will be (either is nil when the class does not exist on that side).
public typealias MigrationObjectEnumerateBlock = (_ oldObject: MigrationObject?, _ newObject: MigrationObject?) -> Void
