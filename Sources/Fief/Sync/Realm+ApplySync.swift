extension Realm {
    /// Applies a changeset received from another copy of the realm, inside the current write
    /// transaction.
    ///
    /// Application is total and deterministic: the same instructions on the same state give
    /// the same result on every device. An instruction on an object that does not exist (or
    /// through a missing embedded object or an index out of range) does nothing; a link to a
    /// missing object is nil (not inserted in a list or set; a nil entry in a map); list
    /// indexes past the end append, and out-of-range moves, replacements and erasures do
    /// nothing (FORMAT.md, II.15, has every rule).
    ///
    /// The changes reach observers as local writes do, but are not recorded in this
    /// transaction's sync changeset: they came from elsewhere. Objects of classes without a
    /// primary key that the changeset creates get a local key and a mapping from their global
    /// key. Objects with global keys of file identity 0 or `ownFileIdent` are this file's own.
    /// A realm that records sync history (a device's copy) skips the instructions on
    /// asymmetric classes: it never keeps their objects.
    ///
    /// ```swift
    /// try realm.write {
    ///     try realm.applySyncChangeset(downloaded, ownFileIdent: 7)
    /// }
    /// ```
    ///
    /// - Parameter ownFileIdent: the identity the server assigned this file, or 0 if none yet.
    /// - Throws: ``RealmError/notInWriteTransaction``; ``RealmError/invalidSyncChangeset(instruction:reason:)``
    ///   naming the instruction and the class or property when an instruction contradicts the
    ///   schema (an unknown class or property, a value of the wrong type, a schema addition
    ///   that differs from the existing class or property). The instructions before it are
    ///   applied: cancel the write transaction.
    @_spi(Sync) public func applySyncChangeset(_ changeset: SyncChangeset, ownFileIdent: UInt64) throws {
        checkIsolation()
        guard let session else { throw RealmError.notInWriteTransaction }
        session.sync?.suspended += 1
        defer { session.sync?.suspended -= 1 }
        let applier = SyncApplier(realm: self, session: session, ownFileIdent: ownFileIdent)
        for (index, instruction) in changeset.instructions.enumerated() {
            if !keepsAsymmetricObjects && isOnAsymmetricClass(instruction) { continue }
            do {
                try applier.apply(instruction)
            } catch let failure as SyncApplyFailure {
                throw RealmError.invalidSyncChangeset(instruction: index, reason: "\(instruction.className): \(failure.reason)")
            } catch let error as RealmError {
                switch error {
                case .storage, .internalError: throw error
                default: throw RealmError.invalidSyncChangeset(instruction: index, reason: "\(instruction.className): \(error)")
                }
            } catch {
                throw RealmError.wrap(error)
            }
        }
    }
}

/// Applies the instructions of one received changeset to a realm in a write transaction.
struct SyncApplier {
    let realm: Realm
    let session: WriteSession
    let ownFileIdent: UInt64

    func apply(_ instruction: SyncInstruction) throws {
        switch instruction {
        case let .addClass(name, primaryKey, isEmbedded, isAsymmetric):
            try realm.applyAddClass(name, primaryKey: primaryKey, isEmbedded: isEmbedded, isAsymmetric: isAsymmetric)
        case let .addProperty(className, property):
            try realm.applyAddProperty(className, property)
        case let .createObject(className, object):
            try createObject(try topLevel(className), object)
        case let .eraseObject(className, object):
            let binding = try topLevel(className)
            guard let key = try realm.localKey(binding, object, ownFileIdent: ownFileIdent) else { return }
            try realm.deleteRow(binding, key, session)
        case let .set(target, value, _):
            try set(target, value)
        case let .addInteger(target, delta):
            try addInteger(target, delta)
        case .listInsert, .listSet, .listMove, .listErase:
            try applyList(instruction)
        case .setInsert, .setErase:
            try applySet(instruction)
        case .dictionaryInsert, .dictionaryErase:
            try applyDictionary(instruction)
        case let .clear(target):
            guard let place = try resolve(target) else { return }
            guard place.column.collection != .none else { throw SyncApplyFailure("\(place.name) is not a collection") }
            guard try !place.items().isEmpty else { return }
            try place.location.tryWrite([], [.listClear(className: place.binding.className, key: place.key, property: place.column.property.columnName)])
        }
    }

