import FiefStorage
import Foundation

/// The process-wide owner of one realm file (or in-memory realm): the storage handle every
/// `Realm` instance on it shares, and the changesets of its recent commits.
final class RealmCoordinator: @unchecked Sendable {
    let identity: String
    let store: Store
    private let lock = NSLock()
    private var changesets: [(base: UInt64, version: UInt64, changeset: Changeset)] = []
    private var realms: [RealmEntry] = []
    /// Writers of this file in this process take turns through this queue.
    let writeQueue = WriteQueue()
    /// Cluster starts per class for recent versions, so a new transaction need not scan.
    let directories = DirectoryCache()
    /// Commits by other processes, watched while an actor-isolated realm is open on the file.
    private var otherProcesses: CommitObservation?

    /// The configuration of the last synced realm opened on the file: when an app's last realm
    /// closes, its sync agent hears of it even if that realm was opened without one (read-only).
    private var syncedConfiguration: Realm.Configuration?

    /// Registrations made so far: tells a realm's entry from one that a later realm at the
    /// same address made.
    private var registrations: UInt64 = 0

    /// A live realm instance on this file and how to reach its isolation. The realm leaves
    /// the list in its `deinit` (`unregister`), so the reference is valid under `lock`.
    private struct RealmEntry {
        let realm: UnretainedReference<Realm>
        let registration: UInt64
        let actor: (any Actor)?
        let queue: DispatchQueue?
        /// Whether an app opened it: not a sync session's own instance
        /// (``Realm/isSessionsOwnInstance``).
        let isAppRealm: Bool
    }

    private init(identity: String, store: Store) {
        self.identity = identity
        self.store = store
        Logger.emit(.detail, "Opened realm \(identity)")
    }

    deinit {
        Logger.emit(.detail, "Closed realm \(identity)")
    }

    /// How many recent changesets are kept in memory for observers.
    static let retainedChangesets = 64

    /// Keeps the changeset of the commit that turned version `base` into `version`.
    func recordCommit(base: UInt64, version: UInt64, _ changeset: Changeset) {
        lock.lock(); defer { lock.unlock() }
        changesets.append((base, version, changeset))
        if changesets.count > Self.retainedChangesets { changesets.removeFirst(changesets.count - Self.retainedChangesets) }
    }

    /// The changesets committed after `version`, oldest first.
    func changesets(after version: UInt64) -> [Changeset] {
        lock.lock(); defer { lock.unlock() }
        return changesets.filter { $0.version > version }.map(\.changeset)
    }

    /// What changed between two versions, or nil when some of the changesets in between are
    /// no longer kept (observers then treat everything as possibly changed).
    func changeSummary(from: UInt64, to: UInt64) -> ChangeSummary? {
        lock.lock(); defer { lock.unlock() }
        var chain: [Changeset] = []
        var version = to
        while version != from {
            guard let entry = changesets.last(where: { $0.version == version }) else { return nil }
            chain.append(entry.changeset)
            version = entry.base
        }
        return ChangeSummary(chain.reversed())
    }

    // MARK: Live realms

    /// Records a live realm; one isolated to an actor or confined to a queue (`queue`) will
    /// be told of other realms' commits there.
    func register(_ realm: Realm, actor: (any Actor)?, queue: DispatchQueue? = nil) {
        let removed = removeEntries(of: realm)
        lock.lock()
        registrations += 1
        realms.append(RealmEntry(realm: UnretainedReference(realm), registration: registrations, actor: actor, queue: queue,
                                 isAppRealm: !realm.isSessionsOwnInstance))
        if realm.configuration.syncAgent != nil { syncedConfiguration = realm.configuration }
        if (actor != nil || queue != nil) && otherProcesses == nil {
            otherProcesses = store.observeCommitsByOtherProcesses { [weak self] in self?.announceCommit(except: nil) }
        }
        lock.unlock()
        // Released after the lock (see `unregister`).
        withExtendedLifetime(removed) {}
    }

