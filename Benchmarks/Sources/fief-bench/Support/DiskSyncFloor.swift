#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The fastest rate of durable commits the scratch disk allows when each commit makes one
/// 4 KiB page durable: a `pwrite` of one page followed by `fdatasync` (`F_FULLFSYNC` on Apple
/// platforms), with no database in between.
///
/// Any engine that makes every one-object commit durable on its own (no group commit) writes
/// at least one page and waits for one sync per commit, so its O8a figure cannot exceed this
/// floor's rate by much; O8a reports each engine's figure as a fraction of it. The pages are
/// overwritten in place in a file preallocated once (as a write-ahead log that is reused
/// after a checkpoint is), so the file's size never changes while the clock runs.
enum DiskSyncFloor {
    /// Pages the file cycles through.
    private static let pages = 256
    private static let pageSize = 4096

    /// Commits per second over `commits` page-write-and-sync rounds in a file created in
    /// `directory` (removed afterwards).
    static func commitsPerSecond(in directory: String, commits: Int) throws -> Double {
        let path = "\(directory)/disk-sync-floor"
        let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw BenchError.harness("cannot create \(path): errno \(errno)") }
        defer {
            close(descriptor)
            unlink(path)
        }
        let page = [UInt8](repeating: 0xA5, count: pageSize)
        func writePage(_ index: Int) throws {
            let written = page.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, pageSize, off_t(index * pageSize)) }
            guard written == pageSize else { throw BenchError.harness("write to \(path) failed: errno \(errno)") }
        }
        for index in 0..<pages { try writePage(index) }
        try sync(descriptor, path)
        return try Double(commits) / measureSeconds {
            for commit in 0..<commits {
                try writePage(commit % pages)
                try sync(descriptor, path)
            }
        }
    }

    private static func sync(_ descriptor: Int32, _ path: String) throws {
        #if canImport(Darwin)
        let result = fcntl(descriptor, F_FULLFSYNC)
        #else
        let result = fdatasync(descriptor)
        #endif
        guard result == 0 else { throw BenchError.harness("sync of \(path) failed: errno \(errno)") }
    }
}
