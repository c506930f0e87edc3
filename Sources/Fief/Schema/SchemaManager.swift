import FiefStorage
import Foundation

/// Opens a realm's schema: reads the file's schema, compares it with the model classes,
/// applies additive changes, runs migrations, and binds classes to storage.
enum SchemaManager {
    static let metaTreeName = "fief.meta"
    private static let schemaKey = Array("schema".utf8)
    private static let versionKey = Array("schemaVersion".utf8)

    static func metaTree(_ txn: Transaction) throws -> Tree {
        if let tree = try txn.tree(metaTreeName) { return tree }
        return try txn.createTree(metaTreeName)
    }

    static func readSchema(_ txn: Transaction) throws -> (Schema, UInt64)? {
        try readSchemaRecord(txn).map { ($0.schema, $0.version) }
    }

    /// The file's schema, schema version, whether the file is a synced realm, and whether its
    /// record predates the current record version (``SchemaCoding/isLegacy(_:)``).
    static func readSchemaRecord(_ txn: Transaction) throws -> (schema: Schema, version: UInt64, synced: Bool, legacy: Bool)? {
        guard let meta = try txn.tree(metaTreeName), let bytes = try meta.get(schemaKey) else { return nil }
        let version = try meta.get(versionKey).map { try decodeU64($0, "schemaVersion") } ?? 0
        return (try SchemaCoding.decode(bytes), version, SchemaCoding.isSynced(bytes), SchemaCoding.isLegacy(bytes))
    }

    /// An 8-byte little-endian value of `fief.meta`; other lengths are corruption.
    static func decodeU64(_ bytes: [UInt8], _ key: String) throws -> UInt64 {
        guard bytes.count == 8 else {
            throw RealmError.internalError("corrupt fief.meta entry \(key): \(bytes.count) bytes, expected 8")
        }
        return bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
    }

    static func writeSchema(_ txn: Transaction, _ schema: Schema, version: UInt64, synced: Bool) throws {
        let meta = try metaTree(txn)
        try meta.put(schemaKey, SchemaCoding.encode(schema, synced: synced))
        try meta.put(versionKey, withUnsafeBytes(of: version.littleEndian) { Array($0) })
    }

    /// The Swift classes a configuration asks for (with the classes they link to).
    static func modelTypes(_ configuration: Realm.Configuration) throws -> [ClassInfo] {
        if let explicit = configuration.objectTypes { try rejectSharedClassNames(explicit) }
        // The automatic schema of a realm that cannot hold asymmetric classes leaves them out.
        var pending = configuration.objectTypes
            ?? Self.firstClassPerName(ClassInfo.discoveredTypes).filter { configuration.allowsAsymmetricObjects || !($0 is AsymmetricObject.Type) }
        var seen: Set<ObjectIdentifier> = []
        var names: [String: ObjectIdentifier] = [:]
        if configuration.objectTypes == nil {
            for type in pending { names[type.className()] = ObjectIdentifier(type) }
        }
        var infos: [ClassInfo] = []
        while let type = pending.popLast() {
            guard seen.insert(ObjectIdentifier(type)).inserted else { continue }
            // Without objectTypes, a class name two Swift classes claim (versions of one model
            // in a process's tests, say) takes the first discovered, so that the automatic
            // schema does not change with the order classes are met in.
            if configuration.objectTypes == nil {
                let claimed = names[type.className(), default: ObjectIdentifier(type)]
                guard claimed == ObjectIdentifier(type) else { continue }
                names[type.className()] = claimed
            }
            let info = try ClassInfo.discover(type)
            infos.append(info)
            if configuration.objectTypes == nil { pending.append(contentsOf: info.linkedTypes.compactMap { $0 }) }
        }
        try validateBacklinks(infos)
        try AsymmetricRules.checkAllowed(infos, in: configuration)
        if let explicit = configuration.objectTypes {
            let names = Set(explicit.map { $0.className() })
            for info in infos {
                for (p, linked) in zip(info.properties, info.linkedTypes) where linked != nil && p.type != .linkingObjects {
                    if !names.contains(p.objectClassName!) {
                        throw RealmError.invalidSchema("\(info.schema.className).\(p.name) links to \(p.objectClassName!), which is not in objectTypes")
                    }
                }
            }
        }
        return infos
    }

    /// Two different Swift classes with one class name in one schema would store into one
    /// table: RealmSwift refuses it, and so does Fief (naming both classes).
    private static func rejectSharedClassNames(_ types: [ObjectBase.Type]) throws {
        var byName: [String: ObjectBase.Type] = [:]
        for type in types {
            let name = type.className()
            if let other = byName[name], other != type {
                throw RealmError.invalidSchema("Object type '\(name)' has more than one definition in objectTypes: \(String(reflecting: other)) and \(String(reflecting: type)); give one of them another className()")
            }
            byName[name] = type
        }
    }

    /// The first discovered class of each class name, in discovery order.
    private static func firstClassPerName(_ types: [ObjectBase.Type]) -> [ObjectBase.Type] {
        var taken: Set<String> = []
        return types.filter { taken.insert($0.className()).inserted }
    }

