#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A per-process scratch directory for the stores the harnesses open. It lives on /dev/shm when
/// there is one (fsync is free there), else in /tmp, and is removed when the process exits.
public enum Scratch {
    /// The directory, created on first use.
    public static let directory: String = {
        let parent = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
        let path = "\(parent)/fief-fuzz-\(getpid())"
        mkdir(path, 0o700)
        atexit { Scratch.removeAll() }
        return path
    }()

    /// A path inside the scratch directory.
    public static func path(_ name: String) -> String { "\(directory)/\(name)" }

    /// Removes the file at `path` if it exists.
    public static func remove(_ path: String) { unlink(path) }

    /// Replaces the file at `path` with `bytes` (same inode when it already exists).
    public static func write(_ bytes: UnsafeRawBufferPointer, to path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        precondition(fd >= 0, "cannot create scratch file \(path): errno \(errno)")
        defer { close(fd) }
        var done = 0
        while done < bytes.count {
            let n = posixWrite(fd, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 && errno == EINTR { continue }
            precondition(n > 0, "cannot write scratch file \(path): errno \(errno)")
            done += n
        }
    }

    /// Reads a whole file (for replaying inputs without libFuzzer); nil when it cannot be read.
    public static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { posixRead(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return nil }
            if n == 0 { return out }
            out.append(contentsOf: chunk[0..<n])
        }
    }

    private static func removeAll() {
        guard let dir = opendir(directory) else { return }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { unlink("\(directory)/\(name)") }
        }
        closedir(dir)
        rmdir(directory)
    }
}

/// `write(2)`, reachable where `Scratch.write` shadows it.
private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }

/// `read(2)`, reachable where `Scratch.read` shadows it.
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
