import FiefQueryLanguage
import FiefStorage
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Realm.Error {
    /// `error` (thrown while opening a realm or copying or deleting its files) as a
    /// `Realm.Error` with RealmSwift's code for it when it is Fief's own; `path` is the realm's
    /// file, if it has one. Other errors pass unchanged: those of a migration block are the
    /// app's, and a synced realm's are `SyncError`s with codes of their own.
    static func wrapping(_ error: Swift.Error, path: String?) -> Swift.Error {
        if error is Realm.Error { return error }
        guard let reason = RealmError.wrap(error) as? RealmError else { return error }
        let (code, file) = codeAndPath(reason)
        return Realm.Error(code: code, reason: reason, path: file ?? path)
    }

    /// RealmSwift's code for `reason`, and the file it names if it names one.
    private static func codeAndPath(_ reason: RealmError) -> (Code, String?) {
        switch reason {
        case .schemaMismatch, .destructiveSyncedSchemaChange: (.schemaMismatch, nil)
        case .invalidConfiguration: (.invalidInput, nil)
        case .storage(let storage): codeAndPath(storage)
        default: (.fail, nil)
        }
    }

    private static func codeAndPath(_ storage: StorageError) -> (Code, String?) {
        switch storage {
        case .corruptPage, .tooManyActiveVersions, .readOnly, .keyTooLarge, .valueTooLarge, .noSuchTree,
             .transactionClosed:
            (.fail, nil)
        case .corruptFile(let path, _), .damagedVersion(let path, _, _, _), .wrongEncryptionKey(let path),
             .encryptionKeyRequired(let path), .notEncrypted(let path):
            (.invalidDatabase, path)
        case .fileLocked(let path): (.incompatibleLockFile, path)
        case .diskFull(let path): (.outOfDiskSpace, path)
        case .unsupportedFormatVersion: (.unsupportedFileFormatVersion, nil)
        case .invalidOption, .invalidEncryptionKey: (.invalidInput, nil)
        case .needsReopen(let path): (.fileAccess, path)
        case .fileExists(let path): (.fileExists, path)
        case .io(_, let path, let errno): (code(errno: errno), path)
        }
    }

    /// The code RealmSwift gives a failed system call's `errno`.
    private static func code(errno: Int32) -> Code {
        switch errno {
        case EACCES, EPERM, EROFS: .filePermissionDenied
        case ENOENT, ENOTDIR: .fileNotFound
        case EEXIST: .fileExists
        case ENOMEM: .addressSpaceExhausted
        case ENOSPC, EDQUOT, EFBIG: .outOfDiskSpace
        default: .fileAccess
        }
    }
}