    /// After a commit, every other realm on the file isolated to an actor or confined to a
    /// queue advances and gets its notifications on its own actor or queue (unless its
    /// `autorefresh` is off). The committing realm delivers its own at once; realms confined
    /// to a thread advance when they refresh or write. A commit by another process
    /// (`committer` nil) reaches every such realm of this process.
    func announceCommit(except committer: Realm?) {
        lock.lock()
        let targets = realms.filter { entry in
            (entry.actor != nil || entry.queue != nil) && !(committer.map(entry.realm.refers(to:)) ?? false)
        }
        lock.unlock()
        for entry in targets {
            let delivery = Delivery(coordinator: self, reference: entry.realm, registration: entry.registration)
            if let actor = entry.actor {
                Task { await RealmCoordinator.deliver(on: actor, delivery) }
            } else if let queue = entry.queue {
                queue.async { delivery.realm()?.deliverNotifications() }
            }
        }
    }

    private static func deliver(on actor: isolated any Actor, _ delivery: Delivery) {
        delivery.realm()?.deliverNotifications()
    }

    /// A commit's news on its way to a realm's actor or queue, which does not keep the realm
    /// alive (a realm gone by the time it arrives gets nothing), nor the file open: the
    /// coordinator is referenced weakly (the registry's weak references gave it a side table
    /// already).
    private struct Delivery: Sendable {
        weak var coordinator: RealmCoordinator?
        let reference: UnretainedReference<Realm>
        let registration: UInt64
        func realm() -> Realm? { coordinator?.liveRealm(reference, registration) }
    }

    /// The realm of a registration, if it is still registered and alive.
    private func liveRealm(_ realm: UnretainedReference<Realm>, _ registration: UInt64) -> Realm? {
        lock.lock(); defer { lock.unlock() }
        guard realms.contains(where: { $0.registration == registration }) else { return nil }
        return realm.load()
    }

    /// Takes a realm off the list (its `deinit`). When it was the last realm an app had open
    /// on a synced file, the file's sync agent hears of it (``RealmSyncAgent/appRealmsDidClose(_:)``).
    func unregister(_ realm: Realm) {
        let removed = removeEntries(of: realm)
        lock.lock()
        let appRealmsLeft = realms.contains { $0.isAppRealm }
        let synced = realm.configuration.syncAgent != nil ? realm.configuration : syncedConfiguration
        lock.unlock()
        // Released after the lock: an entry's actor or queue may be the last thing keeping a
        // realm alive, and that realm's deinit takes the lock.
        withExtendedLifetime(removed) {}
        if !appRealmsLeft, removed.contains(where: \.isAppRealm), let synced, let agent = synced.syncAgent {
            agent.appRealmsDidClose(synced)
        }
    }

    /// Takes `realm`'s entries off the list and returns them, to be released after the lock.
    private func removeEntries(of realm: Realm) -> [RealmEntry] {
        lock.lock(); defer { lock.unlock() }
        let removed = realms.filter { $0.realm.refers(to: realm) }
        realms.removeAll { $0.realm.refers(to: realm) }
        return removed
    }

    /// Whether an app has a realm instance open on the file (a sync session's own aside).
    var hasAppRealms: Bool {
        lock.lock(); defer { lock.unlock() }
        return realms.contains { $0.isAppRealm }
    }

    // MARK: Registry

    private static let registry = CoordinatorRegistry()

    static func get(_ configuration: Realm.Configuration) throws -> RealmCoordinator {
        try registry.get(configuration)
    }

    fileprivate static func open(_ configuration: Realm.Configuration) throws -> RealmCoordinator {
        let options = configuration.storageOptions
        let store: Store
        if let id = configuration.inMemoryIdentifier {
            store = try Store(inMemoryIdentifier: id, options: options)
        } else {
            guard let url = configuration.fileURL else { throw RealmError.invalidConfiguration("neither fileURL nor inMemoryIdentifier is set") }
            if let seed = configuration.seedFilePath, !FileManager.default.fileExists(atPath: url.path) {
                try FileManager.default.copyItem(at: seed, to: url)
            }
            if let shouldCompact = configuration.shouldCompactOnLaunch, !options.readOnly,
               FileManager.default.fileExists(atPath: url.path) {
                // As in RealmSwift, a file another process has open is not compacted.
                do { try compactIfAsked(url.path, options, shouldCompact) } catch StorageError.fileLocked {}
            }
            store = try Store(path: url.path, options: options)
        }
        return RealmCoordinator(identity: configuration.storeIdentity, store: store)
    }
}

