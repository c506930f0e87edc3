import FiefStorage
import Foundation

extension Realm {
    /// What `add` and `create` do when an object with the same primary key exists.
    public enum UpdatePolicy: Sendable {
        /// Fail the write with ``RealmError/duplicatePrimaryKey(className:value:)``.
        case error
        /// Update the existing object, writing only properties whose values differ.
        case modified
        /// Update the existing object, writing every property given.
        case all
    }

    // MARK: Write transactions

    /// Runs `block` in a write transaction and commits it, returning the block's value. If
    /// the block throws, or an operation inside it failed, nothing is committed and the
    /// error is thrown. The observers registered with `tokens` are not told about this
    /// transaction's changes (their view still moves past them).
    ///
    /// ```swift
    /// try realm.write {
    ///     realm.add(dog)
    ///     dog.age += 1
    /// }
    /// let id = try realm.write(withoutNotifying: [token]) { realm.create(Dog.self).id }
    /// ```
    @discardableResult
    public func write<Result>(withoutNotifying tokens: [NotificationToken] = [], _ block: () throws -> Result) throws -> Result {
        try beginWriteTransaction()
        let result: Result
        do {
            result = try block()
        } catch {
            if isInWriteTransaction { cancelWrite() }
            throw error
        }
        if isInWriteTransaction { try commitWrite(withoutNotifying: tokens) }
        return result
    }

    /// Starts a write transaction, waiting (blocking the thread) for any other writer on the
    /// file. End it with ``commitWrite(withoutNotifying:)`` or ``cancelWrite()``. In async
    /// code use ``asyncWrite(_:isolation:)``, which waits without blocking.
    ///
    /// As in RealmSwift, this does not throw: calling it on a frozen or read-only realm, or
    /// inside a write transaction, is a programming error and stops the program with a
    /// message, and so does a failure of the file to start a transaction. ``write(withoutNotifying:_:)``
    /// reports all of these as thrown errors instead.
    ///
    /// ```swift
    /// realm.beginWrite()
    /// realm.add(dog)
    /// try realm.commitWrite()
    /// ```
    public func beginWrite() {
        do {
            try beginWriteTransaction()
        } catch {
            preconditionFailure("beginWrite(): \(error)")
        }
    }

    /// Starts a write transaction, throwing what `beginWrite()` traps on.
    func beginWriteTransaction() throws {
        try checkCanWrite()
        coordinator.writeQueue.acquireBlocking()
        do {
            try openWriteTransaction()
        } catch {
            coordinator.writeQueue.release()
            throw error
        }
    }

    func checkCanWrite() throws {
        checkIsolation()
        guard !isFrozen else { throw RealmError.readOnly("the realm is frozen") }
        guard !configuration.readOnly else { throw RealmError.readOnly("the realm was opened read-only") }
        guard session == nil else { throw RealmError.alreadyInWriteTransaction }
    }

    /// Opens the storage write transaction; the caller holds the write queue.
    func openWriteTransaction() throws {
        readTxn?.abort()
        readTxn = nil
        do {
            session = WriteSession(txn: try coordinator.store.beginWrite(), recordsSync: configuration.recordsSyncHistory)
            if configuration.recordsSyncHistory { session!.undoLog = UndoLog() }
        } catch {
            transactionChanged()
            throw RealmError.wrap(error)
        }
        pendingWriteError = nil
        transactionChanged()
        try? SchemaManager.reloadIfChanged(self)
    }

    /// Commits the write transaction. Throws (and rolls back) if an operation inside it failed.
    ///
    /// The write lock is released once the transaction's pages are written; the wait for the
    /// sync to disk comes after, so writers on other threads that commit meanwhile share one
    /// sync (group commit). The call returns when this transaction is durable.
    public func commitWrite(withoutNotifying tokens: [NotificationToken] = []) throws {
        let (session, changeset) = try prepareCommit()
        let ticket: CommitTicket
        do {
            ticket = try session.txn.commitDeferringSync()
        } catch {
            failCommit(session, error)
            throw RealmError.wrap(error)
        }
        finishCommit(session, changeset, withoutNotifying: tokens)
        do {
            try coordinator.store.waitUntilDurable(ticket)
        } catch {
            throw RealmError.wrap(error)
        }
    }

