import FiefStorage

/// FiefStorage, used through its public API with default options except for durability.
struct FiefEngine: Engine {
    let name = "Fief"

    /// The one tree every benchmark store holds.
    static let treeName = "kv"

    func settings(probeDirectory: String) throws -> [String] {
        let defaults = StorageOptions()
        let store = try Store(path: "\(probeDirectory)/probe.fief", options: Self.options(StoreSetup()))
        return [
            "page size \(store.pageSize) B (default); one tree named \"\(Self.treeName)\"; one file per store",
            "durable: `Durability.full` (one fdatasync per commit); non-durable: `Durability.relaxed()` "
                + "(crash-consistent, synced at most once per second)",
            "maximumActiveVersions \(defaults.maximumActiveVersions) (default), verifyChecksums \(defaults.verifyChecksums) (default)",
            "puts via `Tree.put(UnsafeRawBufferPointer, UnsafeRawBufferPointer)`, gets via `Tree.withValue(forKey:)` "
                + "(zero copy), scans via `Tree.forEach`",
        ]
    }

    func create(in directory: String, _ setup: StoreSetup) throws -> any KVStore {
        let store = try FiefStore(path: Self.path(in: directory), options: Self.options(setup))
        try store.createTree()
        return store
    }

    func open(in directory: String, _ setup: StoreSetup) throws -> any KVStore {
        try FiefStore(path: Self.path(in: directory), options: Self.options(setup))
    }

    func storeFiles(in directory: String) -> [String] {
        [Self.path(in: directory)]
    }

    private static func path(in directory: String) -> String {
        "\(directory)/store.fief"
    }

    private static func options(_ setup: StoreSetup) -> StorageOptions {
        var options = StorageOptions()
        options.durability = setup.commitMode == .durable ? .full : .relaxed()
        return options
    }
}
