/// How each local mutation becomes sync instructions (FORMAT.md, II.15). The object store
/// calls these only when the session has a ``SyncRecorder`` that is recording.
extension Realm {
    /// The recorder of the current write transaction, when this realm records sync history
    /// and is not applying a received changeset.
    var activeSyncRecorder: SyncRecorder? {
        guard let sync = session?.sync, sync.isRecording else { return nil }
        return sync
    }

    /// The sync changeset of the current write transaction so far, or nil when the realm does
    /// not record sync history (or no write transaction is open). It is complete once the
    /// write block has run: link cleanup and the write-back at commit record nothing.
    var currentSyncChangeset: SyncChangeset? {
        session?.sync.map { SyncChangeset($0.instructions) }
    }

    // MARK: Objects

    /// A new top-level object: `createObject` with its identity (embedded objects are
    /// recorded when they are attached to their owner).
    func recordSyncCreate(_ binding: TableBinding, _ key: UInt64, primaryKey: StoredValue, _ recorder: SyncRecorder) {
        guard !binding.isEmbedded else { return }
        let id: SyncObjectID = binding.primaryKey == nil
            ? .global(GlobalKey(fileIdent: 0, sequence: key)) : .primaryKey(SyncValue(scalar: primaryKey))
        if binding.primaryKey != nil && !binding.keyIsPrimaryKey {
            recorder.pendingIdentities[ObjectRef(className: binding.className, key: key)] = id
        }
        recorder.append(.createObject(className: binding.className, object: id))
    }

    /// The values of a new top-level object that are not at their default.
    func recordSyncInitialValues(_ binding: TableBinding, _ key: UInt64, _ row: [StoredValue], _ recorder: SyncRecorder) throws {
        guard !binding.isEmbedded else { return }
        let base = SyncBase(className: binding.className, object: try syncObjectID(binding, key, row: row), path: [])
        for c in binding.columns where c.property.isStored && !c.property.isPrimary && !isSyncDefault(row[c.position], c) {
            try recordWhole(base, EmbeddedOwner(binding: binding, key: key, column: c), row[c.position], recorder)
        }
    }

    /// An erased top-level object (`row` holds its values). Erasing an embedded object is
    /// recorded by the change of its owner's property.
    func recordSyncErase(_ binding: TableBinding, _ key: UInt64, row: [StoredValue], _ recorder: SyncRecorder) throws {
        guard !binding.isEmbedded else { return }
        recorder.append(.eraseObject(className: binding.className, object: try syncObjectID(binding, key, row: row)))
    }

    // MARK: Properties

    /// A property written whole (a setter, an update, a dynamic set): `set` for a value or
    /// link, a new embedded object and its values, `clear` and inserts for a list, the
    /// differences for a set or map.
    func recordSyncSet(_ binding: TableBinding, _ key: UInt64, _ column: ColumnBinding, old: StoredValue, new: StoredValue,
                       _ recorder: SyncRecorder) throws {
        guard let base = try syncBase(binding, key, recorder) else { return }
        let owner = EmbeddedOwner(binding: binding, key: key, column: column)
        switch column.collection {
        case .none:
            if embeddedBinding(column) != nil && old == new { return }
            try recordWhole(base, owner, new, recorder)
        case .list:
            recorder.append(.clear(base.target(column.property.columnName)))
            try recordWhole(base, owner, new, recorder)
        case .set, .map:
            try recordDifference(base, owner, old: filterDeletedLinks(old, column), new: new, clears: true, recorder)
        }
    }

    /// A collection changed in place (``CollectionLocation/write(_:_:)``): list instructions
    /// as they happened; for a set or a map, the members or entries that differ.
    func recordSyncCollection(_ binding: TableBinding, _ key: UInt64, _ column: ColumnBinding, old: StoredValue, new: StoredValue,
                              local: [ChangesetInstruction], _ recorder: SyncRecorder) throws {
        guard let base = try syncBase(binding, key, recorder) else { return }
        let owner = EmbeddedOwner(binding: binding, key: key, column: column)
        guard column.collection == .list else {
            let clears = local.contains { if case .listClear = $0 { true } else { false } }
            try recordDifference(base, owner, old: filterDeletedLinks(old, column), new: new, clears: clears, recorder)
            return
        }
        let target = base.target(column.property.columnName)
        for instruction in local {
            switch instruction {
            case let .listInsert(_, _, _, index, value): try recordListElement(base, owner, index, value, insert: true, recorder)
            case let .listSet(_, _, _, index, value): try recordListElement(base, owner, index, value, insert: false, recorder)
            case let .listErase(_, _, _, index): recorder.append(.listErase(target, index: index))
            case let .listMove(_, _, _, from, to): recorder.append(.listMove(target, from: from, to: to))
            case .listClear: recorder.append(.clear(target))
            default: break
            }
        }
    }