    // MARK: Objects and properties

    private func createObject(_ binding: TableBinding, _ object: SyncObjectID) throws {
        if try realm.localKey(binding, object, ownFileIdent: ownFileIdent) != nil { return }
        var row = binding.columns.map(\.defaultValue)
        var pkValue = StoredValue.null
        let key: UInt64
        switch (object, binding.primaryKey) {
        case (.primaryKey(let value), let pk?):
            pkValue = try realm.storedScalar(value, for: pk.property)
            row[pk.position] = pkValue
            if binding.keyIsPrimaryKey, case .int(let i) = pkValue {
                key = TableBinding.key(forIntPrimaryKey: i)
            } else if !session.undoneCreations.isEmpty,
                      let undone = session.undoneCreations[binding.className]?.removeValue(forKey: pkValue),
                      try !realm.table(binding).exists(undone) {
                // A pending creation redone after a download: the object keeps its key.
                key = undone
            } else {
                key = try realm.nextKey(binding)
            }
        case (.global(let g), nil):
            if g.fileIdent == 0 || g.fileIdent == ownFileIdent {
                key = g.sequence
                try realm.reserveKey(binding, key)
            } else {
                key = try realm.nextKey(binding)
                try ObjectIdentity.addMapping(session, binding.className, key, g)
            }
        default:
            throw SyncApplyFailure("\(object) cannot name an object of \(binding.className)")
        }
        try realm.table(binding).insert(key, row)
        realm.epoch &+= 1
        session.changeset.append(.createObject(className: binding.className, key: key, primaryKey: pkValue))
    }

    private func set(_ target: SyncTarget, _ value: SyncValue) throws {
        guard let place = try resolve(target) else { return }
        let column = place.column
        guard column.collection == .none else { throw SyncApplyFailure("\(place.name) is a \(column.property.typeDescription): set cannot replace it") }
        guard !column.property.isPrimary else { throw SyncApplyFailure("\(place.name) is the primary key and cannot be set") }
        let stored = try element(value, for: column) ?? .null
        try realm.writeValue(place.state, column, stored)
    }

    private func addInteger(_ target: SyncTarget, _ delta: Int64) throws {
        guard let place = try resolve(target) else { return }
        guard place.column.type == .int, place.column.collection == .none, !place.column.property.isPrimary else {
            throw SyncApplyFailure("\(place.name) (\(place.column.property.typeDescription)) is not an integer counter")
        }
        guard case .int(let current)? = try realm.table(place.binding).read(place.key, place.column) else { return }
        try realm.writeValue(place.state, place.column, .int(current &+ delta))
    }

    // MARK: Collections

    private func applyList(_ instruction: SyncInstruction) throws {
        guard let target = instruction.target, let place = try resolve(target) else { return }
        guard place.column.collection == .list else { throw SyncApplyFailure("\(place.name) is not a list") }
        var items = try place.items()
        let (c, k, p) = (place.binding.className, place.key, place.column.property.columnName)
        switch instruction {
        case let .listInsert(_, index, value):
            guard let stored = try element(value, for: place.column) else { return }
            let at = min(max(index, 0), items.count)
            items.insert(stored, at: at)
            try place.location.tryWrite(items, [.listInsert(className: c, key: k, property: p, index: at, value: stored)])
        case let .listSet(_, index, value):
            guard items.indices.contains(index), let stored = try element(value, for: place.column) else { return }
            items[index] = stored
            try place.location.tryWrite(items, [.listSet(className: c, key: k, property: p, index: index, value: stored)])
        case let .listMove(_, from, to):
            guard items.indices.contains(from), items.indices.contains(to) else { return }
            items.insert(items.remove(at: from), at: to)
            try place.location.tryWrite(items, [.listMove(className: c, key: k, property: p, from: from, to: to)])
        case let .listErase(_, index):
            guard items.indices.contains(index) else { return }
            items.remove(at: index)
            try place.location.tryWrite(items, [.listErase(className: c, key: k, property: p, index: index)])
        default:
            return
        }
    }

