import FiefStorage
import Foundation

/// Opening store files for the inspecting commands, with messages that say what to do.
enum StoreAccess {
    /// Opens the store at `path` read-only (it is never created or changed).
    ///
    /// Throws a ``CommandFailure`` that names the file when it is missing, is not a Fief store,
    /// was written by a newer version of Fief, or is locked by another process.
    static func openReadOnly(_ path: String, options: StorageOptions = StorageOptions()) throws -> Store {
        try checkIsFile(path)
        var options = options
        options.readOnly = true
        do {
            return try Store(path: path, options: options)
        } catch let error as StorageError {
            throw CommandFailure(explain(error, path: path))
        }
    }

    /// Throws a ``CommandFailure`` unless `path` names an existing file (not a directory).
    static func checkIsFile(_ path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CommandFailure("\(path): no such file")
        }
        guard !isDirectory.boolValue else { throw CommandFailure("\(path) is a directory, not a Fief store file") }
    }

    /// A sentence about `error` that names the file `path`.
    static func explain(_ error: StorageError, path: String) -> String {
        switch error {
        case let .corruptFile(_, reason):
            return "\(path) is not a Fief store, or its header is damaged (\(reason))"
        case .damagedVersion:
            return "cannot open \(path): \(error)"
        case .unsupportedFormatVersion:
            return "cannot open \(path): \(error); a newer version of fief may read it"
        case .fileLocked:
            return "\(error); close the program using it and try again"
        default:
            return "cannot open \(path): \(error)"
        }
    }
}