/// Asks `shouldCompact` with the file's total and used bytes, and compacts when it says so.
private func compactIfAsked(_ path: String, _ options: StorageOptions, _ shouldCompact: (Int, Int) -> Bool) throws {
    let info = try Store(path: path, options: options).info()
    let total = Int(info.fileSize)
    let used = Int((info.pageCount - info.freePages) * UInt64(info.pageSize))
    guard shouldCompact(total, used) else { return }
    let report = try Store.compact(path: path, options: options)
    Logger.emit(.info, "Compacted \(path) on launch: \(report.sizeBefore) -> \(report.sizeAfter) bytes")
}

/// Coordinators by identity, held weakly so the file closes when its last realm goes.
private final class CoordinatorRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var coordinators: [String: WeakCoordinator] = [:]

    private struct WeakCoordinator { weak var value: RealmCoordinator? }

    func get(_ configuration: Realm.Configuration) throws -> RealmCoordinator {
        lock.lock(); defer { lock.unlock() }
        let id = configuration.storeIdentity
        if let existing = coordinators[id]?.value { return existing }
        let coordinator: RealmCoordinator
        if coordinators[id] != nil {
            // This process had the file open: its last coordinator may still be closing its
            // store (the weak reference clears before the store releases the file's lock).
            coordinator = try openWhenReleased(configuration)
        } else {
            coordinator = try RealmCoordinator.open(configuration)
        }
        coordinators[id] = WeakCoordinator(value: coordinator)
        return coordinator
    }

    /// Opens the store, waiting (at most 2 s) for a closing coordinator of this process to
    /// release the file's lock.
    private func openWhenReleased(_ configuration: Realm.Configuration) throws -> RealmCoordinator {
        for _ in 0..<200 {
            do { return try RealmCoordinator.open(configuration) } catch StorageError.fileLocked {
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
        return try RealmCoordinator.open(configuration)
    }

    func isOpen(_ identity: String) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return coordinators[identity]?.value != nil
    }

    /// The coordinator of `identity`, if the file is open in this process.
    func existing(_ identity: String) -> RealmCoordinator? {
        lock.lock(); defer { lock.unlock() }
        return coordinators[identity]?.value
    }
}

extension RealmCoordinator {
    static func isOpen(_ configuration: Realm.Configuration) -> Bool { registry.isOpen(configuration.storeIdentity) }

    /// Whether an app has a realm instance of `configuration`'s file open in this process.
    static func hasAppRealms(_ configuration: Realm.Configuration) -> Bool {
        registry.existing(configuration.storeIdentity)?.hasAppRealms ?? false
    }
}

/// The cluster starts of each class at recent versions of one file. A version's clusters
/// never change, so any transaction reading that version may use them; a committing writer
/// records the starts its transaction ended with under the version it created.
final class DirectoryCache: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: (version: UInt64, starts: [UInt64])] = [:]

    func starts(_ className: String, version: UInt64) -> [UInt64]? {
        lock.lock(); defer { lock.unlock() }
        guard let entry = entries[className], entry.version == version else { return nil }
        return entry.starts
    }

    func store(_ className: String, version: UInt64, starts: [UInt64]) {
        lock.lock(); defer { lock.unlock() }
        if let existing = entries[className], existing.version > version { return }
        entries[className] = (version, starts)
    }

    /// After the commit that turned `base` into `version`: classes the transaction changed
    /// get their new starts, dropped classes are forgotten, the others carry over.
    func advance(from base: UInt64, to version: UInt64, changed: [String: [UInt64]], dropped: Set<String>) {
        lock.lock(); defer { lock.unlock() }
        for (name, entry) in entries where entry.version == base && changed[name] == nil {
            entries[name] = (version, entry.starts)
        }
        for name in dropped { entries[name] = nil }
        for (name, starts) in changed where !dropped.contains(name) { entries[name] = (version, starts) }
    }
}
