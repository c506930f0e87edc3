import FiefStorage
import Foundation

extension Realm {
    /// Whether a realm file exists for `configuration`.
    public static func fileExists(for configuration: Configuration) -> Bool {
        guard let url = configuration.fileURL else { return false }
        return FileManager.default.fileExists(atPath: url.path)
    }

    /// Deletes the realm file of `configuration` (which must not be open). Returns whether a
    /// file existed.
    ///
    /// Throws a ``Realm/Error`` with code `.alreadyOpen` while a realm on the file is open.
    @discardableResult
    public static func deleteFiles(for configuration: Configuration) throws -> Bool {
        guard let url = configuration.fileURL else { return false }
        guard !RealmCoordinator.isOpen(configuration) else {
            throw Realm.Error(code: .alreadyOpen, reason: .invalidConfiguration("cannot delete \(url.path) while a realm on it is open"),
                              path: url.path)
        }
        guard FileManager.default.fileExists(atPath: url.path) else { return false }
        do {
            try FileManager.default.removeItem(at: url)
            // The lock file through which processes share the realm (FORMAT.md, section 11).
            try? FileManager.default.removeItem(atPath: url.path + ".lock")
        } catch {
            throw Realm.Error(code: .fileOperationFailed, reason: .invalidConfiguration("cannot delete \(url.path): \(error.localizedDescription)"),
                              path: url.path)
        }
        return true
    }

    /// Writes a compacted copy of the realm's latest version to a new file (which must not
    /// exist), encrypted with `encryptionKey` when given (64 bytes), unencrypted otherwise:
    /// this encrypts, decrypts or changes the key of a copy.
    ///
    /// ```swift
    /// try realm.writeCopy(toFile: backupURL, encryptionKey: key)
    /// ```
    public func writeCopy(toFile fileURL: URL, encryptionKey: Data? = nil) throws {
        var configuration = Configuration(fileURL: fileURL)
        configuration.encryptionKey = encryptionKey
        try writeCopy(configuration: configuration)
    }

    /// Writes a compacted copy of the realm's latest version to the file `configuration`
    /// names, with its encryption key (or none).
    ///
    /// Throws a ``Realm/Error``: `.fileExists` when the file exists, `.fileNotFound` when its
    /// directory does not.
    public func writeCopy(configuration: Configuration) throws {
        guard let url = configuration.fileURL else {
            throw Realm.Error(code: .invalidInput, reason: .invalidConfiguration("writeCopy needs a fileURL"), path: nil)
        }
        guard !FileManager.default.fileExists(atPath: url.path) else {
            throw Realm.Error(code: .fileExists, reason: .invalidConfiguration("\(url.path) already exists"), path: url.path)
        }
        if session != nil {
            throw Realm.Error(code: .fail, reason: .alreadyInWriteTransaction, path: nil)
        }
        do {
            var options = StorageOptions()
            options.encryptionKey = configuration.encryptionKey.map { Array($0) }
            try coordinator.store.writeCopy(toPath: url.path, options: options)
            if configuration.recordsSyncHistory || self.configuration.recordsSyncHistory {
                try Realm.convertCopy(configuration)
            }
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw Realm.Error.wrapping(error, path: url.path)
        }
    }

    /// Makes a fresh copy a realm of the target's kind. A synced target gets a copy that syncs
    /// as a new client of its realm and uploads everything in it (as its user); a local target
    /// gets a copy without sync history.
    private static func convertCopy(_ target: Configuration) throws {
        var configuration = target
        configuration.syncAgent = nil
        configuration.convertsCopy = true
        let copy = try Realm(opening: configuration)
        try copy.write {
            guard let session = copy.session else { throw RealmError.notInWriteTransaction }
            if target.recordsSyncHistory {
                try copy.recordContentsAsNewSyncCopy()
            } else {
                for name in try session.txn.treeNames() where name.hasPrefix("sync.") { _ = try session.txn.dropTree(name) }
            }
            try SchemaManager.writeSchema(session.txn, copy.fileSchema, version: copy.schemaVersion, synced: target.recordsSyncHistory)
        }
    }

    // MARK: Frozen snapshots

    /// An immutable snapshot of the realm's current version, readable from any thread.
    public func freeze() -> Realm {
        if isFrozen { return self }
        do {
            return Realm(frozenFrom: self, txn: try coordinator.store.beginRead())
        } catch {
            preconditionFailure("Cannot freeze: \(error)")
        }
    }

    /// A live realm on the same file, confined to the calling thread: the instance already
    /// open there for the frozen realm's configuration, or a new one (at the latest version).
    /// A live realm returns itself.
    ///
    /// ```swift
    /// let live = frozenRealm.thaw()
    /// ```
    public func thaw() -> Realm {
        guard isFrozen else { return self }
        do {
            return try Realm(configuration: configuration)
        } catch {
            preconditionFailure("thaw(): cannot open the realm at \(configuration.storeIdentity): \(error)")
        }
    }

    /// The live version of a frozen object in this (live) realm, or nil when it was deleted.
    ///
    /// ```swift
    /// let live = realm.thaw(frozenDog)
    /// ```
    public func thaw<T: ObjectBase>(_ object: T) -> T? {
        guard let state = object._managed else { return nil }
        guard state.rowRealm.isFrozen else { return state.rowRealm === self ? object : nil }
        guard let binding = self.binding(named: state.rowTable.className),
              rowExists(binding, state.rowKey) else { return nil }
        return ClassInfo.of(type(of: object)).instantiate(realm: self, table: binding, key: state.rowKey) as? T
    }

    /// A frozen copy of `object` (see ``ObjectBase/freeze()``).
    public func freeze<T: ObjectBase>(_ object: T) -> T { object.freeze() }

    /// A frozen copy of `collection` (see ``RealmCollection/freeze()``).
    public func freeze<Collection: RealmCollection>(_ collection: Collection) -> Collection { collection.freeze() }
}

extension ObjectBase {
    /// A frozen copy of this managed object: immutable, readable from any thread.
    public func freeze() -> Self {
        guard let state = _managed else { preconditionFailure("Unmanaged objects cannot be frozen.") }
        return ClassInfo.of(type(of: self)).instantiate(state.frozenRow()) as! Self
    }

    /// The live version of a frozen object, or nil if it was deleted.
    public func thaw() -> Self? {
        guard let state = _managed else { return nil }
        guard state.rowRealm.isFrozen else { return self }
        return state.rowRealm.thaw().thaw(self)
    }
}

extension Results {
    /// A frozen copy of the results.
    public func freeze() -> Results<Element> {
        reading(from: sourceRealm.freeze(), binding: binding)
    }

    /// Whether the results are frozen.
    public var isFrozen: Bool { sourceRealm.isFrozen }
}
