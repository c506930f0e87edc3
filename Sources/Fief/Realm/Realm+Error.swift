import FiefStorage
import Foundation

extension Realm {
    /// The error opening a realm and its file operations (`writeCopy`, `deleteFiles`) throw,
    /// with RealmSwift's codes so that RealmSwift's `catch` clauses work unchanged.
    ///
    /// ```swift
    /// do {
    ///     let realm = try Realm()
    /// } catch Realm.Error.schemaMismatch {
    ///     print("the models changed: raise schemaVersion and add a migration")
    /// } catch let error as Realm.Error {
    ///     print("cannot open (\(error.code)): \(error)")
    /// }
    /// ```
    ///
    /// ``reason`` keeps Fief's detailed ``RealmError`` (which property differs, which page is
    /// damaged...), and ``description`` is its message.
    public struct Error: Swift.Error, Equatable, CustomStringConvertible, CustomNSError, LocalizedError {
        /// RealmSwift's error codes (`RLMError`), with the same raw values.
        public enum Code: Int, Sendable, Hashable {
            /// A general failure to open a realm.
            case fail = 1
            /// A file could not be read or written.
            case fileAccess = 2
            /// The process may not open or create the file.
            case filePermissionDenied = 3
            /// A file was to be written where one already exists.
            case fileExists = 4
            /// A file (or the directory to write a copy in) does not exist.
            case fileNotFound = 5
            /// The file needs a format upgrade that is not allowed (read-only opening).
            case fileFormatUpgradeRequired = 6
            /// Another process holds the file in a way this one cannot share.
            case incompatibleLockFile = 8
            /// There was not enough address space to map the file.
            case addressSpaceExhausted = 9
            /// The models differ from the file's schema and no migration was requested.
            case schemaMismatch = 10
            /// The operation cannot be done on a file that is open.
            case alreadyOpen = 12
            /// An input value (a configuration, a key) is invalid.
            case invalidInput = 13
            /// The disk had no room for the write.
            case outOfDiskSpace = 14
            /// Another process opened the file in an incompatible mode.
            case incompatibleSession = 15
            /// The file's format version is not supported by this build.
            case unsupportedFileFormatVersion = 16
            /// A synchronized realm is open in more than one process.
            case multipleSyncAgents = 17
            /// The server rejected a subscription.
            case subscriptionFailed = 18
            /// A file operation failed with no more specific code.
            case fileOperationFailed = 19
            /// The file is not a valid realm: damaged, another format, or the wrong key.
            case invalidDatabase = 20
            /// A local realm was opened as a synced one, or the reverse.
            case incompatibleHistories = 21
            /// Objects were written to a flexible sync realm without a subscription for them.
            case noSubscriptionForWrite = 22

            /// Lets `catch Realm.Error.fileNotFound { ... }` match a thrown ``Realm/Error`` by code.
            public static func ~= (code: Code, error: any Swift.Error) -> Bool {
                (error as? Realm.Error)?.code == code
            }
        }

        /// What kind of failure this is.
        public let code: Code
        /// Fief's detailed error, when the failure came from Fief (nil for errors made with
        /// ``init(_:userInfo:)``).
        public let reason: RealmError?
        /// The file which produced this error, or nil if not applicable.
        public let fileURL: URL?
        private let message: String

        /// An error with `code`; `userInfo` may give a message (`NSLocalizedDescriptionKey`)
        /// and a path (`NSFilePathErrorKey`), as for RealmSwift's errors.
        ///
        /// ```swift
        /// let error = Realm.Error(.fileNotFound, userInfo: [NSFilePathErrorKey: "/tmp/gone.realm"])
        /// ```
        public init(_ code: Code, userInfo: [String: Any] = [:]) {
            self.code = code
            reason = nil
            fileURL = (userInfo[NSFilePathErrorKey] as? String).map { URL(fileURLWithPath: $0) }
            message = userInfo[NSLocalizedDescriptionKey] as? String ?? "The operation failed (Realm error \(code.rawValue))."
        }

        init(code: Code, reason: RealmError, path: String?) {
            self.code = code
            self.reason = reason
            fileURL = path.map { URL(fileURLWithPath: $0) }
            message = reason.description
        }

        /// The error a completion handler reports when a call produced neither a result nor an error.
        public static let callFailed = Realm.Error(.fail, userInfo: [NSLocalizedDescriptionKey: "Call failed"])

        /// The error's message.
        public var description: String { message }
        /// The error's message.
        public var errorDescription: String? { message }
        /// RealmSwift's error domain, `io.realm`.
        public static var errorDomain: String { "io.realm" }
        /// The code's raw value.
        public var errorCode: Int { code.rawValue }
        /// The message (`NSLocalizedDescriptionKey`) and, when there is one, the file's path
        /// (`NSFilePathErrorKey`).
        public var errorUserInfo: [String: Any] {
            var info: [String: Any] = [NSLocalizedDescriptionKey: message]
            if let fileURL { info[NSFilePathErrorKey] = fileURL.path }
            return info
        }
        /// As ``errorUserInfo``, under RealmSwift's name.
        public var userInfo: [String: Any] { errorUserInfo }
    }
}

extension Realm.Error {
    // The codes as members of the error type, so that `catch Realm.Error.fileNotFound`
    // and `error.code == Realm.Error.fileNotFound` read as in RealmSwift.
    /// ``Code/fail``.
    public static var fail: Code { .fail }
    /// ``Code/fileAccess``.
    public static var fileAccess: Code { .fileAccess }
    /// ``Code/filePermissionDenied``.
    public static var filePermissionDenied: Code { .filePermissionDenied }
    /// ``Code/fileExists``.
    public static var fileExists: Code { .fileExists }
    /// ``Code/fileNotFound``.
    public static var fileNotFound: Code { .fileNotFound }
    /// ``Code/fileFormatUpgradeRequired``.
    public static var fileFormatUpgradeRequired: Code { .fileFormatUpgradeRequired }
    /// ``Code/incompatibleLockFile``.
    public static var incompatibleLockFile: Code { .incompatibleLockFile }
    /// ``Code/addressSpaceExhausted``.
    public static var addressSpaceExhausted: Code { .addressSpaceExhausted }
    /// ``Code/schemaMismatch``.
    public static var schemaMismatch: Code { .schemaMismatch }
    /// ``Code/alreadyOpen``.
    public static var alreadyOpen: Code { .alreadyOpen }
    /// ``Code/invalidInput``.
    public static var invalidInput: Code { .invalidInput }
    /// ``Code/outOfDiskSpace``.
    public static var outOfDiskSpace: Code { .outOfDiskSpace }
    /// ``Code/incompatibleSession``.
    public static var incompatibleSession: Code { .incompatibleSession }
    /// ``Code/unsupportedFileFormatVersion``.
    public static var unsupportedFileFormatVersion: Code { .unsupportedFileFormatVersion }
    /// ``Code/multipleSyncAgents``.
    public static var multipleSyncAgents: Code { .multipleSyncAgents }
    /// ``Code/subscriptionFailed``.
    public static var subscriptionFailed: Code { .subscriptionFailed }
    /// ``Code/fileOperationFailed``.
    public static var fileOperationFailed: Code { .fileOperationFailed }
    /// ``Code/invalidDatabase``.
    public static var invalidDatabase: Code { .invalidDatabase }
    /// ``Code/incompatibleHistories``.
    public static var incompatibleHistories: Code { .incompatibleHistories }
    /// ``Code/noSubscriptionForWrite``.
    public static var noSubscriptionForWrite: Code { .noSubscriptionForWrite }
}