    /// A counter increment of an integer property.
    func recordSyncAddInteger(_ binding: TableBinding, _ key: UInt64, _ column: ColumnBinding, _ delta: Int64, _ recorder: SyncRecorder) throws {
        guard let base = try syncBase(binding, key, recorder) else { return }
        recorder.append(.addInteger(base.target(column.property.columnName), delta))
    }

    // MARK: Schema

    /// Classes and properties added to the schema (`local` holds the local instructions of
    /// the change, `schema` the schema after it): every `addClass` (with its primary key)
    /// first, then the properties, links before backlinks, so that each instruction finds
    /// what it names.
    func recordSyncSchema(_ local: [ChangesetInstruction], _ schema: Schema, _ recorder: SyncRecorder) {
        let schema = schema.fileForm
        var properties: [SyncInstruction] = [], backlinks: [SyncInstruction] = []
        for instruction in local {
            switch instruction {
            case let .addClass(name, embedded):
                let pk = schema[name]?.primaryKeyProperty.map(SyncPropertySchema.init(property:))
                recorder.append(.addClass(name: name, primaryKey: pk, isEmbedded: embedded, isAsymmetric: schema[name]?.isAsymmetric ?? false))
            case let .addProperty(className, name, _, _, _, _):
                guard let property = schema[className]?[name], !property.isPrimary else { continue }
                let add = SyncInstruction.addProperty(className: className, property: SyncPropertySchema(property: property))
                if property.type == .linkingObjects { backlinks.append(add) } else { properties.append(add) }
            default: break
            }
        }
        for add in properties + backlinks { recorder.append(add) }
    }

    // MARK: Values

    /// Whether a new object's value need not be recorded. A non-optional ObjectId's default
    /// is random per class binding, so it is always recorded.
    func isSyncDefault(_ value: StoredValue, _ column: ColumnBinding) -> Bool {
        value == column.defaultValue && !(column.type == .objectId && column.collection == .none && !column.property.isOptional)
    }

    /// The embedded class a link property holds, if it holds embedded objects.
    func embeddedBinding(_ column: ColumnBinding) -> TableBinding? {
        guard column.type == .object, let target = column.property.objectClassName,
              let binding = binding(named: target), binding.isEmbedded else { return nil }
        return binding
    }

    /// One value (not a collection) of `column` as a sync value; links by identity.
    func syncValue(_ value: StoredValue, _ column: ColumnBinding) throws -> SyncValue {
        switch value {
        case .link(let k):
            guard let name = column.property.objectClassName, let target = binding(named: name) else {
                throw RealmError.internalError("\(column.property.columnName) links to an unknown class")
            }
            return .link(className: name, object: try syncObjectID(target, k))
        case .anyLink(let name, let k):
            guard let target = binding(named: name) else { throw RealmError.unknownClass(name) }
            return .link(className: name, object: try syncObjectID(target, k))
        case .nestedList(let items):
            return .list(try items.map { try syncValue($0, column) })
        case .nestedMap(let items):
            return .dictionary(try Dictionary(Self.mapEntries(items).map { ($0.0, try syncValue($0.1, column)) }, uniquingKeysWith: { $1 }))
        default:
            return SyncValue(scalar: value)
        }
    }

    /// A property's whole value written to an object (new, or newly embedded), or set whole:
    /// `set`, or the inserts of a collection; embedded objects with their own values.
    func recordWhole(_ base: SyncBase, _ owner: EmbeddedOwner, _ value: StoredValue, _ recorder: SyncRecorder) throws {
        let column = owner.column
        let name = column.property.columnName
        let target = base.target(name)
        let items: [StoredValue]
        if case .collection(let all) = value { items = all } else { items = [] }
        switch column.collection {
        case .none:
            if let embedded = embeddedBinding(column), case .link(let k) = value {
                recorder.append(.set(target, .embeddedObject, isDefault: false))
                try recordEmbedded(embedded, k, base.appending([.property(name)], for: embedded.className), owner, recorder)
            } else {
                recorder.append(.set(target, try syncValue(value, column), isDefault: false))
            }
        case .list:
            for (i, v) in items.enumerated() { try recordListElement(base, owner, i, v, insert: true, recorder) }
        case .set:
            for v in items { recorder.append(.setInsert(target, try syncValue(v, column))) }
        case .map:
            for (k, v) in Self.mapEntries(items) { try recordMapEntry(base, owner, k, v, recorder) }
        }
    }

