/// How commits reach stable storage.
public enum Durability: Sendable, Equatable {
    /// Every commit is on stable storage when `commit()` returns (fdatasync; F_FULLFSYNC on
    /// Apple platforms). One sync per commit. The default.
    case full
    /// Commits are crash-consistent but synced at most once per `interval` seconds (and when
    /// the store closes or ``Store/sync()`` is called). A power loss may lose the commits of the
    /// last interval; it never damages the file.
    case relaxed(interval: Double = 1.0)
    /// Nothing is synced. Used for in-memory stores; a crash loses everything.
    case none
}

/// Options for opening a ``Store``.
///
/// ```swift
/// var options = StorageOptions()
/// options.pageSize = 16_384             // only used when the file is created
/// options.durability = .relaxed()
/// let store = try Store(path: "app.fief", options: options)
/// ```
public struct StorageOptions: Sendable, Equatable {
    /// Page size for a new file: a power of two from 512 to 65,536 bytes. An existing file keeps
    /// the page size it was created with.
    public var pageSize: Int = 4096
    /// See ``Durability``.
    public var durability: Durability = .full
    /// Open without writing: no commits, and the file must exist.
    public var readOnly = false
    /// The most versions that may be live at once, counted from the oldest version a reader
    /// still holds to the newest commit. A commit that would exceed it fails with
    /// ``StorageError/tooManyActiveVersions(active:maximum:)`` instead of letting the file grow
    /// without bound behind a long-lived reader.
    public var maximumActiveVersions: UInt64 = 10_000
    /// Verify page checksums on first read. Turning this off is only for fuzzing the structure
    /// checks behind them; structural checks always run.
    public var verifyChecksums = true
    /// The 64-byte key of an encrypted store, or nil for an unencrypted one. A new file is
    /// created encrypted when a key is given; an existing file must be opened with the key it
    /// was created with (``StorageError/wrongEncryptionKey(path:)``), and an unencrypted file
    /// without one. Every page is encrypted and authenticated with AES-256-GCM (FORMAT.md,
    /// "Encryption"). Keep the key out of the file system.
    public var encryptionKey: [UInt8]?
    /// Bytes of decrypted pages an encrypted store keeps in memory, shared by its readers
    /// (default 64 MiB). Unused for unencrypted stores, which read in place from the map.
    public var decryptedPageCacheSize = 64 << 20

    /// The most pages a write commit moves out of the file's top region while much of the file
    /// is free (tail relocation, FORMAT.md section 7): copies into lower free pages, so that
    /// the tail can be truncated and the file shrinks without ``Store/compact(path:options:)``.
    /// Default 256 (1 MiB of 4 KiB pages); 0 turns relocation off. Only commits of a file of
    /// which more than a quarter is reusable pay for it.
    public var tailRelocationPagesPerCommit = 256

    /// Open a damaged file to read what is left (`fief salvage`): when no version passes
    /// recovery (FORMAT.md section 9), open the newest version whose meta page is intact anyway.
    /// Reading a damaged page then throws ``StorageError/corruptPage(page:reason:)`` for that
    /// read only. Requires ``readOnly``.
    public var opensDamagedNewestVersion = false

    /// The defaults: 4 KiB pages, full durability, read-write, 10,000 active versions.
    public init() {}

    func validated() throws(StorageError) -> StorageOptions {
        guard pageSize >= Layout.minimumPageSize, pageSize <= Layout.maximumPageSize, pageSize & (pageSize - 1) == 0 else {
            throw .invalidOption("page size \(pageSize) is not a power of two between 512 and 65536")
        }
        guard maximumActiveVersions >= 1 else { throw .invalidOption("maximumActiveVersions must be at least 1") }
        if let key = encryptionKey, key.count != DerivedKeys.masterKeyLength {
            throw .invalidEncryptionKey(length: key.count)
        }
        guard !opensDamagedNewestVersion || readOnly else {
            throw .invalidOption("opensDamagedNewestVersion needs a read-only open: a damaged file is never written")
        }
        guard tailRelocationPagesPerCommit >= 0 else { throw .invalidOption("tailRelocationPagesPerCommit must not be negative") }
        guard decryptedPageCacheSize >= 0 else { throw .invalidOption("decryptedPageCacheSize must not be negative") }
        guard !opensDamagedNewestVersion || readOnly else {
            throw .invalidOption("opensDamagedNewestVersion needs a read-only open: a damaged file is never written")
        }
        if case let .relaxed(interval) = durability, !(interval >= 0) {
            throw .invalidOption("relaxed sync interval must be zero or more seconds")
        }
        return self
    }
}
