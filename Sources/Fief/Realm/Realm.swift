import FiefStorage
import Foundation

/// A realm: one database of objects, stored in a file or in memory.
///
/// ```swift
/// let realm = try Realm()
/// try realm.write {
///     realm.add(Dog(value: ["name": "Rex", "age": 3]))
/// }
/// let puppies = realm.objects(Dog.self).filter("age < 2")
/// ```
///
/// A `Realm` is confined to the thread or actor that opened it; open another instance (cheap:
/// the file is shared) for another thread, or pass frozen objects between them.
public final class Realm {
    /// The configuration the realm was opened with.
    public let configuration: Configuration
    /// Whether this is a sync session's own instance of its file, not one of the app's
    /// (``RealmSyncAgent/isSessionsOwnOpen``; its `configuration` shows the app's agent).
    let isSessionsOwnInstance: Bool
    let coordinator: RealmCoordinator
    /// The schema version stored in the file.
    public internal(set) var schemaVersion: UInt64 = 0
    private(set) var fileSchema: Schema
    /// The bytes of the file's schema record `fileSchema` was last found to match, so that
    /// `SchemaManager.reloadIfChanged` decodes the record only when it changed. Any new schema
    /// clears it.
    var checkedSchemaRecord: [UInt8]?
    @exclusivity(unchecked) private var bindingsByName: [String: TableBinding] = [:]
    /// Bindings by model class (`ObjectIdentifier` bits): looked up on every object access.
    @exclusivity(unchecked) private var bindingsByType = UInt64Map<TableBinding>()
    /// The binding ``binding(for:)`` returned last: a write adds objects of one class in a row
    /// (a bulk load), and this spares each the map lookup. Cleared when `setSchema` replaces
    /// the bindings (`register` only adds a binding for a class the map did not have).
    @exclusivity(unchecked) private var lastAddedBinding: TableBinding?
    @exclusivity(unchecked) var readTxn: Transaction?
    @exclusivity(unchecked) var session: WriteSession? {
        // A realm in a write transaction keeps itself alive until the transaction ends, so
        // `try Realm().beginWrite()` followed by `try Realm().create(...)` finds it cached.
        didSet { keptForWrite = session == nil ? nil : self }
    }
    private var keptForWrite: Realm?
    /// The first error of the current write transaction, rethrown when it ends.
    @exclusivity(unchecked) var pendingWriteError: Swift.Error?
    /// The update policy of the `add` in progress, applied to linked unmanaged objects.
    @exclusivity(unchecked) var linkPolicy: UpdatePolicy = .modified
    /// Changes whenever the data a cached object location could refer to may have changed.
    @exclusivity(unchecked) var epoch: UInt64 = 0
    /// How many times ``invalidate()`` released the realm's objects; objects read before
    /// the last one are invalidated.
    @exclusivity(unchecked) var generation: UInt64 = 0
    /// Identifies the realm's contents as reads see them: changes with every transaction
    /// switch and every change inside a write transaction.
    struct ChangeStamp: Equatable {
        var epoch: UInt64
        var mutations: UInt64
    }

    var changeStamp: ChangeStamp { ChangeStamp(epoch: epoch, mutations: session?.mutations ?? 0) }

    /// Table stores of the current transaction, indexed by table id.
    @exclusivity(unchecked) var stores: [TableStore?] = []
    /// Whether this is an immutable snapshot.
    public let isFrozen: Bool
    /// For a frozen realm, held by every read that fills its shared caches (see
    /// ``FrozenReadLock``); nil for a live realm, which one thread or actor uses at a time.
    let frozenReads: FrozenReadLock?

    /// Runs `body` holding the frozen realm's read lock; a live realm runs it as it is.
    @inline(__always)
    func frozenReading<T>(_ body: () throws -> T) rethrows -> T {
        let lock = frozenReads
        lock?.lock()
        defer { lock?.unlock() }
        return try body()
    }