    /// Every `LinkingObjects` property must name a property of its origin class that links
    /// back to the declaring class.
    static func validateBacklinks(_ infos: [ClassInfo]) throws {
        for info in infos {
            for (p, linked) in zip(info.properties, info.linkedTypes) where p.type == .linkingObjects {
                guard let origin = linked else { continue }
                let originInfo = try ClassInfo.discover(origin)
                let name = p.linkOriginPropertyName ?? ""
                guard let target = originInfo.schema[name] else {
                    throw RealmError.invalidSchema("\(info.schema.className).\(p.name): origin property '\(name)' does not exist on \(originInfo.schema.className)")
                }
                guard target.type == .object, target.objectClassName == info.schema.className else {
                    throw RealmError.invalidSchema("\(info.schema.className).\(p.name): \(originInfo.schema.className).\(name) does not link to \(info.schema.className)")
                }
            }
        }
    }

    /// Whether opening `configuration` would need a migration (used by deleteRealmIfMigrationNeeded).
    static func needsMigration(_ configuration: Realm.Configuration) throws -> Bool {
        guard let url = configuration.fileURL, FileManager.default.fileExists(atPath: url.path) else { return false }
        var options = configuration.storageOptions
        options.readOnly = true
        let store = try Store(path: url.path, options: options)
        guard let (schema, _) = try store.read({ try readSchema($0) }) else { return false }
        let plan = SchemaPlan(file: schema, models: try modelTypes(configuration), removeOthers: configuration.objectTypes != nil)
        return !plan.differences.isEmpty
    }

    static func open(_ realm: Realm) throws {
        let configuration = realm.configuration
        let models = try modelTypes(configuration)
        let record = try realm.coordinator.store.read { try readSchemaRecord($0) }
        let existing = record.map { ($0.schema, $0.version) }
        if let record, record.synced != configuration.recordsSyncHistory, !(record.synced && configuration.readOnly), !configuration.convertsCopy {
            throw RealmError.invalidConfiguration(record.synced
                ? "\(configuration.fileURL?.path ?? "the realm") is a synced realm: open it with a sync configuration (or read-only)"
                : "\(configuration.fileURL?.path ?? "the realm") is a local realm and cannot be opened as a synced realm: copy its data with writeCopy(configuration:)")
        }
        let file = existing?.0 ?? Schema([])
        let fileVersion = existing?.1 ?? 0
        if existing != nil && configuration.schemaVersion < fileVersion {
            throw RealmError.schemaVersionTooOld(file: fileVersion, configuration: configuration.schemaVersion)
        }
        var plan = SchemaPlan(file: file, models: models, removeOthers: false)
        let needsMigration = !plan.differences.isEmpty
        if needsMigration && configuration.recordsSyncHistory && !configuration.convertsCopy {
            // Every copy of a synced realm shares one schema: a change other copies cannot
            // follow (a removed or retyped property, a new primary key) is refused.
            throw RealmError.destructiveSyncedSchemaChange(plan.differences.filter { !$0.hasSuffix("has been added.") })
        }
        if needsMigration && (existing == nil || configuration.schemaVersion == fileVersion) {
            throw RealmError.schemaMismatch(plan.differences)
        }
        let versionChanged = existing == nil || configuration.schemaVersion != fileVersion
        // A record older than the current version is rewritten at the first open for writing,
        // before this code adds index entries that list several objects (FORMAT.md II.3).
        let upgradesRecord = record?.legacy ?? false
        if configuration.readOnly || (!plan.hasChanges && !versionChanged && !upgradesRecord) {
            guard !plan.hasChanges || !configuration.readOnly else {
                throw RealmError.readOnly("the file's schema needs changes but the realm is read-only")
            }
            bind(realm, plan.newSchema, models, version: existing == nil ? configuration.schemaVersion : fileVersion)
            return
        }
        let (base, version, changeset) = try realm.coordinator.store.write { txn in
            let session = WriteSession(txn: txn, recordsSync: configuration.recordsSyncHistory)
            if configuration.recordsSyncHistory { session.undoLog = UndoLog() }
            realm.session = session
            realm.transactionChanged()
            defer { realm.session = nil; realm.transactionChanged() }
            for instruction in plan.instructions { session.changeset.append(instruction) }
            if let sync = session.sync { realm.recordSyncSchema(plan.instructions, plan.newSchema, sync) }
            bind(realm, plan.newSchema, models, version: configuration.schemaVersion)
            for name in plan.indexesToDrop { _ = try txn.dropTree(name) }
            for (className, property) in plan.indexesToBuild { try buildIndex(realm, className, property) }
            if needsMigration || (existing != nil && versionChanged) {
                let migration = Migration(realm: realm, oldSchema: file, plan: plan)
                Logger.emit(.info, "Migrating \(configuration.storeIdentity) from schema version \(fileVersion) to \(configuration.schemaVersion)"
                                   + (configuration.migrationBlock == nil ? " (no migration block)" : ""))
                if let block = configuration.migrationBlock { block(migration, fileVersion) }
                try migration.finish()
                for name in migration.deletedClasses where !models.contains(where: { $0.schema.className == name }) {
                    plan.removeClass(name)
                    _ = try txn.dropTree("c." + name)
                    for property in file[name]?.properties ?? [] { _ = try txn.dropTree("i.\(name).\(property.column)") }
                }
                if let error = realm.pendingWriteError { throw error }
            }
            try LinkCleanup.run(realm, session)
            try TableStore.flush(session)
            try writeSchema(txn, plan.newSchema, version: configuration.schemaVersion, synced: configuration.recordsSyncHistory)
            if configuration.recordsSyncHistory { try realm.recordSyncHistory(session, realm.currentSyncChangeset) }
            return (txn.version, txn.commitVersion ?? 0, session.changeset.changeset)
        }
        realm.coordinator.recordCommit(base: base, version: version, changeset)
        bind(realm, plan.newSchema, models, version: configuration.schemaVersion)
    }

