import Foundation

extension Realm {
    /// The sync identity of the top-level object `key` of `binding`: its primary key, or its
    /// global key. `row` (the object's values, when the caller has them) spares a read.
    func syncObjectID(_ binding: TableBinding, _ key: UInt64, row: [StoredValue]? = nil) throws -> SyncObjectID {
        guard let pk = binding.primaryKey else {
            return .global(try ObjectIdentity.global(session, try currentTxn(), binding.className, key))
        }
        if binding.keyIsPrimaryKey { return .primaryKey(.int(TableBinding.intPrimaryKey(forKey: key))) }
        if let row { return .primaryKey(SyncValue(scalar: row[pk.position])) }
        if let pending = session?.sync?.pendingIdentities[ObjectRef(className: binding.className, key: key)] { return pending }
        guard let value = try table(binding).read(key, pk) else {
            throw RealmError.internalError("no \(binding.className) object with key \(key) to name in a sync changeset")
        }
        return .primaryKey(SyncValue(scalar: value))
    }

    /// The local key of the existing top-level object `id` names, or nil if there is none.
    /// Throws when `id` cannot name an object of the class (a global key for a class with a
    /// primary key, a primary key of the wrong type...).
    func localKey(_ binding: TableBinding, _ id: SyncObjectID, ownFileIdent: UInt64) throws -> UInt64? {
        switch (binding.primaryKey, id) {
        case (let pk?, .primaryKey(let value)):
            let stored = try storedScalar(value, for: pk.property)
            return try findPrimaryKey(binding, stored)?.key
        case (nil, .global(let g)):
            guard let key = try ObjectIdentity.local(session, try currentTxn(), binding.className, g, ownFileIdent: ownFileIdent),
                  try table(binding).exists(key) else { return nil }
            return key
        case (let pk?, .global):
            throw SyncApplyFailure("\(binding.className) has primary key '\(pk.property.name)': its objects cannot be named by a global key")
        case (nil, .primaryKey):
            throw SyncApplyFailure("\(binding.className) has no primary key: its objects are named by global keys")
        }
    }

    /// A non-link value of a sync instruction as `property` stores it; throws when it does not
    /// fit the property's type (links and embedded objects are converted by the caller).
    func storedScalar(_ value: SyncValue, for property: Property) throws -> StoredValue {
        let stored: StoredValue
        switch value {
        case .null: stored = .null
        case .bool(let v): stored = .bool(v)
        case .int(let v): stored = .int(v)
        case .float(let v): stored = .float(v)
        case .double(let v): stored = .double(v)
        case .string(let v): stored = .string(v)
        case .data(let v): stored = .data(v)
        case .date(let v): stored = .date(v)
        case .decimal(let v): stored = .decimal(v)
        case .objectId(let v): stored = .objectId(v)
        case .uuid(let v): stored = .uuid(v)
        case .link, .embeddedObject, .list, .dictionary:
            throw SyncApplyFailure("\(value) cannot be stored in \(property.name) (\(property.typeDescription))")
        }
        let fits: Bool
        switch (property.type, stored) {
        case (_, .null): fits = property.isOptional || property.type == .any
        case (.any, _), (.bool, .bool), (.int, .int), (.float, .float), (.double, .double), (.string, .string), (.data, .data),
             (.date, .date), (.decimal128, .decimal), (.objectId, .objectId), (.uuid, .uuid): fits = true
        default: fits = false
        }
        guard fits else {
            throw SyncApplyFailure("\(value.kindName) \(value) cannot be stored in \(property.name) (\(property.typeDescription))")
        }
        return stored
    }
}

extension SyncValue {
    /// A stored value that is not a link or a collection, as a sync value.
    init(scalar value: StoredValue) {
        switch value {
        case .null, .link, .anyLink, .collection, .nestedList, .nestedMap: self = .null
        case .bool(let v): self = .bool(v)
        case .int(let v): self = .int(v)
        case .float(let v): self = .float(v)
        case .double(let v): self = .double(v)
        case .string(let v): self = .string(v)
        case .data(let v): self = .data(v)
        case .date(let v): self = .date(v)
        case .decimal(let v): self = .decimal(v)
        case .objectId(let v): self = .objectId(v)
        case .uuid(let v): self = .uuid(v)
        }
    }

    /// A short name of the value's kind, for error messages.
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .int: "int"
        case .float: "float"
        case .double: "double"
        case .string: "string"
        case .data: "data"
        case .date: "date"
        case .decimal: "decimal128"
        case .objectId: "objectId"
        case .uuid: "uuid"
        case .link: "link"
        case .embeddedObject: "embedded object"
        case .list: "list"
        case .dictionary: "dictionary"
        }
    }
}

/// Why an instruction of a received changeset cannot be applied; ``Realm/applySyncChangeset(_:ownFileIdent:)``
/// reports it as ``RealmError/invalidSyncChangeset(instruction:reason:)`` with the instruction's index.
struct SyncApplyFailure: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