    /// Checks (debug builds) that a frozen realm's shared caches are touched under its lock.
    @inline(__always)
    func assertReadLockHeld() {
        assert(frozenReads?.isHeldByCurrentThread ?? true, "A frozen realm's caches were read without its lock")
    }
    /// The actor the realm is isolated to, if it was opened for one.
    public internal(set) var actor: (any Actor)? {
        get { isolation.actor }
        set { isolation.actor = newValue }
    }
    /// Where this realm may be used. Set while the realm is opened; every public call reads
    /// it, so without dynamic exclusivity checks (about 80 instructions a call).
    @exclusivity(unchecked) var isolation = RealmIsolation()

    /// Whether the realm advances on its own when other realms on the file commit (the
    /// default), delivering its notifications there: a realm isolated to an actor advances on
    /// that actor, a realm confined to a queue in a block on that queue. When false, the realm
    /// stays on its version until you call ``refresh()`` (or write), and its `observe` blocks
    /// are told `.refreshRequired` instead.
    ///
    /// A realm confined to a thread advances when it refreshes or writes, whatever this says:
    /// as RealmSwift's realms on background threads without a run loop, it has nowhere to be
    /// told. The realm's own commits always notify its observers.
    ///
    /// ```swift
    /// let realm = try Realm(configuration: config, queue: queue)   // in a block on `queue`
    /// realm.autorefresh = false    // read one consistent version until refresh()
    /// ```
    public var autorefresh = true

    /// Traps with a clear message when the realm is used outside its actor or thread.
    func checkIsolation(_ function: StaticString = #function) {
        if !isFrozen { isolation.check(self, function) }
    }
    let notifier = RealmNotifier()
    /// Query texts parsed by this instance's `filter` calls.
    let parsedQueries = ParsedQueryCache()
    /// Blocks and commits of `beginAsyncWrite` / `commitAsyncWrite` still under way.
    let asyncWrites = AsyncWriteState()

    /// Opens the realm `configuration` describes, confined to the calling thread, without
    /// looking in the instance cache (the public initializers are in `Realm+Opening.swift`).
    init(opening configuration: Configuration) throws {
        isSessionsOwnInstance = configuration.syncAgent?.isSessionsOwnOpen ?? false
        var shown = configuration
        if isSessionsOwnInstance { shown.syncAgent = configuration.syncAgent?.forApp }
        self.configuration = shown
        isFrozen = false
        frozenReads = nil
        do {
            try configuration.syncAgent?.validate(configuration)
            if configuration.deleteRealmIfMigrationNeeded, configuration.inMemoryIdentifier == nil,
               !RealmCoordinator.isOpen(configuration), try SchemaManager.needsMigration(configuration) {
                _ = try Realm.deleteFiles(for: configuration)
            }
            coordinator = try RealmCoordinator.get(configuration)
            fileSchema = Schema([])
            try SchemaManager.open(self)
            coordinator.register(self, actor: nil)
        } catch {
            throw Realm.Error.wrapping(error, path: configuration.fileURL?.path)
        }
        configuration.syncAgent?.realmDidOpen(configuration)
    }

    /// A frozen copy sharing the coordinator and pinning `txn`.
    init(frozenFrom realm: Realm, txn: Transaction) {
        configuration = realm.configuration
        isSessionsOwnInstance = false
        coordinator = realm.coordinator
        schemaVersion = realm.schemaVersion
        fileSchema = realm.fileSchema
        isFrozen = true
        frozenReads = FrozenReadLock()
        readTxn = txn
        for binding in realm.bindingsByName.values { register(binding) }
    }

    /// The instance cache's table that lists this realm, and its key there.
    var instanceCacheEntry: (table: RealmInstanceTable, key: String)?

    deinit {
        // The instance cache and the coordinator list this realm without a reference to it
        // (`UnretainedReference`, which keeps its retains and releases off the runtime's slow
        // path): it leaves both before its memory is freed.
        if let (table, key) = instanceCacheEntry { table.remove(self, for: key) }
        coordinator.unregister(self)
    }