    /// Writes the transaction's buffered changes to its storage transaction; what remains is
    /// the storage commit itself.
    func prepareCommit() throws -> (WriteSession, Changeset) {
        guard let session else { throw RealmError.notInWriteTransaction }
        if let error = pendingWriteError {
            cancelWrite()
            throw error
        }
        do {
            try LinkCleanup.run(self, session)
            try TableStore.flush(session)
            if configuration.recordsSyncHistory { try recordSyncHistory(session, currentSyncChangeset) }
        } catch {
            failCommit(session, error)
            throw RealmError.wrap(error)
        }
        return (session, session.changeset.changeset)
    }

    func failCommit(_ session: WriteSession, _ error: Swift.Error) {
        self.session = nil
        session.txn.abort()
        transactionChanged()
        coordinator.writeQueue.release()
        try? SchemaManager.reloadIfChanged(self)
    }

    func finishCommit(_ session: WriteSession, _ changeset: Changeset, withoutNotifying tokens: [NotificationToken]) {
        let version = session.txn.commitVersion ?? 0
        coordinator.recordCommit(base: session.txn.version, version: version, changeset)
        // The cluster starts this transaction ended with are those of the version it made.
        applyPendingClusterRemovals(session)
        var changed: [String: [UInt64]] = [:]
        var forgotten = session.droppedClasses
        for case let store? in stores where store.session === session {
            if let starts = store.directory.loadedStarts {
                changed[store.binding.className] = starts
            } else {
                forgotten.insert(store.binding.className)
            }
        }
        coordinator.directories.advance(from: session.txn.version, to: version, changed: changed, dropped: forgotten)
        self.session = nil
        transactionChanged()
        coordinator.writeQueue.release()
        coordinator.announceCommit(except: self)
        Logger.emit(.debug, Self.commitMessage(version, configuration.storeIdentity, changeset))
        notifier.deliver(self, skipping: Set(tokens))
    }

    /// Discards the write transaction's changes.
    public func cancelWrite() {
        guard let session else { return }
        session.txn.abort()
        self.session = nil
        pendingWriteError = nil
        transactionChanged()
        coordinator.writeQueue.release()
        try? SchemaManager.reloadIfChanged(self)
    }

    /// Traps, as Realm does, when a non-throwing write operation is used outside a write
    /// transaction: it is a programming error, not a runtime condition.
    func requireWriteTransaction(_ function: StaticString = #function) {
        precondition(session != nil, "\(function): cannot modify a realm outside of a write transaction (use realm.write { }).")
    }

    /// Records the first failure of a non-throwing write operation; the transaction then
    /// fails when it ends.
    func fail(_ error: Swift.Error) {
        if pendingWriteError == nil { pendingWriteError = RealmError.wrap(error) }
    }

    /// The changeset of the current write transaction so far.
    var currentChangeset: Changeset? { session?.changeset.changeset }

    // MARK: Adding

    /// Adds an unmanaged object (and the unmanaged objects it links to) to the realm. With a
    /// primary key that exists already, `update` decides (see ``UpdatePolicy``). Adding an
    /// object this realm already manages does nothing.
    public func add(_ object: Object, update: UpdatePolicy = .error) {
        requireWriteTransaction()
        guard pendingWriteError == nil else { return }
        do { try addObject(object, update: update) } catch { fail(error) }
    }

    /// Adds every object of a sequence.
    public func add<S: Sequence>(_ objects: S, update: UpdatePolicy = .error) where S.Iterator.Element: Object {
        for object in objects { add(object, update: update) }
    }

    /// RealmSwift's older form of ``add(_:update:)``: `true` is `.all`, `false` `.error`.
    @available(*, deprecated, message: "Pass .error, .modified or .all")
    public func add(_ object: Object, update: Bool) {
        add(object, update: update ? .all : .error)
    }

    /// RealmSwift's older form of ``add(_:update:)`` for a sequence: `true` is `.all`, `false` `.error`.
    @available(*, deprecated, message: "Pass .error, .modified or .all")
    public func add<S: Sequence>(_ objects: S, update: Bool) where S.Iterator.Element: Object {
        add(objects, update: update ? .all : .error)
    }

    /// Creates an object from `value` (a dictionary of property values, an array in property
    /// order, or another object) and returns it, managed. With a primary key that exists and
    /// `update` `.modified` or `.all`, only the properties present in `value` are changed.
    ///
    /// ```swift
    /// realm.create(Settings.self, value: ["id": 1, "showToolbar": false], update: .modified)
    /// ```
    @discardableResult
    public func create<T: Object>(_ type: T.Type, value: Any = [String: Any](), update: UpdatePolicy = .error) -> T {
        requireWriteTransaction()
        let object = T()
        guard pendingWriteError == nil else { return object }
        do {
            let given = DynamicAccess.assign(object, from: value)
            try addObject(object, update: update, onlyProperties: given)
            return object
        } catch {
            fail(error)
            return object
        }
    }

