#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFiefShims

/// The file operations FiefStorage performs. The engine reads committed pages through a
/// read-only memory map and writes with positioned writes; nothing else touches the bytes.
///
/// `PosixFile` is the real implementation. Tests supply their own (for example one that drops
/// unsynced writes to simulate a power loss) through ``Store/init(file:options:)``.
public protocol StorageFile: AnyObject, Sendable {
    /// A name for error messages.
    var path: String { get }
    /// The current length in bytes.
    func size() throws -> UInt64
    /// Reads up to `buffer.count` bytes at `offset`; returns how many were read (short at the end).
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: UInt64) throws -> Int
    /// Writes all of `bytes` at `offset`, extending the file when needed.
    func write(_ bytes: UnsafeRawBufferPointer, at offset: UInt64) throws
    /// Makes every completed write durable.
    func sync() throws
    /// Sets the file's length.
    func truncate(to size: UInt64) throws
    /// Maps the first `length` bytes read-only. `length` may exceed the file's size; the engine
    /// never touches bytes past the end of the file.
    func map(length: Int) throws -> MappedRegion
}

extension StorageFile {
    /// Writes consecutive buffers starting at `offset`, one `write(_:at:)` each. (A vectored
    /// `pwritev` was measured slower for small commits on Linux/ext4, so none is used.)
    public func write(chunks: [UnsafeRawBufferPointer], at offset: UInt64) throws {
        var position = offset
        for chunk in chunks {
            try write(chunk, at: position)
            position += UInt64(chunk.count)
        }
    }
}

/// A read-only memory mapping, unmapped when the last reference goes away.
public final class MappedRegion: @unchecked Sendable {
    /// The first mapped byte.
    public let base: UnsafeRawPointer
    /// Mapped length in bytes.
    public let length: Int
    private let unmap: @Sendable (UnsafeRawPointer, Int) -> Void

    /// Wraps a mapping; `unmap` releases it.
    public init(base: UnsafeRawPointer, length: Int, unmap: @escaping @Sendable (UnsafeRawPointer, Int) -> Void) {
        self.base = base
        self.length = length
        self.unmap = unmap
    }

    deinit { unmap(base, length) }

    /// Tells the kernel whether a page fault in this map may read the pages around the one
    /// faulted (its read-around, `MADV_NORMAL`) or only that page (`MADV_RANDOM`). Read-around
    /// suits scans; on a cold file it makes a point read fetch up to the device's read-ahead
    /// size (8 MiB on some virtual disks) per fault.
    public func adviseReadAround(_ readAround: Bool) {
        _ = madvise(UnsafeMutableRawPointer(mutating: base), length, readAround ? MADV_NORMAL : MADV_RANDOM)
    }

    /// Asks the kernel to start reading `count` bytes at `offset` (a multiple of the page
    /// size), so that touching them next takes one read instead of one fault per page.
    public func adviseWillNeed(offset: Int, count: Int) {
        guard offset >= 0, count > 0, offset + count <= length else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base + offset), count, MADV_WILLNEED)
    }
}

/// A file on disk (or an anonymous in-memory file) accessed with POSIX calls.
public final class PosixFile: StorageFile {
    /// The path given when opening, or `memory:NAME` for an anonymous file.
    public let path: String
    let descriptor: Int32
    private let syncs: Bool

    /// Opens (creating when `create`) the file at `path`.
    public init(path: String, readOnly: Bool, create: Bool) throws {
        self.path = path
        var flags = readOnly ? O_RDONLY : O_RDWR
        if create && !readOnly { flags |= O_CREAT }
        flags |= O_CLOEXEC
        let fd = open(path, flags, 0o644)
        guard fd >= 0 else { throw StorageError.io(operation: "open", path: path, errno: errno) }
        descriptor = fd
        syncs = true
        #if os(Linux)
        // The few reads made with read calls (meta pages, recovery) are random: no read-ahead
        // (pages are read through the map, whose policy is `MappedRegion.adviseReadAround`).
        _ = posix_fadvise(fd, 0, 0, Int32(POSIX_FADV_RANDOM))
        // An open reads the file's first 64 KiB first (the meta pages, and the head pages that
        // hold the roots of its trees): start that read now, so that on a cold file it overlaps
        // the read of the lock file that the open makes before.
        _ = posix_fadvise(fd, 0, off_t(Layout.maximumPageSize), Int32(POSIX_FADV_WILLNEED))
        #endif
    }

    /// An anonymous file that lives in memory and vanishes when closed.
    public init(anonymousNamed name: String) throws {
        path = "memory:\(name)"
        var fd = fief_memfd_create(name)
        if fd < 0 {
            // No memfd (non-Linux): an unlinked temporary file serves the same purpose.
            var template = Array("/tmp/fief-memory-XXXXXX".utf8CString)
            fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { throw StorageError.io(operation: "create in-memory file", path: path, errno: errno) }
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        }
        descriptor = fd
        syncs = false
    }

    deinit { close(descriptor) }

    /// See ``StorageFile``.
    public func size() throws -> UInt64 {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw StorageError.io(operation: "fstat", path: path, errno: errno) }
        return UInt64(info.st_size)
    }

    /// See ``StorageFile``.
    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: UInt64) throws -> Int {
        var done = 0
        while done < buffer.count {
            let n = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset) + off_t(done))
            if n < 0 {
                if errno == EINTR { continue }
                throw StorageError.io(operation: "read", path: path, errno: errno)
            }
            if n == 0 { break }
            done += n
        }
        return done
    }

    /// See ``StorageFile``.
    public func write(_ bytes: UnsafeRawBufferPointer, at offset: UInt64) throws {
        var done = 0
        while done < bytes.count {
            let n = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset) + off_t(done))
            if n < 0 {
                if errno == EINTR { continue }
                if errno == ENOSPC || errno == EDQUOT || errno == EFBIG { throw StorageError.diskFull(path: path) }
                throw StorageError.io(operation: "write", path: path, errno: errno)
            }
            done += n
        }
    }

    /// See ``StorageFile``.
    public func sync() throws {
        guard syncs else { return }
        guard fief_full_sync(descriptor) == 0 else { throw StorageError.io(operation: "sync", path: path, errno: errno) }
    }

    /// See ``StorageFile``.
    public func truncate(to size: UInt64) throws {
        guard ftruncate(descriptor, off_t(size)) == 0 else {
            throw StorageError.io(operation: "truncate", path: path, errno: errno)
        }
    }

    /// See ``StorageFile``.
    public func map(length: Int) throws -> MappedRegion {
        guard let address = mmap(nil, length, PROT_READ, MAP_SHARED, descriptor, 0), address != MAP_FAILED else {
            throw StorageError.io(operation: "mmap", path: path, errno: errno)
        }
        return MappedRegion(base: UnsafeRawPointer(address), length: length) { base, length in
            munmap(UnsafeMutableRawPointer(mutating: base), length)
        }
    }

    /// Syncs the directory holding `path`, so a newly created file's name is durable too.
    static func syncDirectory(of path: String) {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let fd = open(directory.isEmpty ? "/" : directory, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }
}