    // MARK: Schema

    /// The schema of the realm's object types.
    public var schema: Schema { fileSchema }

    func setSchema(_ schema: Schema, bindings: [TableBinding]) {
        checkedSchemaRecord = nil
        bindingsByName = [:]
        bindingsByType.removeAll()
        lastAddedBinding = nil
        for b in bindings { register(b) }
        fileSchema = schema.withModelClasses { [bindingsByName] in bindingsByName[$0]?.info?.type }
        epoch &+= 1
        parsedQueries.schemaChanged()
        // Cached embedded-object owners hold bindings of the schema being replaced.
        session?.sync?.owners = [:]
    }

    private func register(_ binding: TableBinding) {
        // A frozen realm's names are fixed once it is made: they are read without its lock.
        if frozenReads == nil || bindingsByName[binding.className] == nil { bindingsByName[binding.className] = binding }
        if let info = binding.info { bindingsByType.set(binding, for: Self.typeKey(info.type)) }
    }

    /// The key of a model class in `bindingsByType`: its metadata address.
    private static func typeKey(_ type: ObjectBase.Type) -> UInt64 { UInt64(UInt(bitPattern: ObjectIdentifier(type))) }

    var allBindings: [TableBinding] { Array(bindingsByName.values) }

    func binding(named name: String) -> TableBinding? { bindingsByName[name] }

    /// The binding for `type`; in a write transaction a class new to the file is added.
    /// Inlined for the class of the object added last (a bulk load's every object: the call
    /// and a retain of the class info cost about 40 instructions an object).
    @inline(__always)
    func binding(for type: ObjectBase.Type) throws -> TableBinding {
        if let last = lastAddedBinding, last.modelType == ObjectIdentifier(type) { return last }
        return try bindingLookingUp(type)
    }

    /// ``binding(for:)`` for a class other than the one added last.
    private func bindingLookingUp(_ type: ObjectBase.Type) throws -> TableBinding {
        if let b = try existingBinding(for: type) {
            lastAddedBinding = b
            return b
        }
        guard configuration.objectTypes == nil else { throw RealmError.unknownClass(type.className()) }
        guard session != nil else { throw RealmError.notInWriteTransaction }
        try SchemaManager.addClasses([type], to: self)
        guard let b = bindingsByType[Self.typeKey(type)] else { throw RealmError.unknownClass(type.className()) }
        return b
    }

    /// The binding of `type` if the class is in the file's schema (bound to the Swift class).
    private func existingBinding(for type: ObjectBase.Type) throws -> TableBinding? {
        if let b = bindingsByType[Self.typeKey(type)] { return b }
        guard let b = bindingsByName[type.className()], b.info == nil || b.info!.type == type else { return nil }
        let info = try ClassInfo.discover(type)
        let plan = SchemaPlan(file: Schema([b.schema]), models: [info], removeOthers: false)
        guard plan.differences.isEmpty && !plan.hasChanges else {
            throw RealmError.schemaMismatch(plan.differences.isEmpty ? ["Class '\(b.className)' differs from the file's schema."] : plan.differences)
        }
        let bound = TableBinding(schema: b.schema, info: info)
        register(bound)
        return bound
    }

    /// The binding for reading `type`, or nil if the class is not in this realm yet.
    func readBinding(for type: ObjectBase.Type) -> TableBinding? {
        // A frozen realm may bind a class on first use, from any thread: it looks under its lock.
        if frozenReads == nil, let b = bindingsByType[Self.typeKey(type)] { return b }
        return frozenReading { try? existingBinding(for: type) }
    }

    // MARK: Transactions

    /// The transaction reads go through: the write transaction, or the pinned snapshot.
    func currentTxn() throws -> Transaction {
        assertReadLockHeld()
        if let session { return session.txn }
        if let readTxn { return readTxn }
        let txn = try coordinator.store.beginRead()
        readTxn = txn
        stores = []
        return txn
    }

