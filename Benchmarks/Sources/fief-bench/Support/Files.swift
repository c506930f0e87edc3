import Foundation

/// File facts the workloads check or report.
enum Files {
    /// Size in bytes of the file at `path`, or 0 when it does not exist.
    static func size(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// The regular files directly in `directory`, as paths.
    static func regularFiles(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted().map { "\(directory)/\($0)" }.filter {
            var info = stat()
            return stat($0, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        }
    }

    /// Syncs the file at `path` and drops its pages from the page cache
    /// (`posix_fadvise(POSIX_FADV_DONTNEED)`), so the next read of it goes to the disk.
    static func dropFromPageCache(_ path: String) throws {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw BenchError.harness("cannot open \(path): errno \(errno)") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw BenchError.harness("fsync \(path): errno \(errno)") }
        let status = posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED)
        guard status == 0 else { throw BenchError.harness("posix_fadvise \(path): error \(status)") }
    }

    /// Sum of the sizes of `paths`.
    static func totalSize(_ paths: [String]) -> Int {
        paths.reduce(0) { $0 + size($1) }
    }

    /// The paths among `paths` that this process still has open, found through `/proc/self/fd`.
    ///
    /// The open-time workload uses it to prove that closing a store really released its file, so
    /// the next open is a real open and not a cached handle. Empty where `/proc` does not exist.
    static func stillOpen(_ paths: [String]) -> [String] {
        guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return [] }
        let wanted = Set(paths.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path })
        var found: [String] = []
        for descriptor in descriptors {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)") else { continue }
            if wanted.contains(target) { found.append(target) }
        }
        return found
    }

    /// The type of the filesystem holding `path` (ext4, xfs, tmpfs, ...), from the longest
    /// matching mount point in `/proc/mounts`; "unknown" where that file does not exist.
    static func filesystemType(of path: String) -> String {
        guard let mounts = try? String(contentsOfFile: "/proc/mounts", encoding: .utf8) else { return "unknown" }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var best: (mountPoint: String, type: String)?
        for line in mounts.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 3 else { continue }
            let mountPoint = fields[1].replacingOccurrences(of: "\\040", with: " ")
            let inside = mountPoint == "/" || resolved == mountPoint || resolved.hasPrefix(mountPoint + "/")
            if inside && mountPoint.count >= (best?.mountPoint.count ?? -1) {
                best = (mountPoint, "\(fields[2]) on \(fields[0])")
            }
        }
        return best?.type ?? "unknown"
    }
}
