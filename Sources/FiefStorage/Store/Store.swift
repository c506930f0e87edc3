#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFiefShims

/// A FiefStorage store: a file (or an in-memory space) of named B+trees with MVCC transactions.
///
/// Any number of read transactions run at once, each on a consistent snapshot; one write
/// transaction at a time changes the store, and its commit is atomic and crash-safe. Every
/// `Store` opened on the same file in a process shares one coordinator. Other processes may
/// open the file at the same time, to read and to write: they coordinate through a lock file
/// beside it (`<path>.lock`), write one at a time, and each reader keeps its snapshot.
///
/// ```swift
/// let store = try Store(path: "/var/lib/app/data.fief")
/// try store.write { txn in
///     try txn.createTree("kv").put(Array("greeting".utf8), Array("hello".utf8))
/// }
/// let value = try store.read { txn in try txn.tree("kv")?.get(Array("greeting".utf8)) }
/// ```
public final class Store: Sendable {
    let env: Environment
    /// Whether this handle refuses write transactions.
    public let isReadOnly: Bool

    /// Opens the store file at `path`, creating it unless `options.readOnly` is set.
    public init(path: String, options: StorageOptions = StorageOptions()) throws {
        let options = try options.validated()
        guard options.durability != .none else {
            throw StorageError.invalidOption("durability .none is for in-memory stores; use .relaxed() for a file")
        }
        isReadOnly = options.readOnly
        env = try Registry.shared.environment(forPath: path, options: options)
    }

    /// Opens (or joins) the in-memory store named `identifier`. It lives while any handle to it
    /// is open and is discarded with the last one.
    public init(inMemoryIdentifier identifier: String, options: StorageOptions = StorageOptions()) throws {
        var options = try options.validated()
        options.durability = .none
        options.readOnly = false
        isReadOnly = false
        env = try Registry.shared.environment(forMemory: identifier, options: options)
    }

    /// Opens a store on a caller-supplied file implementation (for example a fault-injecting
    /// one in tests). The caller is responsible for exclusive access.
    public init(file: StorageFile, options: StorageOptions = StorageOptions()) throws {
        let options = try options.validated()
        isReadOnly = options.readOnly
        env = try Environment(file: file, options: options, create: true)
    }

    /// Opens a store on `file` that shares it through the lock file beside `path`, as a store in
    /// another process would (for tests: two such stores in one process behave as two processes).
    init(file: StorageFile, options: StorageOptions, sharingThroughLockFileOf path: String) throws {
        let options = try options.validated()
        guard let sharing = try ProcessSharing.join(storePath: path) else {
            throw StorageError.invalidOption("cannot make a lock file beside \(path)")
        }
        isReadOnly = options.readOnly
        env = try Environment(file: file, options: options, create: true, sharing: sharing)
    }

    /// The page size of the file.
    public var pageSize: Int { env.physicalPageSize }

    /// Whether the store is encrypted (opened with ``StorageOptions/encryptionKey``).
    public var isEncrypted: Bool { env.encryption != nil }

    /// The id of the newest committed version, by this process or (in a shared file) another.
    public var latestVersion: UInt64 {
        max(env.latestSnapshot.meta.txnID, env.sharing?.latestTxnID ?? 0)
    }

    /// Begins a read transaction on the newest version. End it with `abort()` (or let it go).
    public func beginRead() throws -> Transaction {
        try Transaction(env: env, writable: false)
    }

    /// Begins the write transaction, waiting while another is in progress.
    public func beginWrite() throws -> Transaction {
        if isReadOnly { throw StorageError.readOnly }
        return try Transaction(env: env, writable: true)
    }

    /// Runs `body` in a read transaction.
    public func read<R>(_ body: (Transaction) throws -> R) throws -> R {
        let txn = try beginRead()
        defer { txn.abort() }
        return try body(txn)
    }

    /// Runs `body` in a write transaction and commits it; rolls back if `body` throws.
    @discardableResult
    public func write<R>(_ body: (Transaction) throws -> R) throws -> R {
        let txn = try beginWrite()
        do {
            let result = try body(txn)
            try txn.commit()
            return result
        } catch {
            txn.abort()
            throw error
        }
    }