    /// The class's store in the current transaction, made on first use.
    func table(_ binding: TableBinding) throws -> TableStore {
        try table(binding, in: session)
    }

    /// ``table(_:)`` with the realm's write session, if any, already read: `realm.add` passes
    /// the one it holds (reading `self.session` again costs a retain and a release an added
    /// object).
    @inline(__always)
    func table(_ binding: TableBinding, in session: WriteSession?) throws -> TableStore {
        assertReadLockHeld()
        let id = binding.tableID
        if id < stores.count, let store = stores[id], store.binding === binding {
            applyPendingClusterRemovals(session)
            return store
        }
        return try makeTable(binding)
    }

    /// A new store for the class, kept for the rest of the transaction.
    private func makeTable(_ binding: TableBinding) throws -> TableStore {
        let id = binding.tableID
        let store = try TableStore(binding: binding, txn: try currentTxn(), session: session, known: coordinator.directories,
                                   pinsWholeClusters: isFrozen)
        if id >= stores.count { stores.append(contentsOf: repeatElement(nil, count: id + 1 - stores.count)) }
        stores[id] = store
        applyPendingClusterRemovals(session)
        return store
    }

    /// Drops clusters a write-back of `session` (the realm's write session, passed in by
    /// callers that hold it already) removed from the cached directories.
    @inline(__always)
    func applyPendingClusterRemovals(_ session: WriteSession?) {
        guard let session, !session.removedClusters.isEmpty else { return }
        dropRemovedClusters(session)
    }

    private func dropRemovedClusters(_ session: WriteSession) {
        for (id, starts) in session.removedClusters where id < stores.count {
            for start in starts { stores[id]?.directory.remove(start) }
        }
        session.removedClusters = [:]
    }

    /// Forgets cached cluster directories (the transaction changed).
    func transactionChanged() {
        stores = []
        epoch &+= 1
    }

    /// Advances to the latest version and delivers the notifications of what changed.
    /// Returns whether there was anything new.
    @discardableResult
    public func refresh() -> Bool {
        guard !isFrozen, session == nil else { return false }
        checkIsolation()
        let before = readTxn?.version
        notifier.deliver(self)
        if notifier.deliveredVersion == nil { advanceSnapshot() }
        // A realm that had read nothing yet had nothing to be updated.
        guard let before else { return false }
        return before != (try? currentTxn().version)
    }

    /// Moves the pinned snapshot to the latest version.
    func advanceSnapshot() {
        guard session == nil, !isFrozen else { return }
        let before = readTxn?.version
        readTxn?.abort()
        readTxn = nil
        transactionChanged()
        if before != (try? currentTxn().version) { try? SchemaManager.reloadIfChanged(self) }
    }

    /// Advances and notifies observers (called on the realm's own actor or queue after other
    /// commits); with ``autorefresh`` off, only tells realm observers that a refresh is required.
    func deliverNotifications() {
        guard autorefresh else { return notifier.announceRefreshRequired(self) }
        guard !notifier.isEmpty || readTxn != nil else { return }
        notifier.deliver(self)
    }

    /// Releases the pinned snapshot (cancelling a write transaction in progress), as
    /// RealmSwift's `invalidate()` does: the file's space held for this version can be
    /// reused, and the next read pins the latest version.
    ///
    /// Every object, list, set and map read from the realm before the call is invalidated
    /// (`isInvalidated` is true and using it stops the program); `Results` stay usable and
    /// are evaluated again on the next read.
    ///
    /// ```swift
    /// let dog = realm.objects(Dog.self).first!
    /// realm.invalidate()
    /// assert(dog.isInvalidated)
    /// ```
    public func invalidate() {
        guard !isFrozen else { return }
        checkIsolation()
        generation &+= 1
        if session != nil { cancelWrite() }
        readTxn?.abort()
        readTxn = nil
        transactionChanged()
    }