    /// The debug log line of a commit (built only when the logger reports debug messages).
    private static func commitMessage(_ version: UInt64, _ identity: String, _ changeset: Changeset) -> String {
        let count = changeset.spelledOutCount
        return "Committed version \(version) of \(identity): \(count) \(count == 1 ? "change" : "changes")"
    }

    /// Inserts or upserts one unmanaged object, which is managed afterwards (an object this
    /// realm manages already is left as it is). Returns nothing: the caller has the object, and
    /// returning it costs a retain and a release an added object.
    func addObject(_ object: ObjectBase, update: UpdatePolicy, onlyProperties: Set<String>? = nil) throws {
        guard let session else { throw RealmError.notInWriteTransaction }
        // Linked unmanaged objects are added with the same policy.
        let outerPolicy = linkPolicy
        linkPolicy = update
        defer { linkPolicy = outerPolicy }
        if let state = object._managed {
            guard state.rowRealm === self else { throw RealmError.wrongRealm("\(state.rowTable.className) belongs to another realm instance") }
            return
        }
        let type = Swift.type(of: object)
        let binding = try self.binding(for: type)
        guard let info = binding.info else { throw RealmError.unknownClass(binding.className) }
        let context = _RealmContext(realm: self)
        // One lookup of the class's store for the whole add (see `insertRow`).
        let store = try table(binding, in: session)
        // Primary key first, to find an existing object before linking anything.
        var existing: UInt64?
        var key: UInt64
        // Assigned once (replacing a `.null` costs a call to destroy it).
        let pkValue: StoredValue
        let pkIndex = binding.primaryKey == nil ? nil : binding.primaryKeySwiftIndex
        if let pkIndex {
            pkValue = try info.storedValue(of: object, pkIndex, context)
        } else {
            pkValue = .null
        }
        if pkIndex != nil {
            if let found = try findPrimaryKey(in: store, pkValue)?.key {
                guard update != .error else {
                    throw RealmError.duplicatePrimaryKey(className: binding.className, value: DynamicAccess.describe(pkValue))
                }
                existing = found
            }
        }
        if let existing {
            key = existing
            let sync = activeSyncRecorder
            for (i, property) in info.properties.enumerated() where property.isStored && !property.isPrimary {
                if let only = onlyProperties, !only.contains(property.name) { continue }
                let column = binding.swiftColumns[i]
                var value = try info.storedValue(of: object, i, context)
                try checkValue(value, for: property)
                let current = column.collection == .set || update == .modified ? try store.read(key, column) : nil
                if column.collection == .set { value = setWrittenWhole(value, over: current, column) }
                if update == .modified, current == value { continue }
                let old = try store.update(key, column, value)
                try deleteOrphanedEmbedded(column, old: old, new: value)
                session.changeset.append(.set(className: binding.className, key: key, property: property.columnName, value: value))
                if let sync { try recordSyncSet(binding, key, column, old: old, new: value, sync) }
            }
            object.becomeManaged(realm: self, table: binding, key: key)
            info.makeManaged(object)
            return
        }
        if binding.keyIsPrimaryKey, case .int(let i) = pkValue {
            key = TableBinding.key(forIntPrimaryKey: i)
        } else {
            key = try nextKey(binding)
        }
        // Claim the key before converting links, so cycles of unmanaged objects resolve to it.
        object.becomeManaged(realm: self, table: binding, key: key)
        let sync = activeSyncRecorder
        if let sync { recordSyncCreate(binding, key, primaryKey: pkValue, sync) }
        // The row is gathered on the stack (a heap block only for a class too large for it):
        // no allocation an object, and nothing shared between the nesting levels of linked
        // objects added inside this one.
        session.objectsBeingAdded.append(ObjectIdentifier(object))
        defer { session.objectsBeingAdded.removeLast() }
        try withUnsafeTemporaryAllocation(of: StoredValue.self, capacity: info.fields.count) { scratch in
            try insertNewRow(object, key, into: scratch, info, store, primaryKey: pkValue, context, sync, session)
        }
        info.makeManaged(object)
    }

