import FiefQueryLanguage
import FiefStorage

/// Errors the object store reports. Each says what went wrong and where.
public enum RealmError: Error, Equatable, CustomStringConvertible {
    /// A model class cannot be persisted as declared.
    case invalidSchema(String)
    /// The file's schema differs from the models and no migration was requested; each entry
    /// names a class and property that differs.
    case schemaMismatch([String])
    /// The file's schema version is newer than the configuration's.
    case schemaVersionTooOld(file: UInt64, configuration: UInt64)
    /// A write was attempted outside a write transaction.
    case notInWriteTransaction
    /// `beginWrite` was called while already in a write transaction.
    case alreadyInWriteTransaction
    /// A write was attempted on a read-only or frozen realm.
    case readOnly(String)
    /// An object with this primary key already exists (adding with `update: .error`).
    case duplicatePrimaryKey(className: String, value: String)
    /// An object type is not in this realm's schema.
    case unknownClass(String)
    /// A property name is not in the class's schema.
    case unknownProperty(className: String, property: String)
    /// A value does not fit the property or the operation.
    case invalidValue(String)
    /// The object was deleted or belongs to another realm.
    case objectDeleted(String)
    /// An object managed by another realm was passed.
    case wrongRealm(String)
    /// A query string is malformed: message with line and column.
    case invalidQuery(String)
    /// A changeset's bytes are damaged.
    case corruptChangeset(offset: Int, reason: String)
    /// A sync changeset could not be applied: the index of the instruction and what is wrong
    /// with it (a value that does not fit the property, an unknown class or property, a
    /// schema addition that contradicts the realm's schema...).
    case invalidSyncChangeset(instruction: Int, reason: String)
    /// The configuration is inconsistent.
    case invalidConfiguration(String)
    /// A synced realm's models differ from its file in a way other copies cannot follow:
    /// synced realms take additive changes only (new classes, new properties).
    case destructiveSyncedSchemaChange([String])
    /// The storage layer failed (I/O, corruption, locking...).
    case storage(StorageError)
    /// A broken invariant inside the object store.
    case internalError(String)

    public var description: String {
        switch self {
        case .invalidSchema(let m): "Invalid schema: \(m)"
        case .schemaMismatch(let diffs):
            "Migration is required due to the following errors:\n" + diffs.map { "- \($0)" }.joined(separator: "\n")
        case .schemaVersionTooOld(let f, let c): "Provided schema version \(c) is less than last set version \(f)."
        case .notInWriteTransaction: "Cannot modify managed objects outside of a write transaction."
        case .alreadyInWriteTransaction: "The Realm is already in a write transaction."
        case .readOnly(let m): "Cannot write: \(m)"
        case .duplicatePrimaryKey(let c, let v): "Attempting to create an object of type '\(c)' with an existing primary key value '\(v)'."
        case .unknownClass(let c): "Object type '\(c)' is not managed by the Realm."
        case .unknownProperty(let c, let p): "Property '\(p)' does not exist on object type '\(c)'."
        case .invalidValue(let m): "Invalid value: \(m)"
        case .objectDeleted(let c): "Object of type '\(c)' has been deleted or invalidated."
        case .destructiveSyncedSchemaChange(let diffs):
            "Synced realms accept only additive schema changes (new classes and properties); keep removed properties in the model and add new ones instead of changing types:\n- " + diffs.joined(separator: "\n- ")
        case .wrongRealm(let m): "Object is managed by another Realm: \(m)"
        case .invalidQuery(let m): "Invalid query: \(m)"
        case .corruptChangeset(let o, let r): "Corrupt changeset at byte \(o): \(r)"
        case .invalidSyncChangeset(let i, let r): "Cannot apply sync changeset, instruction \(i): \(r)"
        case .invalidConfiguration(let m): "Invalid configuration: \(m)"
        case .storage(let e): "\(e)"
        case .internalError(let m): "Internal error: \(m)"
        }
    }

    /// Wraps storage errors; passes realm errors through.
    static func wrap(_ error: Error) -> Error {
        if let storage = error as? StorageError { return RealmError.storage(storage) }
        if let parse = error as? QueryParseError { return RealmError.invalidQuery("\(parse)") }
        return error
    }
}