    /// Whether the realm has no objects.
    public var isEmpty: Bool {
        frozenReading { allBindings.allSatisfy { binding in
            var found = false
            // The first cluster with a row answers (clusters emptied in a write still count 0).
            try? table(binding).forEachCluster([]) { _ in found = true; return false }
            return !found
        } }
    }

    /// Whether a write transaction is open.
    public var isInWriteTransaction: Bool { session != nil }

    // MARK: Reading objects

    /// Every object of `type`, as live, lazily evaluated results.
    public func objects<Element: Object>(_ type: Element.Type) -> Results<Element> {
        checkIsolation()
        return Results(realm: self, binding: readBinding(for: type))
    }

    /// The object of `type` whose primary key is `key`, or nil.
    ///
    /// ```swift
    /// let todo = realm.object(ofType: Todo.self, forPrimaryKey: id)
    /// ```
    public func object<Element: Object, KeyType>(ofType type: Element.Type, forPrimaryKey key: KeyType) -> Element? {
        checkIsolation()
        guard let binding = readBinding(for: type), let pk = binding.primaryKey else { return nil }
        let value: StoredValue
        if KeyType.self == Int.self, pk.type == .int {
            // The common case, without a dynamic cast.
            value = .int(Int64(unsafeBitCast(key, to: Int.self)))
        } else if let int = key as? Int, pk.type == .int {
            value = .int(Int64(int))
        } else if let converted = try? DynamicAccess.storedValue(key, for: pk.property, realm: self) {
            value = converted
        } else {
            return nil
        }
        // A live realm's lookup goes straight on: `frozenReading` costs this hot path about 20
        // instructions even when there is no lock to take.
        guard frozenReads != nil else { return objectWithPrimaryKey(type, binding, value) }
        return frozenReading { objectWithPrimaryKey(type, binding, value) }
    }

    /// The object of `binding`'s class whose primary key is `value`, or nil.
    @inline(__always)
    private func objectWithPrimaryKey<T: ObjectBase>(_ type: T.Type, _ binding: TableBinding, _ value: StoredValue) -> T? {
        guard let found = try? findPrimaryKey(binding, value) else { return nil }
        return objectForKey(type, found.key, binding: binding, at: found.location)
    }

    func lookupPrimaryKey(_ binding: TableBinding, _ value: StoredValue) throws -> UInt64? {
        try findPrimaryKey(binding, value)?.key
    }

    /// The object key and row of the object whose primary key is `value`: for an Int primary
    /// key the key itself, otherwise through the primary key's index.
    func findPrimaryKey(_ binding: TableBinding, _ value: StoredValue) throws -> (key: UInt64, location: (start: UInt64, row: Int))? {
        try findPrimaryKey(in: try table(binding), value)
    }

    /// ``findPrimaryKey(_:_:)`` in the class's store, already looked up. An `Int` primary key
    /// is the object's key, looked up inline (an added object's check, in a bulk load, costs no
    /// call); other primary keys go through their index.
    @inline(__always)
    func findPrimaryKey(in store: TableStore, _ value: StoredValue) throws -> (key: UInt64, location: (start: UInt64, row: Int))? {
        guard store.binding.keyIsPrimaryKey else { return try findIndexedPrimaryKey(in: store, value) }
        guard case .int(let i) = value else { return nil }
        let key = TableBinding.key(forIntPrimaryKey: i)
        return try store.locate(key).map { (key, $0) }
    }

    /// ``findPrimaryKey(in:_:)`` for a primary key that is not the object's key.
    private func findIndexedPrimaryKey(in store: TableStore, _ value: StoredValue) throws -> (key: UInt64, location: (start: UInt64, row: Int))? {
        guard let pk = store.binding.primaryKey else { return nil }
        for key in try IndexStore(txn: store.txn, column: pk, directory: store.directory).keys(equalTo: value).keys {
            if let location = try store.locate(key), try store.read(start: location.start, row: location.row, pk) == value {
                return (key, location)
            }
        }
        return nil
    }

