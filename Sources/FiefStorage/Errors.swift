/// Errors raised by FiefStorage. Each case says what went wrong and, where it applies, where.
///
/// ```swift
/// do {
///     let store = try Store(path: "/tmp/data.fief")
/// } catch StorageError.fileLocked(let path) {
///     print("another process is using \(path)")
/// }
/// ```
public enum StorageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A page failed its checksum or holds a structure that cannot be valid.
    case corruptPage(page: UInt64, reason: String)
    /// The file as a whole cannot be read as a Fief store (no valid meta page, impossible sizes).
    case corruptFile(path: String, reason: String)
    /// The file is a Fief store, but a page of its newest durable version is damaged (it fails
    /// its checksum or cannot be read), and no older version is intact: later commits reused
    /// the older version's pages once this one was durable. The damage came after the commit
    /// (a torn write at power loss cannot cause it: the page was synced); restore the file
    /// from a backup.
    case damagedVersion(path: String, version: UInt64, page: UInt64, reason: String)
    /// Another process holds the file's lock.
    case fileLocked(path: String)
    /// The disk had no room for the commit (`ENOSPC`, `EDQUOT`, or `EFBIG` past the process's
    /// file-size limit). The commit was rolled back; the store is unchanged.
    case diskFull(path: String)
    /// The file was written by a newer (or unknown) format version. `supported` is the newest
    /// version this build reads (it reads every version from 1 up to it).
    case unsupportedFormatVersion(found: UInt32, supported: UInt32)
    /// Readers pin too many versions; commit refused so the file does not grow without bound.
    case tooManyActiveVersions(active: UInt64, maximum: UInt64)
    /// A write was attempted on a store or transaction opened read-only.
    case readOnly
    /// A key longer than the store allows for its page size.
    case keyTooLarge(length: Int, maximum: Int)
    /// A value longer than the format can hold.
    case valueTooLarge(length: Int, maximum: Int)
    /// A tree name that does not exist, where one was required.
    case noSuchTree(name: String)
    /// An invalid option when creating or opening a store.
    case invalidOption(String)
    /// The transaction was already committed or aborted.
    case transactionClosed
    /// An operating-system call failed.
    case io(operation: String, path: String, errno: Int32)
    /// An earlier I/O failure left the in-memory state uncertain; close and reopen the store.
    case needsReopen(path: String)
    /// A copy's destination already exists.
    case fileExists(path: String)
    /// The encryption key is not 64 bytes long.
    case invalidEncryptionKey(length: Int)
    /// The file is encrypted with a different key (its meta pages are intact, the key check
    /// fails). Not a sign of damage.
    case wrongEncryptionKey(path: String)
    /// The file is encrypted and no key was given.
    case encryptionKeyRequired(path: String)
    /// A key was given but the file is not encrypted.
    case notEncrypted(path: String)

    /// A sentence that says what went wrong and where.
    public var description: String {
        switch self {
        case let .corruptPage(page, reason):
            return "corrupt page \(page): \(reason)"
        case let .corruptFile(path, reason):
            return "corrupt store file \(path): \(reason)"
        case let .damagedVersion(path, version, page, reason):
            return "page \(page) of \(path) is damaged (\(reason)); it belongs to version \(version), the newest durable "
                + "commit, and no older version is intact: restore the file from a backup"
        case let .fileLocked(path):
            return "the store \(path) is locked by another process"
        case let .diskFull(path):
            return "no space left on the device holding \(path); the commit was rolled back"
        case let .unsupportedFormatVersion(found, supported):
            return "file format version \(found) is not supported (this build reads versions 1 to \(supported))"
        case let .tooManyActiveVersions(active, maximum):
            return "too many active versions (\(active), maximum \(maximum)): a long-lived reader pins old data; end it or raise the maximum"
        case .readOnly:
            return "the store or transaction is read-only"
        case let .keyTooLarge(length, maximum):
            return "key of \(length) bytes exceeds the maximum of \(maximum) bytes for this page size"
        case let .valueTooLarge(length, maximum):
            return "value of \(length) bytes exceeds the maximum of \(maximum) bytes"
        case let .noSuchTree(name):
            return "no tree named '\(name)'"
        case let .invalidOption(message):
            return "invalid option: \(message)"
        case .transactionClosed:
            return "the transaction was already committed or aborted"
        case let .io(operation, path, errno):
            return "\(operation) failed on \(path): \(String(cString: strerror(errno))) (errno \(errno))"
        case let .needsReopen(path):
            return "an earlier I/O failure on \(path) left the store in an uncertain state; close and reopen it"
        case let .fileExists(path):
            return "\(path) already exists"
        case let .invalidEncryptionKey(length):
            return "an encryption key must be 64 bytes long, not \(length)"
        case let .wrongEncryptionKey(path):
            return "the store \(path) is encrypted with a different key"
        case let .encryptionKeyRequired(path):
            return "the store \(path) is encrypted; open it with its encryption key"
        case let .notEncrypted(path):
            return "the store \(path) is not encrypted, but an encryption key was given"
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