    private func applySet(_ instruction: SyncInstruction) throws {
        guard let target = instruction.target, let place = try resolve(target) else { return }
        guard place.column.collection == .set else { throw SyncApplyFailure("\(place.name) is not a set") }
        var items = try place.items()
        let (c, k, p) = (place.binding.className, place.key, place.column.property.columnName)
        switch instruction {
        case let .setInsert(_, value):
            guard let stored = try element(value, for: place.column), !items.contains(stored) else { return }
            items.append(stored)
            try place.location.tryWrite(items, [.listInsert(className: c, key: k, property: p, index: items.count - 1, value: stored)])
        case let .setErase(_, value):
            guard let stored = try element(value, for: place.column), let index = items.firstIndex(of: stored) else { return }
            items.remove(at: index)
            try place.location.tryWrite(items, [.listErase(className: c, key: k, property: p, index: index)])
        default:
            return
        }
    }

    private func applyDictionary(_ instruction: SyncInstruction) throws {
        guard let target = instruction.target, let place = try resolve(target) else { return }
        guard place.column.collection == .map else { throw SyncApplyFailure("\(place.name) is not a map") }
        var entries = Realm.mapEntries(try place.items())
        let (c, k, p) = (place.binding.className, place.key, place.column.property.columnName)
        let local: ChangesetInstruction
        switch instruction {
        case let .dictionaryInsert(_, key, value):
            let stored = try element(value, for: place.column) ?? .null
            entries.removeAll { $0.0 == key }
            entries.append((key, stored))
            entries.sort { $0.0 < $1.0 }
            local = .set(className: c, key: k, property: p + "." + key, value: stored)
        case let .dictionaryErase(_, key):
            guard entries.contains(where: { $0.0 == key }) else { return }
            entries.removeAll { $0.0 == key }
            local = .set(className: c, key: k, property: p + "." + key, value: .null)
        default:
            return
        }
        try place.location.tryWrite(entries.flatMap { [StoredValue.string($0.0), $0.1] }, [local])
    }

    // MARK: Values

    /// The stored form of one value for `column` (an element, for a collection), or nil for
    /// a link to an object that does not exist. `.embeddedObject` creates a new, empty
    /// embedded object and links to it.
    private func element(_ value: SyncValue, for column: ColumnBinding) throws -> StoredValue? {
        let property = column.property
        switch value {
        case let .link(className, object):
            guard property.type == .object || property.type == .any else {
                throw SyncApplyFailure("a link cannot be stored in \(property.name) (\(property.typeDescription))")
            }
            if property.type == .object && property.objectClassName != className {
                throw SyncApplyFailure("\(property.name) links to \(property.objectClassName ?? "?"), not \(className)")
            }
            let target = try topLevel(className)
            guard let key = try realm.localKey(target, object, ownFileIdent: ownFileIdent) else { return nil }
            return property.type == .object ? .link(key) : .anyLink(className: className, key: key)
        case .embeddedObject:
            guard let embedded = realm.embeddedBinding(column), column.collection != .set else {
                throw SyncApplyFailure("\(property.name) (\(property.typeDescription)) cannot hold an embedded object")
            }
            let key = try realm.nextKey(embedded)
            try realm.table(embedded).insert(key, embedded.columns.map(\.defaultValue))
            realm.epoch &+= 1
            session.changeset.append(.createObject(className: embedded.className, key: key, primaryKey: .null))
            return .link(key)
        case .list(let items):
            guard property.type == .any else { throw SyncApplyFailure("a list cannot be stored in \(property.name) (\(property.typeDescription))") }
            return .nestedList(try items.map { try element($0, for: column) ?? .null })
        case .dictionary(let entries):
            guard property.type == .any else {
                throw SyncApplyFailure("a dictionary cannot be stored in \(property.name) (\(property.typeDescription))")
            }
            var items: [StoredValue] = []
            for key in entries.keys.sorted() {
                items.append(.string(key))
                items.append(try element(entries[key]!, for: column) ?? .null)
            }
            return .nestedMap(items)
        case .null where property.type == .object:
            guard property.isOptional || column.collection == .none else {
                throw SyncApplyFailure("\(property.name) (\(property.typeDescription)) cannot hold null")
            }
            return .null
        default:
            guard property.type != .object else {
                throw SyncApplyFailure("\(value.kindName) \(value) cannot be stored in \(property.name) (\(property.typeDescription))")
            }
            return try realm.storedScalar(value, for: property)
        }
    }