    /// A managed instance for an existing object key; `location`, when known, spares the
    /// object's first read a lookup.
    func objectForKey<T: ObjectBase>(_ type: T.Type, _ key: UInt64, binding: TableBinding? = nil,
                                     at location: (start: UInt64, row: Int)? = nil) -> T {
        let b = binding ?? readBinding(for: type)!
        guard frozenReads != nil else {
            return objectForKey(type, key, binding: b, at: location, pinned: location.flatMap { pinnedCluster(b, $0.start) })
        }
        // A frozen realm finds the pinned cluster itself (`placeFrozen`).
        return frozenReading { objectForKey(type, key, binding: b, at: location, pinned: nil) }
    }

    /// A managed instance for an existing object key at a known location whose cluster's
    /// pinned chunks (read transactions) the caller already looked up.
    ///
    /// In a frozen realm the object gets its location and pinned cluster here, whatever the
    /// caller knew: they cannot change, and the object's reads, from any thread, only read them.
    func objectForKey<T: ObjectBase>(_ type: T.Type, _ key: UInt64, binding: TableBinding,
                                     at location: (start: UInt64, row: Int)?, pinned: PinnedCluster?) -> T {
        let info = binding.info ?? ClassInfo.of(type)
        let object = info.instantiate(realm: self, table: binding, key: key)
        if frozenReads != nil { return placeFrozen(object, location) as! T }
        if let location {
            object.rowLocation = location
            object.rowEpoch = epoch
            object.rowPinned = pinned
        }
        return object as! T
    }

    /// Sets a new object of this frozen realm's row location and pinned cluster, before any
    /// other thread can see it.
    func placeFrozen(_ object: ObjectBase, _ known: (start: UInt64, row: Int)? = nil) -> ObjectBase {
        frozenReading {
            guard let store = try? table(object.rowTable),
                  let location = try? known ?? store.locate(object.rowKey) else { return object }
            object.rowLocation = location
            object.rowEpoch = epoch
            object.rowPinned = try? store.pinnedCluster(location.start)
            return object
        }
    }

    /// The chunks of cluster `start` of `binding`'s class pinned by the current read
    /// transaction, if it looked at that cluster (nil in write transactions).
    func pinnedCluster(_ binding: TableBinding, _ start: UInt64) -> PinnedCluster? {
        if frozenReads != nil { return frozenPinnedCluster(binding, start) }
        guard session == nil, binding.tableID < stores.count, let store = stores[binding.tableID] else { return nil }
        return store.directory.pinned[start]
    }

    /// `pinnedCluster` in a frozen realm: the cluster is pinned whole when first asked (see
    /// `placeFrozen`).
    @inline(never)
    private func frozenPinnedCluster(_ binding: TableBinding, _ start: UInt64) -> PinnedCluster? {
        frozenReading { try? table(binding).pinnedCluster(start) }
    }

    func objectExists(_ state: ObjectBase) -> Bool {
        guard state.rowRealm === self, !state.rowIsStale else { return false }
        if let deleted = session?.deleted[state.rowTable.className], deleted.contains(state.rowKey) { return false }
        // Found at this epoch (what `readValue` trusts): no lookup.
        if state.rowEpoch == epoch, state.rowLocation != nil { return true }
        return rowExists(state.rowTable, state.rowKey)
    }

    /// Whether object `key` of `binding`'s class exists in the version this realm reads (false
    /// when the file cannot be read).
    func rowExists(_ binding: TableBinding, _ key: UInt64) -> Bool {
        frozenReading { (try? table(binding).exists(key)) ?? false }
    }

    // MARK: Property access

    func readValue(_ state: ObjectBase, _ column: ColumnBinding) -> StoredValue {
        // Fast path: the object's cluster chunks are pinned in this read transaction.
        if state.rowEpoch == epoch, let pinned = state.rowPinned, let row = state.rowLocation?.row,
           let known = pinned.chunk(column.column), let (chunk, layout) = known {
            return ColumnChunk.value(chunk, layout, row: row, type: column.type, collection: column.collection)
        }
        guard frozenReads != nil else { return readThroughStore(state, column) }
        return frozenReading { readThroughStore(state, column) }
    }

