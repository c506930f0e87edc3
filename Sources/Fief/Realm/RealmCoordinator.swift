import FiefStorage
import Foundation

/// The process-wide owner of one realm file (or in-memory realm): the storage handle every
/// `Realm` instance on it shares, and the changesets of its recent commits.
final class RealmCoordinator: @unchecked Sendable {
    let identity: String
    let store: Store
    private let lock = NSLock()
    private var changesets: [(version: UInt64, changeset: Changeset)] = []

    private init(identity: String, store: Store) {
        self.identity = identity
        self.store = store
    }

    /// How many recent changesets are kept in memory for observers.
    static let retainedChangesets = 64

    func recordCommit(version: UInt64, _ changeset: Changeset) {
        lock.lock(); defer { lock.unlock() }
        changesets.append((version, changeset))
        if changesets.count > Self.retainedChangesets { changesets.removeFirst(changesets.count - Self.retainedChangesets) }
    }

    /// The changesets committed after `version`, oldest first.
    func changesets(after version: UInt64) -> [Changeset] {
        lock.lock(); defer { lock.unlock() }
        return changesets.filter { $0.version > version }.map(\.changeset)
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
            store = try Store(path: url.path, options: options)
        }
        return RealmCoordinator(identity: configuration.storeIdentity, store: store)
    }
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
        let coordinator = try RealmCoordinator.open(configuration)
        coordinators[id] = WeakCoordinator(value: coordinator)
        return coordinator
    }

    func isOpen(_ identity: String) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return coordinators[identity]?.value != nil
    }
}

extension RealmCoordinator {
    static func isOpen(_ configuration: Realm.Configuration) -> Bool { registry.isOpen(configuration.storeIdentity) }
}