    /// The values of an embedded object just attached at `base`.
    private func recordEmbedded(_ binding: TableBinding, _ key: UInt64, _ base: SyncBase, _ owner: EmbeddedOwner,
                                _ recorder: SyncRecorder) throws {
        recorder.owners[ObjectRef(className: binding.className, key: key)] = owner
        let store = try table(binding)
        for c in binding.columns where c.property.isStored {
            guard let value = try store.read(key, c), !isSyncDefault(value, c) else { continue }
            try recordWhole(base, EmbeddedOwner(binding: binding, key: key, column: c), value, recorder)
        }
    }

    private func recordListElement(_ base: SyncBase, _ owner: EmbeddedOwner, _ index: Int, _ value: StoredValue, insert: Bool,
                                   _ recorder: SyncRecorder) throws {
        let name = owner.column.property.columnName
        let target = base.target(name)
        if let embedded = embeddedBinding(owner.column), case .link(let k) = value {
            recorder.append(insert ? .listInsert(target, index: index, .embeddedObject) : .listSet(target, index: index, .embeddedObject))
            try recordEmbedded(embedded, k, base.appending([.property(name), .index(index)], for: embedded.className), owner, recorder)
        } else {
            let v = try syncValue(value, owner.column)
            recorder.append(insert ? .listInsert(target, index: index, v) : .listSet(target, index: index, v))
        }
    }

    private func recordMapEntry(_ base: SyncBase, _ owner: EmbeddedOwner, _ key: String, _ value: StoredValue,
                                _ recorder: SyncRecorder) throws {
        let name = owner.column.property.columnName
        let target = base.target(name)
        if let embedded = embeddedBinding(owner.column), case .link(let k) = value {
            recorder.append(.dictionaryInsert(target, key: key, .embeddedObject))
            try recordEmbedded(embedded, k, base.appending([.property(name), .key(key)], for: embedded.className), owner, recorder)
        } else {
            recorder.append(.dictionaryInsert(target, key: key, try syncValue(value, owner.column)))
        }
    }

    /// A set or map changed from `old` to `new`: `clear` when it was emptied whole (`clears`),
    /// else the members erased and inserted, or the entries erased and inserted (or replaced).
    private func recordDifference(_ base: SyncBase, _ owner: EmbeddedOwner, old: StoredValue, new: StoredValue, clears: Bool,
                                  _ recorder: SyncRecorder) throws {
        let column = owner.column
        let target = base.target(column.property.columnName)
        var before: [StoredValue] = [], after: [StoredValue] = []
        if case .collection(let items) = old { before = items }
        if case .collection(let items) = new { after = items }
        if after.isEmpty && clears {
            if !before.isEmpty { recorder.append(.clear(target)) }
            return
        }
        if column.collection == .set {
            let was = Set(before), now = Set(after)
            for v in before where !now.contains(v) { recorder.append(.setErase(target, try syncValue(v, column))) }
            for v in after where !was.contains(v) { recorder.append(.setInsert(target, try syncValue(v, column))) }
            return
        }
        let was = Self.mapEntries(before), now = Self.mapEntries(after)
        let wasByKey = Dictionary(was, uniquingKeysWith: { $1 }), nowByKey = Dictionary(now, uniquingKeysWith: { $1 })
        for (k, _) in was where nowByKey[k] == nil { recorder.append(.dictionaryErase(target, key: k)) }
        for (k, v) in now where wasByKey[k] != v { try recordMapEntry(base, owner, k, v, recorder) }
    }

    /// The (key, value) entries of a stored map (alternating keys and values).
    static func mapEntries(_ items: [StoredValue]) -> [(String, StoredValue)] {
        stride(from: 0, to: items.count - 1, by: 2).compactMap { i in
            if case .string(let k) = items[i] { (k, items[i + 1]) } else { nil }
        }
    }
}

extension SyncPropertySchema {
    /// A schema property as changesets carry it.
    init(property p: Property) {
        self.init(name: p.name, type: p.type, collection: p.collection, isOptional: p.isOptional, objectClassName: p.objectClassName,
                  linkOriginProperty: p.linkOriginPropertyName, isPrimaryKey: p.isPrimary, isIndexed: p.isIndexed)
    }
}
