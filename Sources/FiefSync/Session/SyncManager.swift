import Foundation

/// Process-wide sync settings, as Realm's `SyncManager`.
///
/// ```swift
/// SyncManager.shared.errorHandler = { error, session in
///     print("sync error \(error) on \(session?.realmURL.absoluteString ?? "?")")
/// }
/// ```
public final class SyncManager: @unchecked Sendable {
    /// The one instance.
    public static let shared = SyncManager()
    private let lock = NSLock()
    private var handler: (@Sendable (SyncError, SyncSession?) -> Void)?

    /// Called with every sync error of every session (after the configuration's own
    /// `errorHandler`), on no particular thread.
    public var errorHandler: (@Sendable (SyncError, SyncSession?) -> Void)? {
        get { lock.lock(); defer { lock.unlock() }; return handler }
        set { lock.lock(); handler = newValue; lock.unlock() }
    }
}

/// The type of `SyncManager.shared.errorHandler` and `SyncConfiguration.errorHandler`: called
/// with each sync error and the session it came from.
public typealias ErrorReportingBlock = @Sendable (SyncError, SyncSession?) -> Void
