#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a copy or compaction can be interrupted. Tests stop the work at each step to check that
/// a crash there leaves either no copy (or the old file) or a complete one, never a mix.
enum CopyStep: Sendable, CaseIterable {
    /// The temporary file exists and holds a first, partial commit.
    case copyStarted
    /// Every tree is copied and committed; the temporary file is closed.
    case copyWritten
    /// The temporary file is on stable storage.
    case copySynced
    /// The temporary file has its final name.
    case renamed
    /// The directory entry is on stable storage.
    case directorySynced
}

/// Called at each step; a test throws from it to simulate a crash there.
typealias CopyInterruption = (CopyStep) throws -> Void

extension Store {
    /// Writes a compacted copy of the newest version to a new file at `path`: every tree, in key
    /// order, into a fresh file with no free pages (beyond a few per 64 MiB of data). The copy
    /// keeps this store's page size and takes `options.encryptionKey` as its own: a key encrypts
    /// it (or re-keys an encrypted store), none writes it unencrypted. Its other options only
    /// matter when it is opened.
    ///
    /// The copy is written under a temporary name beside `path`, synced, renamed to `path`, and
    /// the directory synced, so a crash leaves either no file at `path` or a complete one (and at
    /// most a stale `path.fief-writing`, which the next copy removes). Fails with
    /// ``StorageError/fileExists(path:)`` if `path` exists.
    ///
    /// The newest version includes deferred-sync commits (``Transaction/commitDeferringSync()``)
    /// that may not be durable in this store yet; the copy is durable when this returns. Wait for
    /// their tickets first if the copy must not get ahead of what this store would recover.
    ///
    /// ```swift
    /// var options = StorageOptions()
    /// options.encryptionKey = newKey
    /// try store.writeCopy(toPath: "/var/lib/app/data-rekeyed.fief", options: options)
    /// ```
    public func writeCopy(toPath path: String, options: StorageOptions = StorageOptions()) throws {
        try writeCopy(toPath: path, options: options, replacing: false, interruption: nil)
    }

    /// See ``writeCopy(toPath:options:)``; `replacing` allows renaming over an existing file.
    func writeCopy(toPath path: String, options: StorageOptions, replacing: Bool,
                   interruption: CopyInterruption?) throws {
        var copyOptions = try options.validated()
        copyOptions.pageSize = pageSize
        copyOptions.readOnly = false
        copyOptions.durability = .relaxed(interval: .greatestFiniteMagnitude)
        if !replacing && access(path, F_OK) == 0 { throw StorageError.fileExists(path: path) }
        let temporary = path + ".fief-writing"
        if unlink(temporary) != 0 && errno != ENOENT { throw StorageError.io(operation: "unlink", path: temporary, errno: errno) }
        do {
            try read { source in try Store.copyTrees(of: source, toPath: temporary, options: copyOptions, interruption: interruption) }
            try interruption?(.copyWritten)
            try Store.syncFile(temporary)
            try interruption?(.copySynced)
            guard rename(temporary, path) == 0 else { throw StorageError.io(operation: "rename", path: temporary, errno: errno) }
            try interruption?(.renamed)
            PosixFile.syncDirectory(of: path)
            try interruption?(.directorySynced)
        } catch let error as StorageError {
            // A real failure: nothing at `path` was touched; drop the partial copy.
            unlink(temporary)
            throw error
        }
    }

    /// Copies every tree of `source` into a new store at `path`, committing every 64 MiB, and
    /// closes it synced and sealed.
    private static func copyTrees(of source: Transaction, toPath path: String, options: StorageOptions,
                                  interruption: CopyInterruption?) throws {
        // The copy is private until it is renamed: no lock file, no lock.
        let copy = try Store(file: PosixFile(path: path, readOnly: false, create: true), options: options)
        var txn = try copy.beginWrite()
        defer { txn.abort() }
        var pending = 0
        var interrupted = false
        for name in try source.treeNames() {
            guard let tree = try source.tree(name) else { continue }
            var target = try txn.createTree(name)
            try tree.forEach { key, value in
                try target.put(key, value)
                pending += key.count + value.count + 16
                if pending >= 64 << 20 {
                    try txn.commit()
                    if !interrupted {
                        interrupted = true
                        try interruption?(.copyStarted)
                    }
                    txn = try copy.beginWrite()
                    target = try txn.createTree(name)
                    pending = 0
                }
                return true
            }
        }
        try txn.commit()
        if !interrupted { try interruption?(.copyStarted) }
        try copy.sync()
    }

    /// fsync of the file at `path` (data and metadata), so a rename that follows publishes it whole.
    static func syncFile(_ path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw StorageError.io(operation: "open", path: path, errno: errno) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw StorageError.io(operation: "fsync", path: path, errno: errno) }
    }
}