    /// Makes every commit so far durable (useful with ``Durability/relaxed(interval:)``). The
    /// store does this by itself when its last handle closes.
    public func sync() throws {
        try env.syncAndSeal()
    }
}

/// Process-wide table of open environments, so that every handle on one file shares one.
final class Registry: @unchecked Sendable {
    static let shared = Registry()
    private let lock = Lock()
    private var files: [String: WeakEnvironment] = [:]
    private var memory: [String: WeakEnvironment] = [:]

    private struct WeakEnvironment { weak var env: Environment? }

    func environment(forPath path: String, options: StorageOptions) throws -> Environment {
        try lock.withLock {
            var attempts = 0
            while true {
                let file = try PosixFile(path: path, readOnly: options.readOnly, create: !options.readOnly)
                let identity = try Registry.identity(of: file, path: path)
                if let existing = files[identity]?.env {
                    try Registry.check(existing, accepts: options, path: path)
                    return existing
                }
                guard let sharing = try ProcessSharing.join(storePath: path) else {
                    // No lock file can be made here: use the file alone, as before processes
                    // could share it (FORMAT.md, section 11).
                    if fief_try_lock(file.descriptor, 1) != 0 {
                        if errno == EWOULDBLOCK { throw StorageError.fileLocked(path: path) }
                        throw StorageError.io(operation: "lock", path: path, errno: errno)
                    }
                    let env = try Environment(file: file, options: options, create: !options.readOnly)
                    files[identity] = WeakEnvironment(env: env)
                    return env
                }
                // A shared flock keeps out processes that use the file alone (above, or older
                // builds of Fief).
                if fief_try_lock(file.descriptor, 0) != 0 {
                    if errno == EWOULDBLOCK { throw StorageError.fileLocked(path: path) }
                    throw StorageError.io(operation: "lock", path: path, errno: errno)
                }
                // A compaction may have renamed a new file over the path since it was opened.
                var current = stat()
                if stat(path, &current) != 0 || "\(current.st_dev):\(current.st_ino)" != identity {
                    attempts += 1
                    if attempts < 100 { continue }
                    throw StorageError.fileLocked(path: path)
                }
                let env = try Environment(file: file, options: options, create: !options.readOnly, sharing: sharing)
                files[identity] = WeakEnvironment(env: env)
                return env
            }
        }
    }

    private static func identity(of file: PosixFile, path: String) throws -> String {
        var info = stat()
        guard fstat(file.descriptor, &info) == 0 else { throw StorageError.io(operation: "fstat", path: path, errno: errno) }
        return "\(info.st_dev):\(info.st_ino)"
    }

    /// Whether a handle with `options` may share the coordinator already open in this process.
    private static func check(_ existing: Environment, accepts options: StorageOptions, path: String) throws {
        if existing.options.readOnly && !options.readOnly {
            throw StorageError.invalidOption("\(path) is already open read-only in this process")
        }
        // The shared coordinator holds the key: a handle must present the same one.
        switch (existing.options.encryptionKey, options.encryptionKey) {
        case (nil, nil): break
        case (nil, _?): throw StorageError.notEncrypted(path: path)
        case (_?, nil): throw StorageError.encryptionKeyRequired(path: path)
        case let (held?, given?): if held != given { throw StorageError.wrongEncryptionKey(path: path) }
        }
    }

    /// Whether the file at `path` is open in this process.
    func isOpen(path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return lock.withLock { files["\(info.st_dev):\(info.st_ino)"]?.env != nil }
    }

    func environment(forMemory identifier: String, options: StorageOptions) throws -> Environment {
        try lock.withLock {
            if let existing = memory[identifier]?.env { return existing }
            let env = try Environment(file: PosixFile(anonymousNamed: identifier), options: options, create: true)
            memory[identifier] = WeakEnvironment(env: env)
            return env
        }
    }
}