    // MARK: Resolution

    /// A top-level class of the schema.
    private func topLevel(_ className: String) throws -> TableBinding {
        guard let binding = realm.binding(named: className) else { throw SyncApplyFailure("no class \(className) in the schema") }
        guard !binding.isEmbedded else { throw SyncApplyFailure("\(className) is embedded: it has no objects of its own") }
        return binding
    }

    /// The object and property `target` names, or nil when the object (or an embedded object
    /// or list element on the way) does not exist.
    private func resolve(_ target: SyncTarget) throws -> SyncPlace? {
        var binding = try topLevel(target.className)
        guard var key = try realm.localKey(binding, target.object, ownFileIdent: ownFileIdent) else { return nil }
        var path = target.path[...]
        while true {
            guard case .property(let name)? = path.popFirst() else {
                throw SyncApplyFailure("path \(target.path.map(\.description).joined()) does not name a property")
            }
            guard let column = binding.column(persisted: name), column.property.isStored else {
                throw SyncApplyFailure("no stored property \(binding.className).\(name)")
            }
            if path.isEmpty { return SyncPlace(realm: realm, binding: binding, key: key, column: column) }
            guard let embedded = realm.embeddedBinding(column) else {
                throw SyncApplyFailure("\(binding.className).\(name) holds no embedded objects: the path cannot go through it")
            }
            let value = realm.filterDeletedLinks(try realm.table(binding).read(key, column) ?? .null, column)
            var next: StoredValue?
            switch column.collection {
            case .none:
                next = value
            case .list:
                guard case .index(let i)? = path.popFirst() else { throw SyncApplyFailure("\(binding.className).\(name) is a list: the path needs an index") }
                if case .collection(let items) = value, items.indices.contains(i) { next = items[i] }
            case .map:
                guard case .key(let k)? = path.popFirst() else { throw SyncApplyFailure("\(binding.className).\(name) is a map: the path needs a key") }
                if case .collection(let items) = value { next = Realm.mapEntries(items).first { $0.0 == k }?.1 }
            case .set:
                throw SyncApplyFailure("\(binding.className).\(name) is a set: the path cannot go through it")
            }
            guard case .link(let k)? = next else { return nil }
            binding = embedded
            key = k
        }
    }
}

/// A property of an existing object that an instruction changes.
struct SyncPlace {
    let realm: Realm
    let binding: TableBinding
    let key: UInt64
    let column: ColumnBinding

    var state: ObjectBase { ManagedRow(realm: realm, table: binding, key: key) }
    var location: CollectionLocation { CollectionLocation(state: state, column: column) }
    var name: String { "\(binding.className).\(column.property.columnName)" }

    /// The collection's current elements (links to objects deleted in this transaction left out).
    func items() throws -> [StoredValue] {
        guard let value = try realm.table(binding).read(key, column),
              case .collection(let items) = realm.filterDeletedLinks(value, column) else { return [] }
        return items
    }
}
