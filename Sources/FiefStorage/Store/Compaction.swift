#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file sizes before and after ``Store/compact(path:options:)``.
public struct CompactionReport: Sendable, Equatable {
    /// Bytes of the file before compaction.
    public var sizeBefore: UInt64
    /// Bytes of the compacted file.
    public var sizeAfter: UInt64
}

extension Store {
    /// Compacts the closed store file at `path` in place: writes a compacted copy beside it
    /// (see ``writeCopy(toPath:options:)``), syncs it, renames it over the original and syncs
    /// the directory. The original stays open, and locked against other processes, until the
    /// rename. A crash at any point leaves the old file or the new one at `path`, never neither
    /// and never a mix.
    ///
    /// `options` opens the file (give the encryption key of an encrypted store); the compacted
    /// file keeps the key and the page size. Fails with ``StorageError/invalidOption(_:)`` while
    /// the store is open in this process and ``StorageError/fileLocked(path:)`` while another
    /// process has it open.
    ///
    /// ```swift
    /// let report = try Store.compact(path: "/var/lib/app/data.fief")
    /// print("saved \(report.sizeBefore - report.sizeAfter) bytes")
    /// ```
    @discardableResult
    public static func compact(path: String, options: StorageOptions = StorageOptions()) throws -> CompactionReport {
        try compact(path: path, options: options, interruption: nil)
    }

    static func compact(path: String, options: StorageOptions, interruption: CopyInterruption?) throws -> CompactionReport {
        var options = try options.validated()
        options.readOnly = false
        if options.durability == .none { options.durability = .full }
        if Registry.shared.isOpen(path: path) {
            throw StorageError.invalidOption("\(path) is open in this process; close it before compacting")
        }
        let before = try fileSize(path)
        do {
            let source = try Store(path: path, options: options)
            // Another process must neither have the file open nor open it until the rename:
            // it would go on with the old file.
            if let sharing = source.env.sharing {
                try sharing.withoutOtherProcesses(storePath: path) {
                    // Once the new file is at the path, closing the old one must not publish its
                    // versions to processes that open the new one.
                    defer { if !source.env.isStillAt(path) { source.env.isRetired = true } }
                    try source.writeCopy(toPath: path, options: options, replacing: true, interruption: interruption)
                }
            } else {
                try source.writeCopy(toPath: path, options: options, replacing: true, interruption: interruption)
            }
        }
        return CompactionReport(sizeBefore: before, sizeAfter: try fileSize(path))
    }

    private static func fileSize(_ path: String) throws -> UInt64 {
        var info = stat()
        guard stat(path, &info) == 0 else { throw StorageError.io(operation: "stat", path: path, errno: errno) }
        return UInt64(info.st_size)
    }
}
