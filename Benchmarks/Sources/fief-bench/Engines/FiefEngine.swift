import FiefStorage

/// FiefStorage, used through its public API with default options except for durability (and,
/// for the encrypted variant, a fixed 64-byte encryption key).
struct FiefEngine: Engine {
    /// Whether stores are encrypted (`StorageOptions.encryptionKey`), to measure what it costs.
    var encrypted = false
    var name: String { encrypted ? "Fief-encrypted" : "Fief" }

    /// The decrypted-page cache of the encrypted variant: large enough for the full run's store.
    static let encryptedCacheSize = 1 << 30

    /// The one tree every benchmark store holds.
    static let treeName = "kv"

    func settings(probeDirectory: String) throws -> [String] {
        let defaults = StorageOptions()
        let store = try Store(path: "\(probeDirectory)/probe.fief", options: options(StoreSetup()))
        if encrypted {
            return [
                "as Fief, with a 64-byte `encryptionKey`: every page AES-256-GCM encrypted and authenticated; "
                    + "decrypted-page cache \(Self.encryptedCacheSize >> 30) GiB (default \(defaults.decryptedPageCacheSize >> 20) MiB), "
                    + "so warm reads hit it; page size \(store.pageSize) B",
            ]
        }
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
        let store = try FiefStore(path: Self.path(in: directory), options: options(setup))
        try store.createTree()
        return store
    }

    func open(in directory: String, _ setup: StoreSetup) throws -> any KVStore {
        try FiefStore(path: Self.path(in: directory), options: options(setup))
    }

    func storeFiles(in directory: String) -> [String] {
        [Self.path(in: directory)]
    }

    private static func path(in directory: String) -> String {
        "\(directory)/store.fief"
    }

    private func options(_ setup: StoreSetup) -> StorageOptions {
        var options = StorageOptions()
        if encrypted {
            options.encryptionKey = (0..<64).map { UInt8($0) }
            options.decryptedPageCacheSize = Self.encryptedCacheSize
        }
        options.durability = setup.commitMode == .durable ? .full : .relaxed()
        return options
    }
}