    /// `readValue` past the pinned chunks: through the table store, locating the object first
    /// when its cached location is out of date.
    private func readThroughStore(_ state: ObjectBase, _ column: ColumnBinding) -> StoredValue {
        do {
            let store = try table(state.rowTable)
            let location: (start: UInt64, row: Int)
            if state.rowEpoch == epoch, let known = state.rowLocation {
                location = known
            } else {
                guard !state.rowIsStale, let found = try store.locate(state.rowKey) else {
                    preconditionFailure("Object of type '\(state.rowTable.className)' has been deleted or invalidated.")
                }
                location = found
                // A frozen object's location is set when it is made and only read after: other
                // threads may be reading it (`placeFrozen`).
                if frozenReads == nil {
                    state.rowLocation = found
                    state.rowEpoch = epoch
                    state.rowPinned = session == nil ? store.directory.pinned[found.start] : nil
                }
            }
            let value = try store.read(start: location.start, row: location.row, column)
            return filterDeletedLinks(value, column)
        } catch {
            preconditionFailure("Reading \(state.rowTable.className).\(column.property.name) failed: \(error)")
        }
    }

    /// Links (and mixed links) to objects deleted earlier in this write transaction read as absent.
    func filterDeletedLinks(_ value: StoredValue, _ column: ColumnBinding) -> StoredValue {
        guard column.type == .object || column.type == .any, let session, !session.deleted.isEmpty else { return value }
        return LinkCleanup.cleaned(value, column, session.deleted) ?? value
    }

    func writeValue(_ state: ObjectBase, _ column: ColumnBinding, _ value: StoredValue) throws {
        guard session != nil else { throw RealmError.notInWriteTransaction }
        guard state.rowRealm === self else { throw RealmError.wrongRealm(state.rowTable.className) }
        guard !state.rowIsStale else { throw RealmError.objectDeleted(state.rowTable.className) }
        if column.property.isPrimary { throw RealmError.invalidValue("Primary key can't be changed after an object is inserted.") }
        try checkValue(value, for: column.property)
        let store = try table(state.rowTable)
        var value = value
        if column.collection == .set { value = setWrittenWhole(value, over: try store.read(state.rowKey, column), column) }
        let old = try store.update(state.rowKey, column, value)
        try deleteOrphanedEmbedded(column, old: old, new: value)
        session!.changeset.append(.set(className: state.rowTable.className, key: state.rowKey, property: column.property.columnName, value: value))
        if let sync = activeSyncRecorder { try recordSyncSet(state.rowTable, state.rowKey, column, old: old, new: value, sync) }
    }

    /// Embedded objects a link property no longer references are deleted: they have no
    /// other owner.
    func deleteOrphanedEmbedded(_ column: ColumnBinding, old: StoredValue, new: StoredValue) throws {
        guard column.type == .object, let session, let target = column.property.objectClassName,
              let tb = binding(named: target), tb.isEmbedded, old != new else { return }
        func keys(_ v: StoredValue) -> Set<UInt64> {
            switch v {
            case .link(let k): [k]
            case .collection(let items): Set(items.compactMap { if case .link(let k) = $0 { k } else { nil } })
            default: []
            }
        }
        for k in keys(old).subtracting(keys(new)) where try table(tb).exists(k) { try deleteRow(tb, k, session) }
    }

    func checkValue(_ value: StoredValue, for property: Property) throws {
        if value.isNull && property.isRequiredValue { throw Self.requiredValueError(property) }
    }

    /// The error for nil given to `property`, which requires a value.
    static func requiredValueError(_ property: Property) -> RealmError {
        RealmError.invalidValue("property '\(property.name)' is required and cannot be nil")
    }
}