    /// The rest of ``addObject(_:update:onlyProperties:)`` for a new object whose key is
    /// claimed: gathers the values not read in place into `scratch` (uninitialized, one slot
    /// per field, left uninitialized again), checks them, and inserts the object into `store`.
    @inline(__always)
    private func insertNewRow(_ object: ObjectBase, _ key: UInt64, into scratch: UnsafeMutableBufferPointer<StoredValue>,
                              _ info: ClassInfo, _ store: TableStore, primaryKey: StoredValue, _ context: _RealmContext,
                              _ sync: SyncRecorder?, _ session: WriteSession) throws {
        let binding = store.binding
        let gathered = scratch.baseAddress!
        do { try info.gatherValues(of: object, context, into: gathered) } catch { object.becomeUnmanaged(); throw error }
        // Once the insert has moved every gathered value into the store, the slots hold only
        // `.null`, which needs no deinitialization (skipping it saves a call per value).
        var rowIsMoved = false
        defer { if !rowIsMoved { info.deinitializeGathered(gathered) } }
        // Checked first: the search over an empty array still makes its iterator. (The
        // properties it lists are read through their type: the slots have their values.)
        if !binding.requiredSwiftIndices.isEmpty, let missing = binding.requiredSwiftIndices.first(where: { scratch[$0].isNull }) {
            object.becomeUnmanaged()
            throw Self.requiredValueError(info.properties[missing])
        }
        try info.rowReads.withUnsafeBufferPointer { reads in
            let row = UnmanagedObjectRow(object: UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()), reads: reads, gathered: gathered)
            if binding.rowIsInSwiftOrder {
                try insertRow(store, key, row, primaryKey: primaryKey, sync, session)
                // The store took the gathered values.
                assert(info.gatheredFields.allSatisfy { scratch[$0].isNull }, "a value of the added row was not moved into the store")
                rowIsMoved = true
            } else {
                var reordered = Array(repeating: StoredValue.null, count: binding.columns.count)
                for i in scratch.indices { reordered[binding.swiftColumns[i].position] = row.value(i) }
                for position in binding.unmodelledPositions { reordered[position] = binding.columns[position].defaultValue }
                try reordered.withUnsafeMutableBufferPointer {
                    try insertRow(store, key, TakenRow(values: $0.baseAddress!), primaryKey: primaryKey, sync, session)
                }
            }
        }
    }

    /// Inserts a new object's row (positions in `binding.columns` order) into `store`, the
    /// class's store that `table(_:)` gave before the object's values were read, and records it
    /// in `session`, the write transaction's (passed in: reading `self.session` again costs a
    /// retain and a release). Rows of `StoredValue`s are moved into the store: they hold
    /// `.null` in the stored values' places after.
    @inline(__always)
    private func insertRow<Row: NewRowSource>(_ store: TableStore, _ key: UInt64, _ row: Row, primaryKey: StoredValue,
                                             _ sync: SyncRecorder?, _ session: WriteSession) throws {
        let binding = store.binding
        // Reading the values may have added linked objects, and a write-back they caused may
        // have removed clusters from the cached directories; the store itself stays the same.
        applyPendingClusterRemovals(session)
        assert(stores[binding.tableID] === store, "the class's store changed while its object was added")
        let recorded = sync == nil ? nil : binding.columns.indices.map { row.value($0) }
        try store.insert(key, from: row, in: session)
        epoch &+= 1
        session.changeset.appendCreation(className: binding.className, tableID: binding.tableID, key: key, primaryKey: primaryKey)
        if let sync, let recorded { try recordSyncInitialValues(binding, key, recorded, sync) }
    }

    /// A fresh object key from the class's sequence (stored in `fief.meta`).
    func nextKey(_ binding: TableBinding) throws -> UInt64 {
        guard let session else { throw RealmError.notInWriteTransaction }
        let name = "seq." + binding.className
        var next: UInt64
        if let cached = session.sequences[binding.className] {
            next = cached
        } else {
            let meta = try SchemaManager.metaTree(session.txn)
            next = try meta.get(Array(name.utf8)).map { try SchemaManager.decodeU64($0, name) } ?? 0
        }
        session.sequences[binding.className] = next + 1
        let meta = try SchemaManager.metaTree(session.txn)
        try meta.put(Array(name.utf8), withUnsafeBytes(of: (next + 1).littleEndian) { Array($0) })
        return next
    }

    /// The key a link property stores for `object`, adding it first if it is unmanaged.
    func keyForLinking(_ object: ObjectBase) throws -> UInt64 {
        if let state = object._managed {
            guard state.rowRealm === self else { throw RealmError.wrongRealm("linked \(state.rowTable.className) belongs to another realm instance") }
            // A deleted object's handle names a key nothing holds: a link to it would point
            // at nothing here, and at whatever other copies make of it after sync. (A new
            // object being added has its key before its row: a cycle links back to it.)
            guard objectExists(object) || session?.objectsBeingAdded.contains(ObjectIdentifier(object)) == true else {
                throw RealmError.objectDeleted(state.rowTable.className)
            }
            return state.rowKey
        }
        guard let session else { throw RealmError.notInWriteTransaction }
        try session.graphRecursion.descend { try addObject(object, update: object is EmbeddedObject ? .error : linkPolicy) }
        return object.rowKey
    }

    // MARK: Deleting

    /// Deletes a managed object (and the embedded objects it owns).
    public func delete(_ object: ObjectBase) {
        requireWriteTransaction()
        guard pendingWriteError == nil else { return }
        do { try deleteObject(object) } catch { fail(error) }
    }

    /// Deletes every object of a sequence (a `Results`, a `List`, an array...).
    public func delete<S: Sequence>(_ objects: S) where S.Iterator.Element: ObjectBase {
        let all = Array(objects)
        for object in all { delete(object) }
    }

    /// Deletes every object in the realm.
    public func deleteAll() {
        requireWriteTransaction()
        guard pendingWriteError == nil else { return }
        do {
            guard let session else { throw RealmError.notInWriteTransaction }
            if session.undoLog != nil {
                // A synced realm deletes row by row, so that the undo log holds every object.
                for binding in allBindings.sorted(by: { $0.className < $1.className }) where !binding.isEmbedded {
                    for key in try table(binding).allKeys() where try table(binding).exists(key) { try deleteRow(binding, key, session) }
                }
                return
            }
            let sync = activeSyncRecorder
            for binding in allBindings.sorted(by: { $0.className < $1.className }) {
                let store = try table(binding)
                for key in try store.allKeys() {
                    if let sync, !binding.isEmbedded {
                        sync.append(.eraseObject(className: binding.className, object: try syncObjectID(binding, key)))
                    }
                    session.changeset.append(.eraseObject(className: binding.className, key: key))
                    session.deleted[binding.className, default: []].insert(key)
                }
                try TableStore.flush(session)
                _ = try session.txn.dropTree(binding.clusterTree)
                session.droppedClasses.insert(binding.className)
                session.modifiedTables.insert(binding.tableID)
                if binding.tableID < stores.count { stores[binding.tableID] = nil }
                for c in binding.columns { if let index = c.indexTree { _ = try session.txn.dropTree(index) } }
            }
            epoch &+= 1
        } catch { fail(error) }
    }

    func deleteObject(_ object: ObjectBase) throws {
        guard let session else { throw RealmError.notInWriteTransaction }
        guard let state = object._managed else { throw RealmError.invalidValue("can only delete an object from the realm it belongs to") }
        guard state.rowRealm === self else { throw RealmError.wrongRealm(state.rowTable.className) }
        try deleteRow(state.rowTable, state.rowKey, session)
    }

    func deleteRow(_ binding: TableBinding, _ key: UInt64, _ session: WriteSession) throws {
        guard let old = try table(binding).delete(key) else { throw RealmError.objectDeleted(binding.className) }
        epoch &+= 1
        session.deleted[binding.className, default: []].insert(key)
        session.changeset.append(.eraseObject(className: binding.className, key: key))
        if !binding.isEmbedded {
            if let sync = activeSyncRecorder { try recordSyncErase(binding, key, row: old, sync) }
        }
        // Embedded objects go with their parent.
        for c in binding.columns where c.type == .object {
            guard let target = c.property.objectClassName, let tb = self.binding(named: target), tb.isEmbedded else { continue }
            var keys: [UInt64] = []
            switch old[c.position] {
            case .link(let k): keys = [k]
            case .collection(let items): keys = items.compactMap { if case .link(let k) = $0 { k } else { nil } }
            default: break
            }
            for k in keys where try table(tb).exists(k) { try session.graphRecursion.descend { try deleteRow(tb, k, session) } }
        }
    }
}