    /// Indexes the current values of an indexed property (new, or newly indexed), named by
    /// its persisted name.
    static func buildIndex(_ realm: Realm, _ className: String, _ property: String) throws {
        guard let binding = realm.binding(named: className), let column = binding.column(persisted: property),
              column.indexTree != nil else { return }
        let store = try realm.table(binding)
        let index = IndexStore(txn: store.txn, column: column, directory: store.directory)
        var entries: [(StoredValue, UInt64)] = []
        try store.forEachCluster([column]) { rows in
            for r in 0..<rows.count { entries.append((rows.value(0, r), rows.key(r))) }
            return true
        }
        for (value, key) in entries { try index.add(value, key) }
    }

    /// Adds classes first used inside a write transaction.
    static func addClasses(_ types: [ObjectBase.Type], to realm: Realm) throws {
        guard let session = realm.session else { throw RealmError.notInWriteTransaction }
        var infos = try types.map { try ClassInfo.discover($0) }
        var pending = infos.flatMap { $0.linkedTypes.compactMap { $0 } }
        while let t = pending.popLast() {
            guard realm.binding(named: t.className()) == nil && !infos.contains(where: { $0.type == t }) else { continue }
            let info = try ClassInfo.discover(t)
            infos.append(info)
            pending.append(contentsOf: info.linkedTypes.compactMap { $0 })
        }
        try validateBacklinks(infos)
        try AsymmetricRules.checkAllowed(infos, in: realm.configuration)
        let bound = realm.allBindings.compactMap(\.info)
        let plan = SchemaPlan(file: realm.schema, models: bound + infos, removeOthers: false)
        guard plan.differences.isEmpty else { throw RealmError.schemaMismatch(plan.differences) }
        for instruction in plan.instructions { session.changeset.append(instruction) }
        if let sync = realm.activeSyncRecorder { realm.recordSyncSchema(plan.instructions, plan.newSchema, sync) }
        try writeSchema(session.txn, plan.newSchema, version: realm.schemaVersion, synced: realm.configuration.recordsSyncHistory)
        bind(realm, plan.newSchema, bound + infos, version: realm.schemaVersion)
    }

    /// Re-reads the schema when another realm instance changed it.
    static func reloadIfChanged(_ realm: Realm) throws {
        let txn = try realm.currentTxn()
        guard let meta = try txn.tree(metaTreeName) else { return }
        // Most transactions find the record the realm last checked: compared in place, it is
        // neither copied nor decoded again.
        if let checked = realm.checkedSchemaRecord,
           try schemaKey.withUnsafeBytes({ key in try meta.withValue(forKey: key) { Self.equalBytes($0, checked) } }) == true {
            return
        }
        guard let bytes = try meta.get(schemaKey) else { return }
        let schema = try SchemaCoding.decode(bytes)
        if !schema.isStoredIdentically(to: realm.schema.fileForm) {
            let version = try meta.get(versionKey).map { try decodeU64($0, "schemaVersion") } ?? 0
            bind(realm, schema, realm.allBindings.compactMap(\.info), version: version)
        }
        realm.checkedSchemaRecord = bytes
    }

    /// Whether the stored bytes are `bytes`, compared in place.
    private static func equalBytes(_ stored: UnsafeRawBufferPointer, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { bytes in
            bytes.count == stored.count && (bytes.isEmpty || memcmp(bytes.baseAddress!, stored.baseAddress!, bytes.count) == 0)
        }
    }

    /// Binds the classes of `schema` (in either form) to the Swift models, naming their
    /// properties as the models do, and records the schema version.
    static func bind(_ realm: Realm, _ schema: Schema, _ models: [ClassInfo], version: UInt64) {
        var byName: [String: ClassInfo] = [:]
        for info in models { byName[info.schema.className] = info }
        let schema = schema.modelForm(byName)
        realm.schemaVersion = version
        realm.setSchema(schema, bindings: schema.objectSchema.map { TableBinding(schema: $0, info: byName[$0.className]) })
    }
}
