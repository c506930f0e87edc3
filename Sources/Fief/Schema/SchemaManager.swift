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
        guard let meta = try txn.tree(metaTreeName), let bytes = try meta.get(schemaKey) else { return nil }
        let version = try meta.get(versionKey).map { b in b.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) } } ?? 0
        return (try SchemaCoding.decode(bytes), version)
    }

    static func writeSchema(_ txn: Transaction, _ schema: Schema, version: UInt64) throws {
        let meta = try metaTree(txn)
        try meta.put(schemaKey, SchemaCoding.encode(schema))
        try meta.put(versionKey, withUnsafeBytes(of: version.littleEndian) { Array($0) })
    }

    /// The Swift classes a configuration asks for (with the classes they link to).
    static func modelTypes(_ configuration: Realm.Configuration) throws -> [ClassInfo] {
        var pending = configuration.objectTypes ?? ClassInfo.discoveredTypes
        var seen: Set<ObjectIdentifier> = []
        var infos: [ClassInfo] = []
        while let type = pending.popLast() {
            guard seen.insert(ObjectIdentifier(type)).inserted else { continue }
            let info = try ClassInfo.discover(type)
            infos.append(info)
            if configuration.objectTypes == nil { pending.append(contentsOf: info.linkedTypes.compactMap { $0 }) }
        }
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
        let existing = try realm.coordinator.store.read { try readSchema($0) }
        let file = existing?.0 ?? Schema([])
        let fileVersion = existing?.1 ?? 0
        if existing != nil && configuration.schemaVersion < fileVersion {
            throw RealmError.schemaVersionTooOld(file: fileVersion, configuration: configuration.schemaVersion)
        }
        let plan = SchemaPlan(file: file, models: models, removeOthers: false)
        let needsMigration = !plan.differences.isEmpty
        if needsMigration && (existing == nil || configuration.schemaVersion == fileVersion) {
            throw RealmError.schemaMismatch(plan.differences)
        }
        let versionChanged = existing == nil || configuration.schemaVersion != fileVersion
        if configuration.readOnly || (!plan.hasChanges && !versionChanged) {
            guard !plan.hasChanges || !configuration.readOnly else {
                throw RealmError.readOnly("the file's schema needs changes but the realm is read-only")
            }
            bind(realm, plan.newSchema, models)
            return
        }
        try realm.coordinator.store.write { txn in
            realm.session = WriteSession(txn: txn)
            realm.transactionChanged()
            defer { realm.session = nil; realm.transactionChanged() }
            bind(realm, plan.newSchema, models)
            if needsMigration || (existing != nil && versionChanged) {
                let migration = Migration(realm: realm, oldSchema: file, plan: plan)
                if let block = configuration.migrationBlock { block(migration, fileVersion) }
                try migration.finish()
            }
            for instruction in plan.instructions { realm.session!.changeset.append(instruction) }
            try TableStore.flush(realm.session!)
            try writeSchema(txn, plan.newSchema, version: configuration.schemaVersion)
        }
        realm.epoch &+= 1
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
        let bound = realm.allBindings.compactMap(\.info)
        let plan = SchemaPlan(file: realm.schema, models: bound + infos, removeOthers: false)
        guard plan.differences.isEmpty else { throw RealmError.schemaMismatch(plan.differences) }
        for instruction in plan.instructions { session.changeset.append(instruction) }
        try writeSchema(session.txn, plan.newSchema, version: realm.schemaVersion)
        bind(realm, plan.newSchema, bound + infos)
    }

    /// Re-reads the schema when another realm instance changed it.
    static func reloadIfChanged(_ realm: Realm) throws {
        guard let (schema, version) = try readSchema(try realm.currentTxn()), schema != realm.schema else { return }
        let models = realm.allBindings.compactMap(\.info)
        realm.schemaVersion = version
        bind(realm, schema, models)
    }

    static func bind(_ realm: Realm, _ schema: Schema, _ models: [ClassInfo]) {
        var byName: [String: ClassInfo] = [:]
        for info in models { byName[info.schema.className] = info }
        realm.schemaVersion = realm.configuration.schemaVersion
        realm.setSchema(schema, bindings: schema.objectSchema.map { TableBinding(schema: $0, info: byName[$0.className]) })
    }
}
